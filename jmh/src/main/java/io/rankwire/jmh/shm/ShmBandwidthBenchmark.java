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
import io.rankwire.buffer.MessageBuffer;

/**
 * 4 MiB streaming between two JVMs over the shm transport: blocking sends from rank 0 (each
 * returns at the FIN, when rank 1 has all the data) into rank 1's receive loop, with the message
 * in a {@code byte[]}, a JDK direct buffer (both two copies through staging slots) or a buffer of
 * {@code Rankwire.allocate} on both sides (one copy, rank 1 reads rank 0's shared heap).
 * {@code @OperationsPerInvocation(4 MiB)} makes the score bytes per second; compare with
 * {@code MemcpyBenchmark.unsafeBufferPutBytes} of the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ShmBandwidthBenchmark
{
    /** Buffer kind on both sides: {@code heap}, {@code direct} or {@code shared}. */
    @Param({"heap", "direct", "shared"})
    public String buffer;

    /** {@code rankwire.shm.slotBytes} of both ranks (staging fragment size). */
    @Param({"65536"})
    public String slotBytes;

    /** {@code rankwire.shm.slots} of both ranks. */
    @Param({"8"})
    public String slots;

    private ShmPair pair;
    private Comm world;
    private MessageBuffer msg;

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        pair = ShmPair.start(Map.of("rankwire.shm.slotBytes", slotBytes, "rankwire.shm.slots", slots));
        world = pair.rank0().world();
        final ShmBench.Kind kind = ShmBench.Kind.valueOf(buffer.toUpperCase(java.util.Locale.ROOT));
        final UnsafeBuffer buf = ShmBench.buffer(pair.rank0(), kind, ShmBench.MAX_BYTES);
        msg = MessageBuffer.of(buf, 0, ShmBench.MAX_BYTES);
        pair.command(ShmBench.SHM_SINK, kind);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, InterruptedException
    {
        pair.end(ShmBench.SHM_SINK);
        pair.close();
    }

    /** One blocking 4 MiB send. */
    @Benchmark
    @OperationsPerInvocation(ShmBench.MAX_BYTES)
    public void stream()
    {
        world.send(msg, 1, ShmBench.BULK_TAG);
    }
}
