package io.rankwire.jmh.baseline;

import java.nio.ByteBuffer;

import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;

/**
 * The raw in-JVM floor as a reusable pair: two Agrona {@link OneToOneRingBuffer}s and a
 * partner thread that busy-spins and echoes every message, driven by {@link #roundTrip()} on the
 * caller's thread.
 *
 * <pre>
 *   caller --[toPartner ring]--> partner thread (spins, echoes)
 *     ^                                 |
 *     +--------[fromPartner ring]-------+
 * </pre>
 *
 * Used by {@link RingPingPongBenchmark} and by benchmark mains that interleave the floor with
 * the runtime in one process.
 */
public final class RingEcho implements AutoCloseable
{
    private final OneToOneRingBuffer toPartner = RingPingPongBenchmark.newRing();
    private final OneToOneRingBuffer fromPartner = RingPingPongBenchmark.newRing();
    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(RingPingPongBenchmark.MESSAGE_BYTES));
    private final RingPingPongBenchmark.ReplyHandler reply = new RingPingPongBenchmark.ReplyHandler();
    private final SpinningPartner partner;

    private RingEcho()
    {
        final OneToOneRingBuffer in = toPartner;
        final OneToOneRingBuffer out = fromPartner;
        final MessageHandler echo = (msgTypeId, buffer, index, length) ->
        {
            while (!out.write(msgTypeId, buffer, index, length))
            {
                Thread.onSpinWait();
            }
        };
        partner = SpinningPartner.start("ring-echo", () -> in.read(echo));
    }

    /** Starts the echoing partner thread. */
    public static RingEcho start()
    {
        return new RingEcho();
    }

    /** Writes 8 bytes to the partner and spins until its echo is read back; returns the echo. */
    public long roundTrip()
    {
        message.putLong(0, reply.last + 1);
        while (!toPartner.write(RingPingPongBenchmark.MSG_TYPE, message, 0, RingPingPongBenchmark.MESSAGE_BYTES))
        {
            Thread.onSpinWait();
        }
        while (fromPartner.read(reply, 1) == 0)
        {
            Thread.onSpinWait();
        }
        return reply.last;
    }

    /** Stops the partner thread. */
    @Override
    public void close() throws InterruptedException
    {
        partner.stop();
    }
}
