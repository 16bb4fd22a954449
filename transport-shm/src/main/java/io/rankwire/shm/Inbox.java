package io.rankwire.shm;

import java.nio.ByteOrder;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * This rank's receiving rings: reads frames, checks each before looking inside it
 * ({@link Frames#check}), hands MESSAGE frames to the runtime as RECV completions that view the
 * ring in place (no copy; the ring's space is released after the handler returns) and READ_REQUEST
 * frames to the {@link Streamer}. A malformed frame stops reading its ring for good (the ring's
 * positions can no longer be trusted) and fails the peer that wrote it: with pair rings that is
 * the ring's one sender; the shared ring takes every sender down with it.
 *
 * <p>Thread driving the engine, except {@link #hasFrames()}, a hint any thread may call.
 */
final class Inbox implements ControlledMessageHandler
{
    /** A malformed frame: the transport fails the peer(s) and logs why. */
    interface Violations
    {
        void malformed(int ringPeer, int claimedSender, String what);
    }

    private final RingBuffer[] rings;
    /** World rank of each ring's sender (pair rings), or -1 (the shared ring). */
    private final int[] ringPeer;
    private final boolean[] dead;
    private final int[] localIndex;
    private final int maxMessage;
    private final Streamer streamer;
    private final Violations violations;
    /** This rank's own pair ring, or -1 (the shared ring): read only after a send to oneself. */
    private final int selfRing;
    private final Completion completion = new Completion();
    private volatile boolean selfPending;
    private CompletionHandler handler;
    private int current;
    private int delivered;
    private int start;

    Inbox(
        final RingBuffer[] rings, final int[] ringPeer, final int[] localIndex, final int maxMessage,
        final Streamer streamer, final Violations violations, final int selfRing)
    {
        this.selfRing = selfRing;
        this.rings = rings;
        this.ringPeer = ringPeer;
        this.dead = new boolean[rings.length];
        this.localIndex = localIndex;
        this.maxMessage = maxMessage;
        this.streamer = streamer;
        this.violations = violations;
    }

    /** Reads up to {@code max} messages from the rings, starting with a different ring each time. */
    int poll(final CompletionHandler handler, final int max)
    {
        this.handler = handler;
        delivered = 0;
        final int n = rings.length;
        final int first = start;
        start = first + 1 == n ? 0 : first + 1;
        for (int k = 0; k < n && delivered < max; k++)
        {
            final int i = first + k < n ? first + k : first + k - n;
            if (i == selfRing && !selfPending)
            {
                continue;
            }
            if (!dead[i] && hasCommitted(rings[i]))
            {
                current = i;
                rings[i].controlledRead(this, max - delivered);
            }
            if (i == selfRing && (dead[i] || !hasCommitted(rings[i])))
            {
                selfPending = false;
            }
        }
        this.handler = null;
        return delivered;
    }

    /** This rank committed a frame to its own pair ring (same thread as {@link #poll}). */
    void selfSent()
    {
        if (!selfPending)
        {
            selfPending = true;
        }
    }

    @Override
    public Action onMessage(final int typeId, final MutableDirectBuffer buffer, final int index, final int length)
    {
        final int sender = Frames.sender(typeId);
        String bad = Frames.check(typeId, buffer, index, length, maxMessage);
        if (bad == null && ringPeer[current] >= 0 && sender != ringPeer[current])
        {
            bad = "frame claims sender rank " + sender + " in the ring of rank " + ringPeer[current];
        }
        if (bad == null && (sender >= localIndex.length || localIndex[sender] < 0))
        {
            bad = "frame from rank " + sender + ", not a rank of this host";
        }
        if (bad != null)
        {
            dead[current] = true;
            violations.malformed(ringPeer[current], sender, bad);
            return Action.ABORT;
        }
        if (Frames.type(typeId) == Frames.MESSAGE)
        {
            completion.reset().opcode(CompletionOpcode.RECV).peer(sender).buffer(buffer, index, length);
            delivered++;
            try
            {
                handler.onCompletion(completion);
            }
            finally
            {
                completion.buffer(null, 0, 0);
            }
        }
        else
        {
            streamer.onRequest(localIndex[sender],
                buffer.getLong(index + Frames.READ_ID_OFFSET, ByteOrder.nativeOrder()),
                buffer.getLong(index + Frames.VA_OFFSET, ByteOrder.nativeOrder()),
                buffer.getInt(index + Frames.RKEY_OFFSET, ByteOrder.nativeOrder()),
                buffer.getInt(index + Frames.LENGTH_OFFSET, ByteOrder.nativeOrder()));
        }
        return Action.CONTINUE;
    }

    /** Whether some ring has a committed record at its head. Any thread; a hint. */
    boolean hasFrames()
    {
        for (int i = 0; i < rings.length; i++)
        {
            if (!dead[i] && (i != selfRing || selfPending) && hasCommitted(rings[i]))
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether everything {@code peer} committed has been delivered (or can never be): its pair
     * ring, or the shared ring, holds no committed record, or is dead.
     */
    boolean drained(final int peerIndex)
    {
        final int i = rings.length == 1 ? 0 : peerIndex;
        return dead[i] || !hasCommitted(rings[i]);
    }

    /**
     * A committed record waits at the ring's head: its length field is positive (Agrona writes it
     * negative when a record is claimed and positive when it is committed, and the reader zeroes
     * nothing, the writer pre-zeroes the next header).
     */
    private static boolean hasCommitted(final RingBuffer ring)
    {
        final int capacity = ring.capacity();
        final int head = (int)ring.consumerPosition() & (capacity - 1);
        return ring.buffer().getIntVolatile(RecordDescriptor.lengthOffset(head)) > 0;
    }
}
