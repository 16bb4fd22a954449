package io.rankwire.tcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;

/**
 * Which engine-thread sessions a poll reads, so that a rank with many connected peers pays for
 * the sockets that have something, not one {@code read} per peer per poll.
 *
 * <p>With at most {@link #SELECT_ABOVE} sessions a poll reads each socket: one {@code read}
 * per peer is no dearer than asking which are ready. With more, a poll first asks a selector of
 * its own without blocking ({@code selectNow}, one {@code epoll_wait} on Linux) and reads only
 * the sessions it reports, plus those with work of their own ({@link EngineSession#needsPoll}:
 * bytes already read, output waiting, frames queued before the connection was ready).
 *
 * <p>Why a second selector rather than the one a waiting rank blocks in
 * ({@link EngineIo#awaitActivity}): a JDK selector lets one thread select at a time, and a poll
 * must never wait behind another thread's kernel wait (any thread may poll while another waits).
 * Each session's socket is registered with both, with the same interest (read, plus write while
 * output waits). Engine thread only, but for {@link #register} (any thread, before the session
 * is published).
 *
 * <pre>
 *   poll (n > SELECT_ABOVE):  selectNow -> mark ready sessions -> poll sessions that are
 *                             ready or have work of their own, from a rotating start
 * </pre>
 */
final class ReadySet
{
    /** Up to this many sessions a poll reads every socket instead of asking the selector. */
    static final int SELECT_ABOVE = 2;

    private final Selector selector;
    private final Consumer<SelectionKey> mark = key -> ((EngineSession)key.attachment()).markReady();

    ReadySet()
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

    /** Registers {@code session}'s socket; false when the socket or this set is already closed. */
    boolean register(final EngineSession session)
    {
        try
        {
            session.keys.ready(session.socket.register(selector, SelectionKey.OP_READ, session));
            return true;
        }
        catch (final ClosedChannelException | ClosedSelectorException e)
        {
            return false;
        }
    }

    /** Marks the sessions whose sockets are ready ({@link EngineSession#markReady}); never blocks. */
    void selectNow()
    {
        try
        {
            selector.selectNow(mark);
        }
        catch (final IOException | ClosedSelectorException e)
        {
            // closing: the poll that follows finds the sessions done or reads them anyway
        }
    }

    void close()
    {
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
