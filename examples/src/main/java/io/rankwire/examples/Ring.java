package io.rankwire.examples;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * A token travels once around all ranks: 0 -> 1 -> ... -> N-1 -> 0. Each rank adds its own rank
 * number to it; rank 0 checks that the token came back as {@code 0 + 1 + ... + (N-1)}.
 *
 * <p>Arguments: {@code [laps]} (default 1): how many times the token goes around.
 */
public final class Ring
{
    private static final int TAG = 7;

    private Ring()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final int rank = world.rank();
            final int size = world.size();
            final int laps = args.length > 0 ? Integer.parseInt(args[0]) : 1;
            final int right = (rank + 1) % size;
            final int left = (rank + size - 1) % size;
            final long[] token = new long[1];
            // One descriptor for the token, made once: every call below names the same element.
            final MessageBuffer tokenBuf = MessageBuffer.of(token);

            for (int lap = 0; lap < laps; lap++)
            {
                if (rank == 0)
                {
                    // Post the receive first, so a job of one rank (sending to itself) works too.
                    final Request back = world.irecv(tokenBuf, left, TAG);
                    world.send(tokenBuf, right, TAG);
                    back.await();
                }
                else
                {
                    world.recv(tokenBuf, left, TAG);
                    token[0] += rank;
                    world.send(tokenBuf, right, TAG);
                }
            }

            if (rank == 0)
            {
                final long expected = (long)laps * size * (size - 1) / 2;
                if (token[0] != expected)
                {
                    throw new IllegalStateException("token : " + token[0] + " (expected: " + expected + ")");
                }
                System.out.printf("Ring OK: %d ranks, %d lap(s), sum=%d%n", size, laps, token[0]);
                if (size > 1)
                {
                    // shm within a host, tcp across hosts by default (rwrun --transport decides)
                    System.out.printf("Ring path: rank 0 reaches rank 1 over %s%n", rw.transportOf(1));
                }
            }
        }
    }
}
