/** Benchmarks of the collectives' algorithm switches, each algorithm beside its alternative in the same run. */
package io.rankwire.jmh.coll;
