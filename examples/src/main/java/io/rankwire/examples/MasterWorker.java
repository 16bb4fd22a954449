package io.rankwire.examples;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;

/**
 * Dynamic load balancing: rank 0 hands out tasks one at a time to whichever worker reports a
 * result first ({@code probe} with {@code ANY_SOURCE}), so fast workers get more tasks. When
 * the tasks run out each worker gets a stop message. Rank 0 checks the sum of all results against
 * a serial computation and prints how many tasks each worker did.
 *
 * <p>Arguments: {@code [tasks]} (default 200).
 */
public final class MasterWorker
{
    private static final int TASK = 1;
    private static final int RESULT = 2;
    private static final int STOP = 3;

    private MasterWorker()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.size() < 2)
            {
                throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2, a master and workers)");
            }
            final int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 200;
            if (world.rank() == 0)
            {
                master(world, tasks);
            }
            else
            {
                worker(world);
            }
        }
    }

    private static void master(final Comm world, final int tasks)
    {
        final int workers = world.size() - 1;
        final long[] done = new long[world.size()];
        final long[] msg = new long[2];
        // A task is msg[0], a result msg[0..1], a stop no element: one descriptor for each, made once.
        final MessageBuffer task = MessageBuffer.of(msg, 0, 1);
        final MessageBuffer result = MessageBuffer.of(msg, 0, 2);
        final MessageBuffer stop = MessageBuffer.of(msg, 0, 0);
        int nextTask = 0;
        int outstanding = 0;
        // Prime every worker with one task (or stop it at once if there are too few tasks).
        for (int w = 1; w <= workers; w++)
        {
            if (nextTask < tasks)
            {
                msg[0] = nextTask++;
                world.send(task, w, TASK);
                outstanding++;
            }
            else
            {
                world.send(stop, w, STOP);
            }
        }
        long total = 0;
        while (outstanding > 0)
        {
            // Whoever finishes first: probe tells us the source, the receive then names it.
            final Status st = world.probe(Comm.ANY_SOURCE, RESULT);
            final int worker = st.source();
            world.recv(result, worker, RESULT);
            total += msg[1];
            done[worker]++;
            outstanding--;
            if (nextTask < tasks)
            {
                msg[0] = nextTask++;
                world.send(task, worker, TASK);
                outstanding++;
            }
            else
            {
                world.send(stop, worker, STOP);   // an empty message: the tag says it all
            }
        }

        long expected = 0;
        for (int t = 0; t < tasks; t++)
        {
            expected += work(t);
        }
        if (total != expected)
        {
            throw new IllegalStateException("total : " + total + " (expected: " + expected + ")");
        }
        final StringBuilder counts = new StringBuilder();
        for (int w = 1; w <= workers; w++)
        {
            counts.append(w == 1 ? "" : " ").append(w).append(':').append(done[w]);
        }
        System.out.printf("MasterWorker OK: %d tasks, %d workers, total=%d, tasks per worker [%s]%n",
            tasks, workers, total, counts);
    }

    private static void worker(final Comm world)
    {
        final long[] msg = new long[2];
        final MessageBuffer task = MessageBuffer.of(msg, 0, 1);
        final MessageBuffer result = MessageBuffer.of(msg, 0, 2);
        final MessageBuffer stop = MessageBuffer.of(msg, 0, 0);
        while (true)
        {
            // Look at the next message from the master before receiving it: task or stop?
            final Status st = world.probe(0, Comm.ANY_TAG);
            if (st.tag() == STOP)
            {
                world.recv(stop, 0, STOP);
                return;
            }
            world.recv(task, 0, TASK);
            msg[1] = work(msg[0]);
            world.send(result, 0, RESULT);
        }
    }

    /** A task of uneven cost: the length of the Collatz sequences of a range of numbers. */
    static long work(final long task)
    {
        long steps = 0;
        final long first = task * 1_000 + 1;
        for (long n = first; n < first + 200 + (task % 7) * 100; n++)
        {
            long x = n;
            while (x != 1)
            {
                x = (x & 1) == 0 ? x >> 1 : 3 * x + 1;
                steps++;
            }
        }
        return steps;
    }
}
