/** Benchmarks of the matching engine as its queues grow. */
package io.rankwire.jmh.match;
