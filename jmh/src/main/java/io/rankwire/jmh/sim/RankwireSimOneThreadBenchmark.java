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
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * The CPU cost of the full stack per 8-byte message over {@code sim} (inline mode), without any
 * hand-over between threads: the benchmark thread drives both ranks, posting the receive on
 * one rank, sending from the other, and completing the receive, then the same way back. It
 * separates what the software costs from what waking a second thread costs (which dominates
 * {@link RankwireSimPingPongBenchmark} on a busy machine). Compare with
 * {@code RingOneThreadBenchmark}. Scores are per message (half a round trip).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireSimOneThreadBenchmark
{
    /** {@code on}: default TM-SRQ capabilities; {@code off}: {@code rankwire.sim.maxNumTags=0}. */
    @Param({"on", "off"})
    public String offload;

    private Rankwire[] ranks;
    private Comm world0;
    private Comm world1;
    private final MessageBuffer msg0 = Exchanges.directMessage(Exchanges.SMALL_BYTES);
    private final MessageBuffer msg1 = Exchanges.directMessage(Exchanges.SMALL_BYTES);

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        ranks = InJvmPair.startBoth(SimSettings.of(offload, "spin"));
        world0 = ranks[0].world();
        world1 = ranks[1].world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        InJvmPair.closeBoth(ranks);
    }

    /** irecv on rank 1, send from rank 0, await; then the same from rank 1 to rank 0. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int simOneThreadRoundTrip()
    {
        final Request there = world1.irecv(msg1, 0, Exchanges.PING_TAG);
        world0.send(msg0, 1, Exchanges.PING_TAG);
        there.await();
        final Request back = world0.irecv(msg0, 1, Exchanges.PING_TAG);
        world1.send(msg1, 0, Exchanges.PING_TAG);
        return back.await().bytes();
    }
}
