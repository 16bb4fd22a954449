/** The launch side of {@code bin/mpirun}: Open MPI's command-line form translated to {@code rwrun}. */
package io.rankwire.mpi;
