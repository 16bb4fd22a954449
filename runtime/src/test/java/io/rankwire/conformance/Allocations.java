package io.rankwire.conformance;

import java.lang.management.ManagementFactory;

/**
 * Counts the bytes the calling thread allocates (HotSpot's per-thread allocation counter, exact
 * to the byte, including the thread's current TLAB), for tests that require a code path to
 * allocate nothing.
 */
final class Allocations
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    /** Rounds per measured window. */
    static final int WINDOW = 1_000;

    private Allocations()
    {
    }

    /** Bytes the calling thread allocated so far. */
    static long current()
    {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Runs {@code round} {@code warmUp} times (pools fill, classes load, the JIT compiles), then
     * {@code measured} times more in windows of 1,000 rounds, and returns the fewest bytes this
     * thread allocated in one window. A window may catch the JIT deoptimizing and recompiling a
     * method (which materializes objects escape analysis had removed) or a transport growing a
     * pool once; an allocation the code makes every round shows in every window. The number of
     * rounds is fixed, so ranks that run rounds against each other stay in step.
     */
    static long fewestBytesPerWindow(final Runnable round, final int warmUp, final int measured)
    {
        for (int i = 0; i < warmUp; i++)
        {
            round.run();
        }
        long fewest = Long.MAX_VALUE;
        for (int done = 0; done < measured; done += WINDOW)
        {
            final long before = current();
            for (int i = 0; i < WINDOW; i++)
            {
                round.run();
            }
            fewest = Math.min(fewest, current() - before);
        }
        return fewest;
    }
}
