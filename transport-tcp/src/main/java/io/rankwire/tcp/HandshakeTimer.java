package io.rankwire.tcp;

import java.util.concurrent.TimeUnit;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;

/**
 * The deadline of one connection's handshake, event-loop confined. A client has
 * {@code connectTimeoutMs} for all of it. An accepted connection has {@code helloTimeoutMs} for
 * its HELLO (with TLS counted from the end of its TLS handshake, which can take seconds on a
 * loaded host; until then {@code connectTimeoutMs} and the listener's budget bound it), then
 * {@code connectTimeoutMs} for the rest.
 */
final class HandshakeTimer
{
    private final TcpSettings settings;
    private final Runnable onHandshakeTimeout;
    private final Runnable onHelloTimeout;
    private ScheduledFuture<?> timer;

    /**
     * @param onHandshakeTimeout runs when the whole handshake took too long
     * @param onHelloTimeout     runs when an accepted connection's HELLO did not come in time
     */
    HandshakeTimer(final TcpSettings settings, final Runnable onHandshakeTimeout, final Runnable onHelloTimeout)
    {
        this.settings = settings;
        this.onHandshakeTimeout = onHandshakeTimeout;
        this.onHelloTimeout = onHelloTimeout;
    }

    /** (Re)starts the deadline of the whole handshake, or of its rest once the HELLO came. */
    void untilHandshakeEnds(final EventExecutor loop)
    {
        start(loop, onHandshakeTimeout, settings.connectTimeoutMs);
    }

    /** (Re)starts the deadline of an accepted connection's HELLO. */
    void untilHello(final EventExecutor loop)
    {
        start(loop, onHelloTimeout, settings.helloTimeoutMs);
    }

    void cancel()
    {
        if (timer != null)
        {
            timer.cancel(false);
            timer = null;
        }
    }

    private void start(final EventExecutor loop, final Runnable task, final long millis)
    {
        cancel();
        timer = loop.schedule(task, millis, TimeUnit.MILLISECONDS);
    }
}
