package io.rankwire.jmh.alloc;

import java.util.Properties;
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
import io.rankwire.PersistentRequest;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.Request;
import io.rankwire.jmh.sim.InJvmPair;

/**
 * One 8-byte message each way between two ranks over {@code sim} (inline mode), the benchmark
 * thread driving both ranks, in four call forms. Scores are per message (half a round trip);
 * {@code -prof gc} gives the bytes allocated per message ({@code gc.alloc.rate.norm} divided by
 * 2, or read per operation since every benchmark declares two operations per invocation).
 *
 * <ul>
 *   <li>{@code blocking}: {@code send}, then {@code recv(..., MutableStatus)} on the other rank;</li>
 *   <li>{@code nonblocking}: {@code irecv}, {@code isend}, {@code Request.waitAll(MutableStatus[], ...)};</li>
 *   <li>{@code nonblockingStatus}: the same completed by {@code await()}, which returns a {@code Status};</li>
 *   <li>{@code persistent}: a persistent receive and send bound once, {@code startAll} and
 *       {@code waitAll(MutableStatus[], ...)} every round.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class AllocationBenchmark
{
    private static final int BYTES = 8;
    private static final int TAG = 1;

    /** {@code on}: the NIC's default tag matching; {@code off}: {@code rankwire.sim.maxNumTags=0}. */
    @Param({"on", "off"})
    public String offload;

    private Rankwire[] ranks;
    private Comm world0;
    private Comm world1;
    private final byte[] buf0 = new byte[BYTES];
    private final byte[] buf1 = new byte[BYTES];
    private final MutableStatus status = new MutableStatus();
    private final MutableStatus[] statuses = {new MutableStatus(), new MutableStatus()};
    private final Request[] pair = new Request[2];
    private PersistentRequest[] there;
    private PersistentRequest[] back;

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        ranks = InJvmPair.startBoth(config(offload));
        world0 = ranks[0].world();
        world1 = ranks[1].world();
        there = new PersistentRequest[] {world1.recvInit(buf1, 0, BYTES, 0, TAG), world0.sendInit(buf0, 0, BYTES, 1, TAG)};
        back = new PersistentRequest[] {world0.recvInit(buf0, 0, BYTES, 1, TAG), world1.sendInit(buf1, 0, BYTES, 0, TAG)};
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        for (int i = 0; i < 2; i++)
        {
            there[i].close();
            back[i].close();
        }
        InJvmPair.closeBoth(ranks);
    }

    /** Blocking send, then the allocation-free blocking receive, each way. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int blocking()
    {
        world0.send(buf0, 0, BYTES, 1, TAG);
        world1.recv(buf1, 0, BYTES, 0, TAG, status);
        world1.send(buf1, 0, BYTES, 0, TAG);
        return world0.recv(buf0, 0, BYTES, 1, TAG, status).bytes();
    }

    /** irecv and isend each way, completed into reused statuses. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int nonblocking()
    {
        pair[0] = world1.irecv(buf1, 0, BYTES, 0, TAG);
        pair[1] = world0.isend(buf0, 0, BYTES, 1, TAG);
        Request.waitAll(statuses, pair);
        pair[0] = world0.irecv(buf0, 0, BYTES, 1, TAG);
        pair[1] = world1.isend(buf1, 0, BYTES, 0, TAG);
        Request.waitAll(statuses, pair);
        return statuses[0].bytes();
    }

    /** irecv and isend each way, completed by await() (a Status per request). */
    @Benchmark
    @OperationsPerInvocation(2)
    public int nonblockingStatus()
    {
        final Request r1 = world1.irecv(buf1, 0, BYTES, 0, TAG);
        world0.isend(buf0, 0, BYTES, 1, TAG).await();
        r1.await();
        final Request r0 = world0.irecv(buf0, 0, BYTES, 1, TAG);
        world1.isend(buf1, 0, BYTES, 0, TAG).await();
        return r0.await().bytes();
    }

    /** Persistent receive and send each way: startAll, then waitAll into reused statuses. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int persistent()
    {
        PersistentRequest.startAll(there);
        Request.waitAll(statuses, there);
        PersistentRequest.startAll(back);
        Request.waitAll(statuses, back);
        return statuses[0].bytes();
    }

    private static RankwireConfig config(final String offload)
    {
        final RankwireConfig c = new RankwireConfig(new Properties())
            .transport("sim")
            .set("rankwire.sim.mode", "inline")
            .set(RankwireConfig.IDLE_PROP, "spin");
        switch (offload)
        {
            case "on":
                return c;
            case "off":
                return c.set("rankwire.sim.maxNumTags", "0");
            default:
                throw new IllegalArgumentException("offload : " + offload + " (expected: on|off)");
        }
    }
}
