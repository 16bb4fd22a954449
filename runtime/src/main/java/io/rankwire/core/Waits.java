package io.rankwire.core;

import java.util.Arrays;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.Request;
import io.rankwire.Status;

/** The bodies of {@link Request}'s static wait and test calls. */
public final class Waits
{
    private Waits()
    {
    }

    public static Status[] waitAll(final Request... requests)
    {
        final Status[] statuses = new Status[requests.length];
        for (int i = 0; i < requests.length; i++)
        {
            statuses[i] = requests[i].await();
        }
        return statuses;
    }

    public static int waitAny(final Request... requests)
    {
        final int i = waitAnyDone(requests);
        requests[i].await();
        return i;
    }

    /** Blocks until one request is done and returns its index, without completing it. Allocates nothing. */
    public static int waitAnyDone(final Request... requests)
    {
        checkNotEmpty(requests);
        final IdleStrategy idler = idlerOf(requests);
        idler.reset();
        while (true)
        {
            final int i = testAny(requests);
            if (i >= 0)
            {
                return i;
            }
            idler.idle();
        }
    }

    public static int[] waitSome(final Request... requests)
    {
        checkNotEmpty(requests);
        final IdleStrategy idler = idlerOf(requests);
        final int[] done = new int[requests.length];
        idler.reset();
        while (true)
        {
            progress(requests);
            int n = 0;
            for (int i = 0; i < requests.length; i++)
            {
                if (requests[i].isDone())
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

    public static boolean testAll(final Request... requests)
    {
        progress(requests);
        for (final Request r : requests)
        {
            if (!r.isDone())
            {
                return false;
            }
        }
        return true;
    }

    public static int testAny(final Request... requests)
    {
        progress(requests);
        for (int i = 0; i < requests.length; i++)
        {
            if (requests[i].isDone())
            {
                return i;
            }
        }
        return -1;
    }

    private static void progress(final Request... requests)
    {
        Engine last = null;
        for (final Request r : requests)
        {
            if (!(r instanceof Operation))
            {
                continue;
            }
            final Engine e = ((Operation)r).engine;
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
                return ((Operation)r).engine.idler();
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
