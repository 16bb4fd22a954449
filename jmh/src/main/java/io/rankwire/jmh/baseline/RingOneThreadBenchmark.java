package io.rankwire.jmh.baseline;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The single-thread floor matching {@code RankwireSimOneThreadBenchmark}: an 8-byte message
 * written to an Agrona {@link OneToOneRingBuffer} and read back, then the same on a second ring,
 * all on the benchmark thread. Scores are per message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RingOneThreadBenchmark
{
    private final OneToOneRingBuffer there = RingPingPongBenchmark.newRing();
    private final OneToOneRingBuffer back = RingPingPongBenchmark.newRing();
    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(RingPingPongBenchmark.MESSAGE_BYTES));
    private final RingPingPongBenchmark.ReplyHandler handler = new RingPingPongBenchmark.ReplyHandler();

    /** Write and read back on one ring, then on the other. */
    @Benchmark
    @OperationsPerInvocation(2)
    public long ringOneThreadRoundTrip()
    {
        message.putLong(0, handler.last + 1);
        there.write(RingPingPongBenchmark.MSG_TYPE, message, 0, RingPingPongBenchmark.MESSAGE_BYTES);
        there.read(handler, 1);
        message.putLong(0, handler.last + 1);
        back.write(RingPingPongBenchmark.MSG_TYPE, message, 0, RingPingPongBenchmark.MESSAGE_BYTES);
        back.read(handler, 1);
        return handler.last;
    }
}
