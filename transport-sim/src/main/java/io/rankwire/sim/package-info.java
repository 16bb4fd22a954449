/**
 * The {@code sim} transport: ranks as threads of one JVM, each with a simulated tag-matching NIC
 * (TM-SRQ with its list of tagged receives, completion queue, memory regions, RDMA-read, ordered
 * wires per pair), run inline or by a seeded discrete-event scheduler.
 *
 * <p>Imports only the runtime's {@code spi} and {@code proto} wire headers.
 */
package io.rankwire.sim;
