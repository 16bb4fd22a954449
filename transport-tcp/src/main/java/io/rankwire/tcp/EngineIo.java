package io.rankwire.tcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.SharedWait;

/**
 * The rank's side of engine-thread I/O: the sessions its own thread drives ({@link EngineSession})
 * and one JDK {@link Selector} on their sockets, in which a waiting rank blocks
 * ({@link #awaitActivity}) so that an arriving frame costs one wake-up, as on a blocking socket.
 *
 * <p>Sessions are added by event loops after a handshake and removed by the engine thread, as a
 * copy-on-write array; everything else about a session belongs to the engine thread. The
 * selector only waits. A poll reads every session's socket while there are few; with more it
 * asks the {@link ReadySet} (a second selector, never blocking) which sockets are ready and reads
 * only those, so its cost follows the peers that sent something, not the peers connected.
 */
final class EngineIo
{
    /** The poll that follows reads every session anyway; the action form of select also keeps no selected-key set (no allocation per wake-up). */
    private static final Consumer<SelectionKey> IGNORE = key -> { };

    private final Selector selector;
    private final ReadySet readySet = new ReadySet();
    private volatile EngineSession[] sessions = new EngineSession[0];
    /** A composite endpoint's wait this rank's sockets also go to, or null. */
    private SharedWait shared;
    private int next;

    EngineIo()
    {
        try
        {
            selector = Selector.open();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-tcp: cannot open a selector", e);
        }
    }

    /** Publishes a session the rank's thread drives from now on; any thread. */
    synchronized void add(final EngineSession session)
    {
        try
        {
            session.keys.own(session.socket.register(selector, SelectionKey.OP_READ, session));
        }
        catch (final ClosedChannelException | ClosedSelectorException e)
        {
            return;
        }
        if (!readySet.register(session))
        {
            return;
        }
        if (shared != null)
        {
            session.keys.shared(shared.register(session.socket, SelectionKey.OP_READ, session));
        }
        final EngineSession[] current = sessions;
        final EngineSession[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = session;
        sessions = more;
        selector.wakeup();
    }

    synchronized void remove(final EngineSession session)
    {
        final EngineSession[] current = sessions;
        for (int i = 0; i < current.length; i++)
        {
            if (current[i] == session)
            {
                final EngineSession[] fewer = new EngineSession[current.length - 1];
                System.arraycopy(current, 0, fewer, 0, i);
                System.arraycopy(current, i + 1, fewer, i, current.length - i - 1);
                sessions = fewer;
                return;
            }
        }
    }

    /**
     * Polls the sessions, starting from a different one each time: all of them while there are
     * at most {@link ReadySet#SELECT_ABOVE}, otherwise those the ready set reports or that have
     * work of their own; engine thread.
     */
    int poll(final CompletionHandler handler, final int max)
    {
        final EngineSession[] all = sessions;
        final int n = all.length;
        if (n == 0)
        {
            return 0;
        }
        final boolean every = n <= ReadySet.SELECT_ABOVE;
        if (!every)
        {
            readySet.selectNow();
        }
        int count = 0;
        final int start = next++ % n;
        for (int i = 0; i < n && count < max; i++)
        {
            final EngineSession s = all[(start + i) % n];
            if (every || s.needsPoll())
            {
                count += s.poll(handler, max - count);
            }
        }
        return count;
    }

    /**
     * Blocks until a session's socket is readable (or writable while it has output waiting),
     * {@link #wakeAwait()}, or {@code maxNanos} (rounded up to a millisecond) pass.
     */
    boolean awaitActivity(final long maxNanos)
    {
        for (final EngineSession s : sessions)
        {
            if (s.hasInput())
            {
                return true;
            }
        }
        try
        {
            selector.select(IGNORE, Math.max(1, TimeUnit.NANOSECONDS.toMillis(maxNanos)));
        }
        catch (final IOException | ClosedSelectorException e)
        {
            return false;
        }
        return true;
    }

    /** From now on every session's socket also goes to {@code wait} (those published already too). */
    synchronized void share(final SharedWait wait)
    {
        shared = wait;
        for (final EngineSession s : sessions)
        {
            s.keys.shared(wait.register(s.socket, SelectionKey.OP_READ, s));
        }
    }

    /** Before a shared wait: whether a session holds bytes read already (the wait must not block). */
    boolean hasInput()
    {
        for (final EngineSession s : sessions)
        {
            if (s.hasInput())
            {
                return true;
            }
        }
        return false;
    }

    void wakeAwait()
    {
        selector.wakeup();
    }

    /** Releases every session still driven here, then the wait's resources. */
    void close()
    {
        for (final EngineSession s : sessions)
        {
            s.release();
        }
        readySet.close();
        try
        {
            selector.close();
        }
        catch (final IOException e)
        {
            // nothing to do: the transport is closing
        }
    }
}
