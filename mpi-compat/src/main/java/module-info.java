/**
 * The Open MPI Java bindings' API ({@code mpi}) over Rankwire, and the {@code mpirun} alias
 * ({@code java --add-modules io.rankwire.launcher -m io.rankwire.mpi/io.rankwire.mpi.MpiRun}).
 * Requires the runtime transitively: {@code mpi.RankBinding} hands a {@code io.rankwire.Rankwire}
 * across for mixing both APIs. The launcher is required only at compile time: ranks using
 * {@code mpi} never load it, and its Maven dependency is optional, so an application module that
 * {@code requires io.rankwire.mpi} resolves without it; {@code mpirun} needs it resolved.
 */
module io.rankwire.mpi
{
    requires transitive io.rankwire; // RankBinding hands a Rankwire across
    requires static io.rankwire.launcher; // only MpiRun, the launch side of mpirun

    exports mpi;
}
