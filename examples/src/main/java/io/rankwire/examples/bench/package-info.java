/**
 * OSU-style point-to-point benchmarks between ranks 0 and 1 ({@link io.rankwire.examples.bench.Latency},
 * {@link io.rankwire.examples.bench.Bandwidth}, {@link io.rankwire.examples.bench.BiBandwidth},
 * {@link io.rankwire.examples.bench.MessageRate}, {@link io.rankwire.examples.bench.Overlap}). Each
 * also measures a raw baseline between the same two ranks in the same run: a JDK
 * {@code SocketChannel} on {@code tcp}, an Agrona {@code OneToOneRingBuffer} pair on {@code sim}.
 */
package io.rankwire.examples.bench;
