package io.rankwire.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.IntConsumer;

import io.rankwire.spi.Bootstrap;

/**
 * A rank's membership connection to the bootstrap service (see {@link Membership}), read by a
 * daemon thread: each DEPARTED frame names a rank that ended without closing and goes to the
 * runtime's listener, each ABORTED frame a rank that aborted the job (and its error code). If the connection ends before this rank leaves, the service is gone: the
 * rank reports what that means where it runs ({@code onLoss}).
 */
final class MembershipWatch implements Runnable
{
    private static final System.Logger LOG = System.getLogger(MembershipWatch.class.getName());
    private final BootstrapLink link;
    private final IntConsumer departed;
    private final Bootstrap.Aborted aborted;
    private final Runnable onLoss;
    private final Thread thread;
    private volatile boolean leaving;

    MembershipWatch(
        final BootstrapLink link, final int rank, final IntConsumer departed, final Bootstrap.Aborted aborted,
        final Runnable onLoss)
    {
        this.link = link;
        this.departed = departed;
        this.aborted = aborted;
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
                final byte opcode = frame.get();
                if (opcode == BootstrapProtocol.DEPARTED && frame.remaining() >= 4)
                {
                    report(frame.getInt(), -1);
                }
                else if (opcode == BootstrapProtocol.ABORTED && frame.remaining() == 8)
                {
                    report(frame.getInt(), frame.getInt());
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

    /** A departure ({@code errorCode} -1) or an abort. */
    private void report(final int rank, final int errorCode)
    {
        try
        {
            if (errorCode == -1)
            {
                departed.accept(rank);
            }
            else
            {
                aborted.aborted(rank, errorCode);
            }
        }
        catch (final RuntimeException e)
        {
            // the listener's failure must not end the watch: later departures are still reported
            LOG.log(System.Logger.Level.ERROR, "the listener for " + (errorCode == -1 ? "departed" : "aborting") +
                " rank " + rank + " failed", e);
        }
    }
}
