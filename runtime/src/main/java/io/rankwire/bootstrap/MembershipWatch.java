package io.rankwire.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.IntConsumer;

/**
 * A rank's membership connection to the bootstrap service (see {@link Membership}), read by a
 * daemon thread: each DEPARTED frame names a rank that ended without closing and goes to the
 * runtime's listener. If the connection ends before this rank leaves, the service is gone: the
 * rank reports what that means where it runs ({@code onLoss}).
 */
final class MembershipWatch implements Runnable
{
    private static final System.Logger LOG = System.getLogger(MembershipWatch.class.getName());
    private final BootstrapLink link;
    private final IntConsumer departed;
    private final Runnable onLoss;
    private final Thread thread;
    private volatile boolean leaving;

    MembershipWatch(final BootstrapLink link, final int rank, final IntConsumer departed, final Runnable onLoss)
    {
        this.link = link;
        this.departed = departed;
        this.onLoss = onLoss;
        this.thread = new Thread(this, "rankwire-membership-" + rank);
        thread.setDaemon(true);
    }

    MembershipWatch start()
    {
        thread.start();
        return this;
    }

    /** This rank leaves: the end of the connection is expected from now on. */
    void leave()
    {
        leaving = true;
        link.close();
    }

    @Override
    public void run()
    {
        try
        {
            link.socket().setSoTimeout(0); // it speaks only when a rank departs
            while (true)
            {
                final ByteBuffer frame = link.readFrame(4 + 3 + BootstrapProtocol.MAX_REASON_BYTES);
                if (frame.get() == BootstrapProtocol.DEPARTED && frame.remaining() >= 4)
                {
                    report(frame.getInt());
                }
            }
        }
        catch (final IOException e)
        {
            link.close();
            if (!leaving)
            {
                onLoss.run();
            }
        }
    }

    private void report(final int rank)
    {
        try
        {
            departed.accept(rank);
        }
        catch (final RuntimeException e)
        {
            // the listener's failure must not end the watch: later departures are still reported
            LOG.log(System.Logger.Level.ERROR, "the listener for departed rank " + rank + " failed", e);
        }
    }
}
