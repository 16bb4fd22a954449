/**
 * Full-stack benchmarks over the simulated NIC (inline mode): two ranks as threads of the
 * benchmark JVM, the benchmark thread driving rank 0 against a partner thread running rank 1.
 * {@link io.rankwire.jmh.sim.Exchanges} holds both sides of every exchange; the TCP benchmarks
 * reuse it with the partner rank in another process.
 */
package io.rankwire.jmh.sim;
