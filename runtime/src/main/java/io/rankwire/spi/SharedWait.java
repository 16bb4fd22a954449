package io.rankwire.spi;

import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;

/**
 * One kernel wait over the channels of several transports, offered by an endpoint that reaches
 * its peers through more than one ({@code auto}: shm within a host, tcp across): each joined
 * transport registers the channels its own {@link Transport#awaitActivity} would block on, and
 * the endpoint blocks in one {@code select} over all of them, so a message on any path wakes
 * the rank. Readiness goes back to the transport that registered the channel
 * ({@link Transport#onSharedWaitReady}).
 *
 * <pre>
 *   composite awaitActivity:
 *     every joined t: t.prepareSharedWait()   -- raise "asleep" flags, last look for work
 *     none had work:  select(all channels)    -- one kernel call; t.onSharedWaitReady(att, ops)
 *     every joined t: t.endSharedWait()       -- lower the flags
 * </pre>
 *
 * <p>Channels must come from the default {@link java.nio.channels.spi.SelectorProvider} (TCP
 * and Unix-domain {@code SocketChannel}s do) and be in non-blocking mode.
 */
public interface SharedWait
{
    /**
     * Adds {@code channel} to the wait with interest {@code ops}; when it is ready the wait calls
     * the registering transport's {@link Transport#onSharedWaitReady} with {@code attachment}.
     * The returned key may have its interest changed ({@link SelectionKey#interestOps(int)}) or
     * be cancelled; its attachment belongs to the wait (do not replace it). Closing the channel
     * removes it. Any thread; a wait in progress sees the channel from its next round at the
     * latest.
     *
     * @return the key, or null when the wait is closed or the channel already is
     */
    SelectionKey register(SelectableChannel channel, int ops, Object attachment);
}
