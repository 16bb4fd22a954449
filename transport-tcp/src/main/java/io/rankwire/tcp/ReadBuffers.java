package io.rankwire.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * The read buffers of one connection in the default (event-loop) mode: Netty's own allocator
 * (adaptive sizing, reads per wake-up) with one change, a reusable 16 KiB buffer for every read
 * whose size guess fits in it. The channel normally allocates a fresh pooled buffer per socket
 * read; with Netty's default leak detection one allocation in 128 is tracked, which records stack
 * traces (about 1.3 KB of heap per tracked read buffer, some 10 B per message in an 8-byte
 * ping-pong). The reusable buffer is allocated once.
 *
 * <p>The reusable buffer is a one-slot {@link FramePool}: the pool holds one reference, hands the
 * buffer out with a second, and the decoder's release of its read buffer (or of its cumulation, when a frame spans
 * reads) brings it back to one. While the decoder or a frame slice still holds it, reads get fresh
 * buffers as before. Large guesses (bulk streams) also get fresh buffers of the guessed size.
 * Confined to the channel's event loop; {@link #release()} runs once the channel has closed.
 */
final class ReadBuffers implements RecvByteBufAllocator
{
    /** Capacity of the reusable read buffer. */
    static final int SLOT_BYTES = 16 * 1024;

    private final RecvByteBufAllocator delegate;
    private FramePool slot;
    private boolean released;

    /** Wraps the channel's configured allocator; its handles must be extended ones (epoll's requirement). */
    ReadBuffers(final RecvByteBufAllocator delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public Handle newHandle()
    {
        return new SlotHandle((ExtendedHandle)delegate.newHandle());
    }

    /** Drops this allocator's reference to the reusable buffer; later reads get fresh buffers. */
    void release()
    {
        released = true;
        if (slot != null)
        {
            slot.release();
        }
    }

    private ByteBuf allocate(final ByteBufAllocator alloc, final ExtendedHandle handle)
    {
        if (released)
        {
            return handle.allocate(alloc);
        }
        if (slot == null)
        {
            slot = new FramePool(alloc, 1, SLOT_BYTES);
        }
        final ByteBuf reused = slot.acquire(handle.guess());
        return reused != null ? reused : handle.allocate(alloc);
    }

    /** The delegate's handle, allocating through {@link ReadBuffers#allocate}. */
    private final class SlotHandle implements ExtendedHandle
    {
        private final ExtendedHandle handle;

        SlotHandle(final ExtendedHandle handle)
        {
            this.handle = handle;
        }

        @Override
        public ByteBuf allocate(final ByteBufAllocator alloc)
        {
            return ReadBuffers.this.allocate(alloc, handle);
        }

        @Override
        public int guess()
        {
            return handle.guess();
        }

        @Override
        public void reset(final ChannelConfig config)
        {
            handle.reset(config);
        }

        @Override
        public void incMessagesRead(final int numMessages)
        {
            handle.incMessagesRead(numMessages);
        }

        @Override
        public void lastBytesRead(final int bytes)
        {
            handle.lastBytesRead(bytes);
        }

        @Override
        public int lastBytesRead()
        {
            return handle.lastBytesRead();
        }

        @Override
        public void attemptedBytesRead(final int bytes)
        {
            handle.attemptedBytesRead(bytes);
        }

        @Override
        public int attemptedBytesRead()
        {
            return handle.attemptedBytesRead();
        }

        @Override
        public boolean continueReading()
        {
            return handle.continueReading();
        }

        @Override
        public boolean continueReading(final UncheckedBooleanSupplier maybeMoreDataSupplier)
        {
            return handle.continueReading(maybeMoreDataSupplier);
        }

        @Override
        public void readComplete()
        {
            handle.readComplete();
        }
    }
}
