package mpi;

import java.time.Duration;

import io.rankwire.LocalJob;
import io.rankwire.RankwireConfig;

/** Runs an {@code mpi} program on N in-JVM ranks: each rank thread is bound, initialized and finalized. */
final class MpiJob
{
    /** The code every rank runs between {@code MPI.Init} and {@code MPI.Finalize}. */
    @FunctionalInterface
    interface Body
    {
        void run(int rank) throws Exception;
    }

    private MpiJob()
    {
    }

    static void run(final int n, final String transport, final Body body)
    {
        LocalJob.run(n, transport, new RankwireConfig(), Duration.ofSeconds(30), rw ->
        {
            RankBinding.bind(rw);
            try
            {
                MPI.Init(new String[0]);
                body.run(MPI.COMM_WORLD.getRank());
                MPI.Finalize();
            }
            finally
            {
                RankBinding.unbind();
            }
        });
    }
}
