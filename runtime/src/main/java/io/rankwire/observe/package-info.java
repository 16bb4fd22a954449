/**
 * Observing a rank, a leaf: the JDK Flight Recorder events of the message path ({@link Flight}),
 * the one-line log format of {@code System.Logger} output when the JDK's own logging backs it
 * ({@link RankLogging}), and the JMX view of a rank's counters ({@link RankMBean}). Not API:
 * the runtime calls in here; users see JFR events, log lines and MBeans.
 *
 * <p>Imports nothing else of Rankwire.
 */
package io.rankwire.observe;
