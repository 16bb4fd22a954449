/**
 * Benchmarks over the shm transport between two JVMs on one host, each beside a raw baseline of
 * the same run: the JMH process is rank 0 and starts rank 1 as a child JVM
 * ({@link io.rankwire.jmh.shm.ShmPartnerMain}); the same two processes also share a bare Agrona
 * ring pair mapped from {@code /dev/shm} ({@link io.rankwire.jmh.shm.RawRing}), so the runtime
 * and the floor can be interleaved between the same JVMs ({@link io.rankwire.jmh.shm.ShmVsRingBench}).
 */
package io.rankwire.jmh.shm;
