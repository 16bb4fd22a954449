package io.rankwire.multi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.rankwire.spi.SharedWait;
import io.rankwire.spi.Transport;

/**
 * The kernel wait of a rank reached through several transports that all joined it
 * ({@link Transport#joinSharedWait}): one JDK {@link Selector} over every channel they registered
 * (shm's doorbell connections, tcp's sockets), readiness handed back to the owner.
 *
 * <pre>
 *   key attachment: Owner { the transport, its own attachment }
 *   await:  prepare every sub (any true: no block)
 *           first wait after work: selectNow between Thread.yield()s for YIELD_NS
 *           select(owner.onSharedWaitReady, <= max)
 *           end every sub
 * </pre>
 *
 * <p>The yield phase is the one the runtime's backoff has before it parks: a peer that shares
 * this CPU (a loaded host) gets it and answers without a kernel wake-up, which costs tens of
 * microseconds on a virtual machine; measured on the shm peer of a mixed job, blocking at once
 * made 8 B p50 31 us where parking with yields had made 1.8 us. Shm's flag is up during it, so
 * a shm peer rings, and the ring shows in {@code selectNow} like tcp's readiness.
 *
 * One thread waits at a time (the SPI's rule for {@code awaitActivity}); {@link #register} and
 * {@link #wakeup()} come from any thread. Registering allocates; the wait itself does not (the
 * action form of {@code select} keeps no selected-key set).
 */
final class OneWait implements AutoCloseable
{
    private final Transport[] subs;
    private final Selector selector;
    private final Consumer<SelectionKey> dispatch = OneWait::dispatch;
    /** How long the first wait after work yields before it blocks. */
    static final long YIELD_NS = 20_000;
    /**
     * The longest block: a shm peer's bell missed in its flag race is found after at most this
     * long, as in shm's own sleep (1 ms), whatever bound the caller allows.
     */
    static final long MAX_BLOCK_NS = 1_000_000;

    private long waits;
    private long skipped;
    private boolean armed;

    OneWait(final Transport[] subs)
    {
        this.subs = subs;
        try
        {
            this.selector = Selector.open();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-auto: cannot open a selector", e);
        }
    }

    /** Asks every sub to join; true when all did (the wait can then stand for theirs). */
    boolean joinAll()
    {
        boolean all = true;
        for (int i = 0; i < subs.length; i++)
        {
            all &= subs[i].joinSharedWait(new Registrar(i));
        }
        return all;
    }

    /** Kernel waits done, and waits a sub's last look made unnecessary. */
    long waits()
    {
        return waits;
    }

    long skipped()
    {
        return skipped;
    }

    /** Work was delivered: the next wait yields before it blocks. */
    void arm()
    {
        armed = true;
    }

    /** Blocks until a registered channel is ready, {@link #wakeup()}, or {@code maxNanos} (rounded up to a millisecond). */
    void await(final long maxNanos)
    {
        int prepared = 0;
        boolean ready = false;
        try
        {
            while (prepared < subs.length && !ready)
            {
                ready = subs[prepared++].prepareSharedWait();
            }
            if (ready || armed && yielded())
            {
                skipped++;
                return;
            }
            waits++;
            selector.select(dispatch, Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(maxNanos, MAX_BLOCK_NS) + 999_999)));
        }
        catch (final ClosedSelectorException e)
        {
            // closed by another thread: the caller sees the transport closed
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-auto: wait failed", e);
        }
        finally
        {
            for (int i = 0; i < prepared; i++)
            {
                subs[i].endSharedWait();
            }
        }
    }

    private boolean yielded() throws IOException
    {
        armed = false;
        final long start = System.nanoTime();
        do
        {
            if (selector.selectNow(dispatch) > 0)
            {
                return true;
            }
            Thread.yield();
        }
        while (System.nanoTime() - start < YIELD_NS);
        return false;
    }

    void wakeup()
    {
        selector.wakeup();
    }

    @Override
    public void close()
    {
        try
        {
            selector.close();
        }
        catch (final IOException e)
        {
            // closing
        }
    }

    private static void dispatch(final SelectionKey key)
    {
        final Owner o = (Owner)key.attachment();
        o.transport.onSharedWaitReady(o.attachment, key.readyOps());
    }

    /** What a ready key is handed back to. */
    private static final class Owner
    {
        final Transport transport;
        final Object attachment;

        Owner(final Transport transport, final Object attachment)
        {
            this.transport = transport;
            this.attachment = attachment;
        }
    }

    /** The {@link SharedWait} one sub sees: its registrations carry it as their owner. */
    private final class Registrar implements SharedWait
    {
        private final int index;

        Registrar(final int index)
        {
            this.index = index;
        }

        @Override
        public SelectionKey register(final SelectableChannel channel, final int ops, final Object attachment)
        {
            try
            {
                final SelectionKey key = channel.register(selector, ops, new Owner(subs[index], attachment));
                selector.wakeup();
                return key;
            }
            catch (final ClosedChannelException | ClosedSelectorException e)
            {
                return null;
            }
        }
    }
}
