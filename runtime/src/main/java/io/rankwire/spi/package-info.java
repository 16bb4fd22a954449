/**
 * The transport SPI, verbs-shaped: a {@link io.rankwire.spi.TransportProvider} found by
 * {@link java.util.ServiceLoader} opens a {@link io.rankwire.spi.Transport}, on which the runtime
 * posts sends, reads and (with an {@link io.rankwire.spi.OffloadPort}) tag-matching list
 * operations, and polls {@link io.rankwire.spi.Completion}s; plus the job
 * {@link io.rankwire.spi.Bootstrap} transports exchange addresses through.
 *
 * <p>The bottom layer: imports nothing of Rankwire. Transports import only this package and
 * {@code proto}'s wire headers.
 */
package io.rankwire.spi;
