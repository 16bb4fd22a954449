package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs refused and malformed connections without letting a flood of them flood the log: the
 * first {@link #VERBATIM} are logged at WARNING, then one in every {@link #SAMPLE} with the
 * running count; the rest at DEBUG.
 */
final class Refusals
{
    static final int VERBATIM = 16;
    static final int SAMPLE = 1000;
    private static final System.Logger LOG = System.getLogger(Refusals.class.getPackageName());

    private final AtomicLong count = new AtomicLong();

    void log(final String message)
    {
        final long n = count.incrementAndGet();
        if (n <= VERBATIM)
        {
            LOG.log(Level.WARNING, message);
        }
        else if (n % SAMPLE == 0)
        {
            LOG.log(Level.WARNING, message + " (" + n + " connections refused so far)");
        }
        else
        {
            LOG.log(Level.DEBUG, message);
        }
    }

    long count()
    {
        return count.get();
    }
}
