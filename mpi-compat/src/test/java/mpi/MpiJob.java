package mpi;

import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.params.provider.Arguments;

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

    /** Every transport with 2, 3 (odd) and 4 ranks: a {@code @MethodSource("mpi.MpiJob#grid")} for (transport, ranks). */
    static Stream<Arguments> grid()
    {
        return Stream.of("sim", "tcp").flatMap(t -> Stream.of(2, 3, 4).map(n -> Arguments.of(t, n)));
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
