/**
 * Runnable programs that show the Rankwire API. Each one is a {@code main} started on every
 * rank by the launcher, for example:
 *
 * <pre>
 * bin/rwrun -np 2 --transport sim -cp examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar:examples/target/lib/* \
 *     io.rankwire.examples.PingPong
 * </pre>
 *
 * {@code docs/EXAMPLES.md} describes each program, its arguments and its output.
 */
package io.rankwire.examples;
