/**
 * Full-stack benchmarks over the TCP transport between two processes on loopback: the JMH
 * benchmark process is rank 0 and starts rank 1 as a child JVM ({@link
 * io.rankwire.jmh.tcp.TcpPartnerMain}) on the same class path; the two exchange addresses
 * through a two-rank bootstrap over one socket ({@link io.rankwire.jmh.tcp.SocketBootstrap}).
 */
package io.rankwire.jmh.tcp;
