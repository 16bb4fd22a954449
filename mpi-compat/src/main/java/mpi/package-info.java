/**
 * The Open MPI Java bindings API (package {@code mpi}, 4.1/5.0 signatures) over Rankwire, so that
 * existing Java MPI programs run unchanged without a native MPI. See docs/COMPATIBILITY.md.
 */
package mpi;
