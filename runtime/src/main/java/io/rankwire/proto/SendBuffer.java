package io.rankwire.proto;

import java.util.ArrayDeque;

import io.rankwire.spi.SmallCopy;
import io.rankwire.buffer.Stage;
import io.rankwire.buffer.StagePool;

/**
 * Copies of small standard-mode sends that could not go at once (too few eager credits, or
 * earlier sends to the peer still waiting). Such a send completes at once, as in every
 * mainstream MPI: its payload is copied here into a pooled buffer owned by an internal send
 * operation, which takes the user's place in the peer's send queue and goes eagerly when
 * credits come back, or by rendezvous from the copy when the peer is starved (see
 * {@link Sender}). The copy is released once sent eagerly, when the receiver has read it (FIN),
 * or when the send fails or the runtime closes.
 *
 * <p>The bytes held (each copy counts its payload plus {@value #COPY_OVERHEAD} bytes of
 * bookkeeping) are bounded by {@code rankwire.sendBufferBytes}; a send that does not fit
 * is not copied and waits for its match like any rendezvous send ({@link #waits()} counts them).
 * Driving thread only.
 */
final class SendBuffer
{
    /** Internal operations kept for reuse. */
    private static final int SPARE_OPS = 64;
    /** Bytes each copy counts beyond its payload: the internal operation and the pooled buffer's rounding. */
    static final int COPY_OVERHEAD = ProtocolSettings.SEND_BUFFER_COPY_OVERHEAD;

    private final StagePool pool;
    private final long capacity;
    private final ArrayDeque<Transfer> spare = new ArrayDeque<>();
    private long bytes;
    private long highWater;
    private long buffered;
    private long waits;

    SendBuffer(final StagePool pool, final long capacity)
    {
        this.pool = pool;
        this.capacity = capacity;
    }

    /**
     * A send of a copy of {@code op}'s payload to the same peer and envelope, or null when the
     * copy does not fit (counted as a wait). The caller completes {@code op} and sends the copy.
     */
    Transfer copyOf(final Transfer op)
    {
        final int length = op.length();
        final long charge = charge(length);
        if (charge > capacity - bytes)
        {
            waits++;
            return null;
        }
        bytes += charge;
        highWater = Math.max(highWater, bytes);
        buffered++;
        Transfer copy = spare.pollFirst();
        if (copy == null)
        {
            copy = new Transfer();
        }
        copy.reset(Transfer.SEND);
        copy.buffered = true;
        copy.peer = op.peer;
        copy.tag = op.tag;
        final Stage stage = pool.acquire(length);
        SmallCopy.copy(stage.buffer, 0, op.buffer(), op.offset(), length);
        copy.direct(stage.buffer, 0, length);
        copy.attachStage(stage);
        return copy;
    }

    /**
     * A copy's send completed (its stage already went back to the pool): its bytes are free
     * again, and the operation is kept for reuse unless a send queue still holds it (it failed
     * while queued).
     */
    void release(final Transfer copy)
    {
        bytes -= charge(copy.length());
        copy.buffered = false;
        copy.clear();
        if (!copy.queued && spare.size() < SPARE_OPS)
        {
            spare.addFirst(copy);
        }
    }

    /** What a copy of {@code length} bytes counts against the bound: the payload and its bookkeeping. */
    static long charge(final int length)
    {
        return (long)length + COPY_OVERHEAD;
    }

    long capacity()
    {
        return capacity;
    }

    long bytes()
    {
        return bytes;
    }

    long highWater()
    {
        return highWater;
    }

    /** Sends completed from a copy. */
    long buffered()
    {
        return buffered;
    }

    /** Sends that found no credit and no room here, so waited for their match. */
    long waits()
    {
        return waits;
    }
}
