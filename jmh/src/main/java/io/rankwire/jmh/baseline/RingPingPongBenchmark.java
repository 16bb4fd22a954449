package io.rankwire.jmh.baseline;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor for in-JVM messaging: an 8-byte ping-pong over two Agrona
 * {@link OneToOneRingBuffer}s between the benchmark thread and a partner thread that busy-spins
 * and echoes every message.
 *
 * <pre>
 *   benchmark thread --[toPartner ring]--> partner thread
 *          ^                                     |
 *          +-----------[fromPartner ring]--------+
 * </pre>
 *
 * One invocation is a round trip; {@code @OperationsPerInvocation(2)} makes JMH report half of
 * it, the one-way latency, in every mode (SampleTime percentiles included).
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RingPingPongBenchmark
{
    static final int MESSAGE_BYTES = 8;
    static final int RING_BYTES = 64 * 1024;
    static final int MSG_TYPE = 1;

    private RingEcho ring;

    @Setup(Level.Trial)
    public void setUp()
    {
        ring = RingEcho.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        ring.close();
    }

    /** Writes 8 bytes to the partner and spins until its echo is read back. */
    @Benchmark
    @OperationsPerInvocation(2)
    public long ringPingPong()
    {
        return ring.roundTrip();
    }

    static OneToOneRingBuffer newRing()
    {
        return new OneToOneRingBuffer(new UnsafeBuffer(
            ByteBuffer.allocateDirect(RING_BYTES + RingBufferDescriptor.TRAILER_LENGTH)));
    }

    static final class ReplyHandler implements MessageHandler
    {
        long last;

        @Override
        public void onMessage(final int msgTypeId, final org.agrona.MutableDirectBuffer buffer, final int index, final int length)
        {
            last = buffer.getLong(index);
        }
    }
}
