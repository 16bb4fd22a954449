package io.rankwire.jmh.shm;

import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
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
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.sim.InJvmPair;

/**
 * The CPU cost of the full stack per 8-byte message over {@code shm}, without a second thread:
 * two ranks of this JVM wired up over one job directory, the benchmark thread driving both
 * (receive posted on one rank, blocking send from the other, receive completed; then back), as
 * {@code RankwireSimOneThreadBenchmark} does over {@code sim}. It separates what the software
 * of the runtime and the transport costs per message from what moving lines between cores and
 * waking a peer cost. Compare with {@link ShmTransportOneThreadBenchmark} (the transport alone)
 * and {@code RingOneThreadBenchmark} (the bare ring). Scores are per message.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ShmOneThreadBenchmark
{
    private static final int BYTES = 8;
    private static final int TAG = 1;

    /** {@code rankwire.shm.doorbell} of both ranks. */
    @Param({"socket"})
    public String doorbell;

    private Rankwire[] ranks;
    private Comm world0;
    private Comm world1;
    private final UnsafeBuffer buf0 = new UnsafeBuffer(new byte[BYTES]);
    private final UnsafeBuffer buf1 = new UnsafeBuffer(new byte[BYTES]);
    private final MessageBuffer msg0 = MessageBuffer.of(buf0, 0, BYTES);
    private final MessageBuffer msg1 = MessageBuffer.of(buf1, 0, BYTES);
    private final MutableStatus status = new MutableStatus();

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        ranks = InJvmPair.startBoth(new RankwireConfig(new Properties()).transport("shm")
            .set("rankwire.shm.doorbell", doorbell));
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
    public int postedReceive()
    {
        final Request there = world1.irecv(msg1, 0, TAG);
        world0.send(msg0, 1, TAG);
        there.await();
        final Request back = world0.irecv(msg0, 1, TAG);
        world1.send(msg1, 0, TAG);
        return back.await().bytes();
    }

    /** Blocking send from rank 0, blocking receive on rank 1 (the message already there); then back. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int sendThenRecv()
    {
        world0.send(msg0, 1, TAG);
        world1.recv(msg1, 0, TAG, status);
        world1.send(msg1, 0, TAG);
        return world0.recv(msg0, 1, TAG, status).bytes();
    }
}
