package io.rankwire;

import java.util.Arrays;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Engine;
import io.rankwire.core.Operation;

/** The bodies of {@link Request}'s static wait and test calls. */
final class Waits
{
    private Waits()
    {
    }

    static Status[] waitAll(final Request... requests)
    {
        final Status[] statuses = new Status[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            statuses[i] = requests[i].await();
        }
        return statuses;
    }

    static int waitAny(final Request... requests)
    {
        final int i = waitAnyDone(requests);
        if (i >= 0)
        {
            requests[i].await();
        }
        return i;
    }

    /**
     * Blocks until one request is done and returns its index, without completing it; -1 when every
     * request is an inactive persistent request (which waits and tests skip, as MPI skips
     * inactive handles). Allocates nothing.
     */
    static int waitAnyDone(final Request... requests)
    {
        checkNotEmpty(requests);
        if (allInactive(requests))
        {
            return -1;
        }
        final IdleStrategy idler = idlerOf(requests);
        idler.reset();
        while (true)
        {
            final int i = firstDone(requests);
            if (i >= 0)
            {
                return i;
            }
            idler.idle();
        }
    }

    static int[] waitSome(final Request... requests)
    {
        checkNotEmpty(requests);
        final IdleStrategy idler = idlerOf(requests);
        if (allInactive(requests))
        {
            return new int[0];
        }
        final int[] done = new int[requests.length];
        idler.reset();
        while (true)
        {
            progress(requests);
            int n = 0;
            for (int i = 0; i < requests.length; i++)
            {
                if (!isInactive(requests[i]) && requests[i].isDone())
                {
                    requests[i].await();
                    done[n++] = i;
                }
            }
            if (n > 0)
            {
                return Arrays.copyOf(done, n);
            }
            idler.idle();
        }
    }

    /**
     * True when every request is done; then each is completed by its own {@code test()}, so
     * persistent requests become inactive.
     */
    static boolean testAll(final Request... requests)
    {
        progress(requests);
        for (final Request r : requests)
        {
            if (!r.isDone())
            {
                return false;
            }
        }
        for (final Request r : requests)
        {
            r.test();
        }
        return true;
    }

    /** The index of a done request, completed by its own {@code test()}, or -1. */
    static int testAny(final Request... requests)
    {
        final int i = firstDone(requests);
        if (i >= 0)
        {
            requests[i].test();
        }
        return i;
    }

    private static int firstDone(final Request... requests)
    {
        progress(requests);
        for (int i = 0; i < requests.length; i++)
        {
            if (!isInactive(requests[i]) && requests[i].isDone())
            {
                return i;
            }
        }
        return -1;
    }

    /** True for a persistent request that is not started (skipped by the "any" and "some" families). */
    private static boolean isInactive(final Request r)
    {
        return r instanceof PersistentRequest && !((PersistentRequest)r).isActive();
    }

    private static boolean allInactive(final Request... requests)
    {
        for (final Request r : requests)
        {
            if (!isInactive(r))
            {
                return false;
            }
        }
        return true;
    }

    private static void progress(final Request... requests)
    {
        Engine last = null;
        for (final Request r : requests)
        {
            if (r instanceof Progressing)
            {
                ((Progressing)r).progress();   // drives its engine, which advances it
                continue;
            }
            if (!(r instanceof Operation))
            {
                continue;
            }
            final Engine e = ((Operation)r).engine();
            if (e != last)
            {
                e.progressOnce();
                last = e;
            }
        }
    }

    private static IdleStrategy idlerOf(final Request... requests)
    {
        for (final Request r : requests)
        {
            if (r instanceof Operation)
            {
                return ((Operation)r).engine().idler();
            }
            if (r instanceof Progressing)
            {
                return ((Progressing)r).idler();
            }
        }
        return new org.agrona.concurrent.BackoffIdleStrategy();
    }

    private static void checkNotEmpty(final Request... requests)
    {
        if (requests.length == 0)
        {
            throw new IllegalArgumentException("requests : 0 (expected: at least one request)");
        }
    }
}
