package io.rankwire.tcp;

import io.netty.buffer.ByteBuf;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.TransportContext;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * What a poll delivers besides the sessions' frames: a bounded array queue of a rank's messages
 * to itself plus the {@link ControlEvents} (READ completions, peer failures), which event loops
 * and the rank's threads publish. A frame is a {@link FramePool} buffer whose
 * length field holds the sending rank:
 *
 * <pre>
 *  +----------------+---------+-----------------------------+
 *  | peer rank u32  | type u8 | TMH (16) | payload ...      |
 *  +----------------+---------+-----------------------------+
 * </pre>
 *
 * {@link #poll} delivers each frame as a RECV completion whose buffer views the TMH and payload,
 * then releases it once the handler has returned (a pooled buffer thereby goes back to its pool).
 */
final class InboundQueue
{
    private final ManyToOneConcurrentArrayQueue<ByteBuf> frames;
    private final ControlEvents events = new ControlEvents();
    private final TransportContext context;
    private final Completion completion = new Completion();
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);

    InboundQueue(final int capacity, final TransportContext context)
    {
        this.frames = new ManyToOneConcurrentArrayQueue<>(capacity);
        this.context = context;
    }

    /**
     * A MESSAGE frame this rank sent to itself: published with a wake-up ({@code OK}), or, when
     * the queue is full, released ({@code BACK_PRESSURED}: the sender retries).
     */
    int offerOwn(final ByteBuf frame)
    {
        if (frames.offer(frame))
        {
            context.signal();
            return ReturnCode.OK;
        }
        frame.release();
        return ReturnCode.BACK_PRESSURED;
    }

    /** Wakes the rank's poll (a session became ready, or a write failed). */
    void signal()
    {
        context.signal();
    }

    void offerEvent(final int opcode, final int peer, final int status, final long wrId)
    {
        events.offer(opcode, peer, status, wrId);
        context.signal();
    }

    int poll(final CompletionHandler handler, final int max)
    {
        int count = 0;
        while (count < max)
        {
            final ByteBuf frame = frames.poll();
            if (frame == null)
            {
                break;
            }
            deliver(handler, frame);
            count++;
        }
        while (count < max)
        {
            final ControlEvents.Event event = events.poll();
            if (event == null)
            {
                break;
            }
            completion.reset().opcode(event.opcode).peer(event.peer).status(event.status).wrId(event.wrId);
            events.recycle(event);
            handler.onCompletion(completion);
            count++;
        }
        return count;
    }

    private void deliver(final CompletionHandler handler, final ByteBuf frame)
    {
        try
        {
            final int index = frame.readerIndex();
            final int peer = frame.getInt(index);
            final int length = frame.readableBytes() - Frames.HEADER;
            Buffers.view(view, frame, index + Frames.BODY_OFFSET, length);
            completion.reset().opcode(CompletionOpcode.RECV).peer(peer).buffer(view, 0, length);
            handler.onCompletion(completion);
        }
        finally
        {
            completion.buffer(null, 0, 0);
            view.wrap(0, 0);
            frame.release();
        }
    }

    /** Releases everything still queued; called once the producers have stopped. */
    void clear()
    {
        ByteBuf frame;
        while ((frame = frames.poll()) != null)
        {
            frame.release();
        }
        events.clear();
    }
}
