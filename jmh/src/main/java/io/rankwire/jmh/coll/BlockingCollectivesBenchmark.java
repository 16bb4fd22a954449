package io.rankwire.jmh.coll;

import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.buffer.MessageBuffer;

/**
 * One blocking collective call per operation over {@code sim} (inline mode), every rank a thread
 * of this JVM: rank 0 is the benchmark thread, each other rank a thread that makes the same call
 * once for every call rank 0 starts (so all ranks stop after the same call when the trial ends).
 * The score is the time of rank 0's call; {@code -prof gc} gives the bytes all ranks allocate per
 * call ({@code gc.alloc.rate.norm}: every thread's allocation divided by rank 0's calls), and
 * after each iteration the benchmark prints the bytes the rank threads alone allocated per call
 * ({@code ThreadMXBean}), which no other thread of the JVM adds to (the machine's load does not
 * change it, where it can inflate {@code gc.alloc.rate.norm} by lengthening each call).
 *
 * <p>{@code bytes} is one rank's block (the whole vector of bcast, reduce, allReduce and scan);
 * {@code type} the element type; reductions use {@code Op.SUM}, rooted calls root 0. A large
 * all-reduce of {@code double[]} and {@code int[]} ({@code -p call=allReduce -p bytes=1048576 -p
 * type=double,int}) times the reduction kernels within a collective.
 *
 * <pre>
 *   bin/bench BlockingCollectivesBenchmark -prof gc
 *   bin/bench BlockingCollectivesBenchmark -p call=allReduce -p bytes=1048576 -p type=double,int
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class BlockingCollectivesBenchmark
{
    private static final long JOIN_MS = TimeUnit.SECONDS.toMillis(60);
    /** How long another rank spins for rank 0's next call before it yields between looks. */
    private static final long SPIN_NS = TimeUnit.MICROSECONDS.toNanos(50);

    @Param({"4"})
    public int ranks;

    @Param({"bcast", "reduce", "allReduce", "reduceScatterBlock", "scan", "gather", "scatter", "allGather", "allToAll"})
    public String call;

    @Param({"8"})
    public int bytes;

    @Param({"double"})
    public String type;

    /** Rank 0's calls so far; each other rank makes as many. */
    private final AtomicLong issued = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopping;
    private Thread[] others;
    /** Elements per rank block. */
    private int count;
    private Rankwire rank0;
    private Comm world0;
    private Object[] bufs0;
    /** The rank threads (rank 0's first), and their allocation and rank 0's calls when the iteration began. */
    private long[] rankThreads;
    private long allocatedAtStart;
    private long issuedAtStart;

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        final String jobId = "coll-bench-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(ranks);
        final RankwireConfig config = new RankwireConfig(new Properties())
            .transport("sim")
            .set("rankwire.sim.mode", "inline");
        count = Math.max(1, bytes / (type.equals("int") ? 4 : 8));
        final CountDownLatch started = new CountDownLatch(ranks - 1);
        others = new Thread[ranks - 1];
        for (int r = 1; r < ranks; r++)
        {
            final RankwireConfig c = config.copy().job(r, ranks, jobId, secret).bootstrap(bootstrap.forRank(r));
            others[r - 1] = new Thread(() -> follow(c, started), "rank-" + r);
            others[r - 1].setDaemon(true);
            others[r - 1].start();
        }
        rank0 = Rankwire.init(config.copy().job(0, ranks, jobId, secret).bootstrap(bootstrap.forRank(0)));
        world0 = rank0.world();
        bufs0 = buffers();
        started.await(JOIN_MS, TimeUnit.MILLISECONDS);
    }

    @Setup(Level.Iteration)
    public void beginIteration()
    {
        rankThreads = new long[ranks];
        rankThreads[0] = Thread.currentThread().getId();   // the benchmark thread, which runs iterations and their set-up
        for (int r = 1; r < ranks; r++)
        {
            rankThreads[r] = others[r - 1].getId();
        }
        issuedAtStart = issued.get();
        allocatedAtStart = allocated();
    }

    @TearDown(Level.Iteration)
    public void endIteration()
    {
        final long calls = issued.get() - issuedAtStart;
        System.out.printf(java.util.Locale.ROOT, "%nrank threads: %.1f B allocated per call (%d calls)%n",
            (double)(allocated() - allocatedAtStart) / Math.max(1, calls), calls);
    }

    /** Bytes the rank threads allocated so far. */
    private long allocated()
    {
        final long[] bytes = ((com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(rankThreads);
        long sum = 0;
        for (final long b : bytes)
        {
            sum += b;
        }
        return sum;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        stopping = true;
        rank0.close();   // returns once every rank closed, each after its last call
        for (final Thread t : others)
        {
            t.join(JOIN_MS);
        }
        if (failure.get() != null)
        {
            throw new IllegalStateException("a rank failed", failure.get());
        }
    }

    @Benchmark
    public Object collective()
    {
        issued.incrementAndGet();
        return run(world0, bufs0);
    }

    /** Another rank: the same call once for each of rank 0's, until rank 0 stops calling. */
    private void follow(final RankwireConfig config, final CountDownLatch started)
    {
        try (Rankwire rw = Rankwire.init(config))
        {
            final Comm world = rw.world();
            final Object[] bufs = buffers();
            started.countDown();
            long done = 0;
            long idleSince = 0;
            while (true)
            {
                if (done < issued.get())
                {
                    run(world, bufs);
                    done++;
                    idleSince = 0;
                }
                else if (stopping && done == issued.get())
                {
                    break;
                }
                else if (idleSince == 0)
                {
                    idleSince = System.nanoTime();
                }
                else if (System.nanoTime() - idleSince < SPIN_NS)
                {
                    Thread.onSpinWait();
                }
                else
                {
                    Thread.yield();
                }
            }
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
        }
    }

    /** This rank's send and receive buffers for {@link #call}. */
    private Object[] buffers()
    {
        switch (call)
        {
            case "bcast":
            case "reduce":
            case "allReduce":
            case "scan":
                return withDescriptors(array(count), array(count));
            case "gather":
            case "allGather":
                return withDescriptors(array(count), array(count * ranks));
            case "scatter":
            case "reduceScatterBlock":
                return withDescriptors(array(count * ranks), array(count));
            case "allToAll":
                return withDescriptors(array(count * ranks), array(count * ranks));
            default:
                throw new IllegalArgumentException("call : " + call +
                    " (expected: bcast, reduce, allReduce, reduceScatterBlock, scan, gather, scatter, allGather or allToAll)");
        }
    }

    /** The two arrays, then a descriptor of each, made once so that no timed call makes one. */
    private static Object[] withDescriptors(final Object send, final Object recv)
    {
        return new Object[] {send, recv, whole(send), whole(recv)};
    }

    private Object array(final int n)
    {
        switch (type)
        {
            case "double":
                return new double[n];
            case "int":
                return new int[n];
            default:
                throw new IllegalArgumentException("type : " + type + " (expected: double or int)");
        }
    }

    /** The whole of a {@code double[]} or {@code int[]} from {@link #array}. */
    private static MessageBuffer whole(final Object array)
    {
        return array instanceof double[] ? MessageBuffer.of((double[])array) : MessageBuffer.of((int[])array);
    }

    private Object run(final Comm c, final Object[] b)
    {
        final MessageBuffer send = (MessageBuffer)b[2];
        final MessageBuffer recv = (MessageBuffer)b[3];
        switch (call)
        {
            case "bcast":
                c.bcast(send, 0);
                break;
            case "reduce":
                c.reduce(send, recv, Op.SUM, 0);
                break;
            case "allReduce":
                c.allReduce(send, recv, Op.SUM);
                break;
            case "reduceScatterBlock":
                c.reduceScatterBlock(send, recv, Op.SUM);
                break;
            case "scan":
                c.scan(send, recv, Op.SUM);
                break;
            case "gather":
                c.gather(send, recv, 0);
                break;
            case "scatter":
                c.scatter(send, recv, 0);
                break;
            case "allGather":
                c.allGather(send, recv);
                break;
            default:
                c.allToAll(send, recv);
                break;
        }
        return b[1];
    }
}
