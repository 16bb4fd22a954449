/**
 * The {@code tcp} transport: one connection per pair of ranks, a Netty handshake that proves the
 * job secret, then frames carrying the wire headers; rendezvous by a READ request the sender
 * answers with the data.
 *
 * <p>Imports only the runtime's {@code spi} and {@code proto} wire headers.
 */
package io.rankwire.tcp;
