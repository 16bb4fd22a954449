package mpi;

import java.time.Duration;
import java.util.Map;
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

    /** Every transport (shm hosts in-JVM ranks too: its rings are files every rank maps) with 2, 3 (odd) and 4 ranks: a {@code @MethodSource("mpi.MpiJob#grid")} for (transport, ranks). */
    static Stream<Arguments> grid()
    {
        return Stream.of("sim", "tcp", "shm").flatMap(t -> Stream.of(2, 3, 4).map(n -> Arguments.of(t, n)));
    }

    static void run(final int n, final String transport, final Body body)
    {
        run(n, transport, Map.of(), body);
    }

    /** Like {@link #run(int, String, Body)} with extra {@code rankwire.*} settings. */
    static void run(final int n, final String transport, final Map<String, String> settings, final Body body)
    {
        LocalJob.run(n, transport, new RankwireConfig().setAll(settings), Duration.ofSeconds(30), rw ->
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
