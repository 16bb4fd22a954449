package io.rankwire.jmh.mpi;

import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.jmh.sim.InJvmPair;
import mpi.MPI;
import mpi.RankBinding;

/**
 * A vector datatype against the same bytes sent contiguously, in one run: a ping-pong of 1 Mi
 * doubles (8 MiB) each way between two ranks of this JVM through the {@code mpi} API, over
 * {@code sim} (inline) and {@code tcp} (loopback). {@code @OperationsPerInvocation} makes the
 * score bytes per second (both directions). JMH measures the layouts one after the other; on a
 * shared machine {@link MpiVectorBench} (interleaved, ratios per round) gives the steadier
 * ratios.
 *
 * <ul>
 *   <li>{@code contiguousArray}: {@code double[1Mi]} as {@code MPI.DOUBLE} (the baseline a user
 *       writes; Rankwire stages typed arrays through a byte buffer of its own);</li>
 *   <li>{@code contiguousDirect}: a direct {@code DoubleBuffer} as {@code MPI.DOUBLE} (no staging
 *       at all, the lowest-copy baseline);</li>
 *   <li>{@code vector}: every other double of a {@code double[2Mi]}, as
 *       {@code createVector(1Mi, 1, 2, MPI.DOUBLE)} on both sides (packed and unpacked on both);</li>
 *   <li>{@code vectorToContiguous}: rank 0 sends and receives the vector, rank 1 a contiguous
 *       {@code double[1Mi]} (one pack and one unpack per round trip).</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx2g",
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class MpiVectorBenchmark
{
    static final int BYTES_BOTH_WAYS = 2 * 8 * Sides.DOUBLES;
    private static final int DATA = 0;
    private static final int STOP = 1;

    @Param({"sim", "tcp"})
    public String transport;

    @Param({"contiguousArray", "contiguousDirect", "vector", "vectorToContiguous"})
    public String layout;

    private Rankwire[] ranks;
    private Thread partner;
    private final AtomicReference<Throwable> partnerFailure = new AtomicReference<>();
    private Sides mine;

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        RankwireConfig config = new RankwireConfig(new Properties()).transport(transport);
        if ("sim".equals(transport))
        {
            config = config.set("rankwire.sim.mode", "inline");
        }
        ranks = InJvmPair.startBoth(config);
        partner = new Thread(this::partnerLoop, "rank-1-echo");
        partner.setDaemon(true);
        partner.start();
        RankBinding.bind(ranks[0]);
        MPI.Init(new String[0]);
        mine = Sides.of(layout, true);
    }

    private void partnerLoop()
    {
        try
        {
            RankBinding.bind(ranks[1]);
            MPI.Init(new String[0]);
            final Sides s = Sides.of(layout, false);
            while (MPI.COMM_WORLD.recv(s.buf, s.count, s.type, 0, MPI.ANY_TAG).getTag() == DATA)
            {
                MPI.COMM_WORLD.send(s.buf, s.count, s.type, 0, DATA);
            }
            MPI.Finalize();
            ranks[1].close();
        }
        catch (final Throwable t)
        {
            partnerFailure.set(t);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        MPI.COMM_WORLD.send(mine.buf, mine.count, mine.type, 1, STOP);
        MPI.Finalize();
        ranks[0].close();
        partner.join(TimeUnit.SECONDS.toMillis(30));
        if (partnerFailure.get() != null)
        {
            throw new IllegalStateException("rank 1 failed", partnerFailure.get());
        }
    }

    /** One round trip: 8 MiB to rank 1 and 8 MiB back. */
    @Benchmark
    @OperationsPerInvocation(BYTES_BOTH_WAYS)
    public void pingPong()
    {
        MPI.COMM_WORLD.send(mine.buf, mine.count, mine.type, 1, DATA);
        MPI.COMM_WORLD.recv(mine.buf, mine.count, mine.type, 1, DATA);
    }
}
