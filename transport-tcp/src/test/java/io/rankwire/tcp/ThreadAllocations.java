package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes allocated by a set of threads, from HotSpot's per-thread allocation counters: the test's
 * thread, the other rank's thread, and every event loop of the job's transports.
 */
final class ThreadAllocations
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final long[] ids;
    private final long[] before;

    /** This thread, {@code other}, and every {@code rankwire-tcp-*} thread alive now. */
    ThreadAllocations(final Thread other)
    {
        final List<Long> found = new ArrayList<>();
        found.add(Thread.currentThread().getId());
        found.add(other.getId());
        for (final Thread t : Thread.getAllStackTraces().keySet())
        {
            if (t.getName().startsWith("rankwire-tcp-"))
            {
                found.add(t.getId());
            }
        }
        assertTrue(found.size() >= 4, "event-loop threads found: " + (found.size() - 2));
        ids = new long[found.size()];
        for (int i = 0; i < ids.length; i++)
        {
            ids[i] = found.get(i);
        }
        before = new long[ids.length];
    }

    int threads()
    {
        return ids.length;
    }

    /** Starts a window. */
    void mark()
    {
        for (int i = ids.length - 1; i >= 0; i--)
        {
            before[i] = THREADS.getThreadAllocatedBytes(ids[i]);
        }
    }

    /** Bytes the threads allocated since {@link #mark()}. */
    long sinceMark()
    {
        long sum = 0;
        for (int i = 0; i < ids.length; i++)
        {
            sum += THREADS.getThreadAllocatedBytes(ids[i]) - before[i];
        }
        return sum;
    }
}
