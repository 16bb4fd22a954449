package io.rankwire.jmh.shm;

import java.io.IOException;
import java.util.Map;
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
import io.rankwire.buffer.MessageBuffer;

/**
 * One-way latency between two JVMs on one host, by message size: the benchmark thread is rank 0
 * and sends {@code size} bytes, then receives them back from rank 1, a child JVM
 * ({@link ShmPartnerMain}). {@code path=raw} is the floor: the same exchange over two bare Agrona
 * rings mapped from {@code /dev/shm} ({@link RawRing}, a busy-spinning echo); {@code heap} and
 * {@code shared} go through the whole runtime over the shm transport, with the message in a
 * {@code byte[]} (rendezvous in two copies) or in a buffer of {@code Rankwire.allocate} (one
 * copy) on both sides. One invocation is a round trip; {@code @OperationsPerInvocation(2)} makes
 * every figure, percentiles included, a one-way latency.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ShmPingPongBenchmark
{
    /** Message size in bytes. */
    @Param({"8", "1024", "16384", "65536", "1048576", "4194304"})
    public int size;

    /** {@code raw} (bare rings), {@code heap} or {@code shared} (Rankwire with that buffer kind). */
    @Param({"raw", "heap", "shared"})
    public String path;

    /** {@code rankwire.shm.rings} of both ranks. */
    @Param({"pair"})
    public String rings;

    /** {@code rankwire.idle} of both ranks. */
    @Param({"backoff"})
    public String idle;

    private ShmPair pair;
    private Comm world;
    private RawRing raw;
    private UnsafeBuffer buf;
    private MessageBuffer msg;
    private int op;
    private final MutableStatus status = new MutableStatus();

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        pair = ShmPair.start(Map.of("rankwire.shm.rings", rings, "rankwire.idle", idle));
        world = pair.rank0().world();
        raw = pair.raw();
        final ShmBench.Kind kind = "shared".equals(path) ? ShmBench.Kind.SHARED : ShmBench.Kind.HEAP;
        op = "raw".equals(path) ? ShmBench.RAW_ECHO : ShmBench.SHM_ECHO;
        buf = ShmBench.buffer(pair.rank0(), "raw".equals(path) ? ShmBench.Kind.DIRECT : kind, ShmBench.MAX_BYTES);
        msg = MessageBuffer.of(buf, 0, size);
        pair.command(op, kind);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, InterruptedException
    {
        pair.end(op);
        pair.close();
    }

    /** One round trip of {@code size} bytes with rank 1. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int pingPong()
    {
        if (op == ShmBench.RAW_ECHO)
        {
            raw.send(buf, size);
            return raw.receive(buf);
        }
        world.send(msg, 1, ShmBench.PING_TAG);
        return world.recv(msg, 1, ShmBench.PING_TAG, status).bytes();
    }
}
