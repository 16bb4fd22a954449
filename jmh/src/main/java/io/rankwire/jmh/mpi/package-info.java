/**
 * Benchmarks of the Open MPI-compatible Java bindings ({@code mpi}, module {@code mpi-compat}),
 * each beside its baseline from the same run.
 */
package io.rankwire.jmh.mpi;
