package io.rankwire.jmh.baseline;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
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
 * The floor for the message-rate benchmarks: windows of 64 eight-byte messages written to an
 * Agrona {@link OneToOneRingBuffer}; the partner thread acknowledges each full window on a
 * second ring, and the next window starts after the acknowledgement (the shape of
 * {@code osu_mbw_mr}). Reported in messages per microsecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RingRateBenchmark
{
    static final int WINDOW = 64;

    private OneToOneRingBuffer toPartner;
    private OneToOneRingBuffer fromPartner;
    private SpinningPartner partner;
    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(RingPingPongBenchmark.MESSAGE_BYTES));
    private final RingPingPongBenchmark.ReplyHandler ack = new RingPingPongBenchmark.ReplyHandler();

    @Setup(Level.Trial)
    public void setUp()
    {
        toPartner = RingPingPongBenchmark.newRing();
        fromPartner = RingPingPongBenchmark.newRing();
        final OneToOneRingBuffer in = toPartner;
        final OneToOneRingBuffer out = fromPartner;
        final UnsafeBuffer ackMessage = new UnsafeBuffer(ByteBuffer.allocateDirect(RingPingPongBenchmark.MESSAGE_BYTES));
        final WindowCounter counter = new WindowCounter(out, ackMessage);
        partner = SpinningPartner.start("ring-window-sink", () -> in.read(counter));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        partner.stop();
    }

    /** Writes a window of 64 messages, then spins until the partner acknowledges it. */
    @Benchmark
    @OperationsPerInvocation(WINDOW)
    public long ringRate()
    {
        for (int i = 0; i < WINDOW; i++)
        {
            message.putLong(0, i);
            while (!toPartner.write(RingPingPongBenchmark.MSG_TYPE, message, 0, RingPingPongBenchmark.MESSAGE_BYTES))
            {
                Thread.onSpinWait();
            }
        }
        while (fromPartner.read(ack, 1) == 0)
        {
            Thread.onSpinWait();
        }
        return ack.last;
    }

    /** Counts messages and writes one acknowledgement per full window. */
    static final class WindowCounter implements MessageHandler
    {
        private final OneToOneRingBuffer out;
        private final UnsafeBuffer ackMessage;
        private long count;

        WindowCounter(final OneToOneRingBuffer out, final UnsafeBuffer ackMessage)
        {
            this.out = out;
            this.ackMessage = ackMessage;
        }

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
        {
            if (++count % WINDOW == 0)
            {
                ackMessage.putLong(0, count);
                while (!out.write(RingPingPongBenchmark.MSG_TYPE, ackMessage, 0, RingPingPongBenchmark.MESSAGE_BYTES))
                {
                    Thread.onSpinWait();
                }
            }
        }
    }
}
