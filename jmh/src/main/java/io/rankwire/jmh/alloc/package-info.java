/**
 * What each point-to-point call form costs in allocation and time over the simulated NIC
 * (inline mode, one thread driving both ranks, so no thread hand-off hides the software cost):
 * blocking calls with {@code MutableStatus}, nonblocking {@code isend}/{@code irecv}, and
 * persistent requests. Run with {@code -prof gc} beside {@code RingOneThreadBenchmark}, the raw
 * Agrona ring on one thread (see docs/PERFORMANCE.md, "Allocation").
 */
package io.rankwire.jmh.alloc;
