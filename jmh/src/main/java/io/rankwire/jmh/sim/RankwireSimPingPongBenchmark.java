package io.rankwire.jmh.sim;

import java.util.concurrent.TimeUnit;

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

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.buffer.MessageBuffer;

/**
 * One-way latency of an 8-byte message through the full stack over {@code sim} (inline mode):
 * the benchmark thread is rank 0 and does a blocking {@code send} then a blocking {@code recv};
 * rank 1 echoes on a partner thread ({@code echo}: receiving with the exact tag, or ANY_TAG). One invocation is a round trip, and
 * {@code @OperationsPerInvocation(2)} makes JMH report half of it (the one-way latency) in
 * every mode, percentiles included. The partner is not a JMH thread, so JMH's iteration
 * boundaries never leave one side of the ping-pong waiting for a message that is not coming.
 * Compare with {@code RingPingPongBenchmark} from the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireSimPingPongBenchmark
{
    /** {@code on}: default TM-SRQ capabilities; {@code off}: {@code rankwire.sim.maxNumTags=0}. */
    @Param({"on", "off"})
    public String offload;

    /** {@code rankwire.idle} of both ranks. */
    @Param({"backoff"})
    public String idle;

    /**
     * How rank 1 receives: {@code exact} with rank 0's rank and the ping tag (osu_latency's
     * pattern), {@code anyTag} with ANY_TAG (a wildcard receive).
     */
    @Param({"exact"})
    public String echo;

    /** {@code rankwire.threads} of both ranks: {@code multiple} (engine lock) or {@code funneled} (none). */
    @Param({"multiple"})
    public String threads;

    private InJvmPair pair;
    private Comm world;
    private final MessageBuffer msg = Exchanges.directMessage(Exchanges.SMALL_BYTES);
    private final MutableStatus status = new MutableStatus();

    @Setup(Level.Trial)
    public void setUp()
    {
        pair = InJvmPair.start(SimSettings.of(offload, idle).set("rankwire.threads", threads),
            "anyTag".equals(echo) ? Exchanges.Role.ECHO_ANY : Exchanges.Role.ECHO);
        world = pair.rank0().world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        pair.close();
    }

    /** One 8-byte round trip with rank 1. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int simPingPong()
    {
        return Exchanges.pingPong(world, msg, status);
    }
}
