package io.rankwire.examples;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * Ranks 0 and 1 bounce a message back and forth and rank 0 prints the one-way latency (half the
 * round trip) for a few message sizes. Other ranks, if any, only take part in start and close.
 *
 * <p>Arguments: {@code [iterations]} (default 1000; large messages use a tenth of it).
 */
public final class PingPong
{
    private static final int TAG = 1;
    private static final int[] SIZES = {0, 8, 1024, 64 * 1024, 1024 * 1024};

    private PingPong()
    {
    }

    public static void main(final String[] args)
    {
        // init blocks until every rank of the job has started; close waits for all of them again.
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.size() < 2)
            {
                throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2)");
            }
            final int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
            if (world.rank() == 0)
            {
                System.out.printf("PingPong over %s: %d ranks%n", rw.config().transport(), world.size());
                System.out.printf("%10s %8s %14s %12s%n", "size(B)", "iters", "latency(us)", "MB/s");
            }
            final byte[] buf = new byte[SIZES[SIZES.length - 1]];
            for (final int size : SIZES)
            {
                final int iters = size >= 64 * 1024 ? Math.max(1, iterations / 10) : iterations;
                if (world.rank() < 2)
                {
                    final long nanos = bounce(world, buf, size, iters);
                    if (world.rank() == 0)
                    {
                        final double oneWayMicros = nanos / 2.0 / iters / 1000.0;
                        final double mbPerSecond = size / oneWayMicros;
                        System.out.printf("%10d %8d %14.2f %12.1f%n", size, iters, oneWayMicros, mbPerSecond);
                    }
                }
            }
        }
    }

    /** Bounces {@code size} bytes {@code iters} times after one warm-up round trip; returns the time taken. */
    private static long bounce(final Comm world, final byte[] buf, final int size, final int iters)
    {
        final int peer = 1 - world.rank();
        exchange(world, buf, size, peer);
        final long start = System.nanoTime();
        for (int i = 0; i < iters; i++)
        {
            exchange(world, buf, size, peer);
        }
        return System.nanoTime() - start;
    }

    /** Rank 0 sends then receives; rank 1 receives then sends back. */
    private static void exchange(final Comm world, final byte[] buf, final int size, final int peer)
    {
        if (world.rank() == 0)
        {
            world.send(buf, 0, size, peer, TAG);     // returns when buf may be reused
            world.recv(buf, 0, size, peer, TAG);     // returns when the reply is in buf
        }
        else
        {
            world.recv(buf, 0, size, peer, TAG);
            world.send(buf, 0, size, peer, TAG);
        }
    }
}
