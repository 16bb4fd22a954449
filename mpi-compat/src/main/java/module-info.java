/**
 * The Open MPI Java bindings' API ({@code mpi}) over Rankwire, and the {@code mpirun} alias
 * ({@code java -m io.rankwire.mpi/io.rankwire.mpi.MpiRun}). Requires the runtime transitively:
 * {@code mpi.RankBinding} hands a {@code io.rankwire.Rankwire} across for mixing both APIs.
 */
module io.rankwire.mpi
{
    requires transitive io.rankwire; // RankBinding hands a Rankwire across
    requires io.rankwire.launcher;

    exports mpi;
}
