/**
 * Raw baselines measured in the same JMH run as the Rankwire benchmarks: an Agrona ring
 * ping-pong and windowed stream between two threads, a 4 MiB memory copy, and JDK
 * {@code SocketChannel} ping-pong and stream between two processes over loopback.
 */
package io.rankwire.jmh.baseline;
