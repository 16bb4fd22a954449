package io.rankwire.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Ends processes and everything they started: asks politely ({@code SIGTERM}), waits a grace
 * period, then kills ({@code SIGKILL}). Descendants are collected before their parents go, since
 * an orphan is no longer anyone's descendant.
 */
final class ProcessTree
{
    private ProcessTree()
    {
    }

    /** Ends {@code roots} and their descendants; returns once all are gone or were killed. */
    static void destroy(final List<ProcessHandle> roots, final long graceMillis)
    {
        final List<ProcessHandle> all = new ArrayList<>();
        for (final ProcessHandle root : roots)
        {
            all.addAll(root.descendants().collect(Collectors.toList()));
            all.add(root);
        }
        all.forEach(ProcessHandle::destroy);
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        for (final ProcessHandle p : all)
        {
            final long left = deadline - System.nanoTime();
            if (left > 0 && p.isAlive())
            {
                try
                {
                    p.onExit().get(left, TimeUnit.NANOSECONDS);
                }
                catch (final Exception ignored)
                {
                    // killed below
                }
            }
        }
        for (final ProcessHandle p : all)
        {
            if (p.isAlive())
            {
                p.destroyForcibly();
            }
        }
        for (final ProcessHandle p : all)
        {
            try
            {
                p.onExit().get(5, TimeUnit.SECONDS);
            }
            catch (final Exception ignored)
            {
                // nothing more can be done
            }
        }
    }
}
