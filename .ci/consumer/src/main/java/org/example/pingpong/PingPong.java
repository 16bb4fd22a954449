package org.example.pingpong;

import java.util.concurrent.atomic.AtomicLong;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Rankwire;

/**
 * A 2-rank ping-pong in one JVM ({@code LocalJob}) over each transport named in the arguments
 * (default: tcp and shm), then as a rank of a job when the launcher started this process
 * ({@code Rankwire.init}). Each rank checks every byte it receives; exits non-zero on any mismatch.
 */
public final class PingPong
{
    private static final int ROUNDS = 1000;
    private static final int BYTES = 64;

    private PingPong()
    {
    }

    public static void main(final String[] args)
    {
        if (System.getenv("RANKWIRE_RANK") != null)
        {
            try (Rankwire rw = Rankwire.init(args))
            {
                System.out.println("rank " + rw.rank() + " of " + rw.size() + ": " + pingPong(rw) + " round trips");
            }
            return;
        }
        for (final String transport : args.length > 0 ? args : new String[] {"tcp", "shm"})
        {
            final AtomicLong rounds = new AtomicLong();
            LocalJob.run(2, transport, rw -> rounds.addAndGet(pingPong(rw)));
            if (rounds.get() != 2L * ROUNDS)
            {
                throw new IllegalStateException(transport + ": " + rounds.get() + " round trips (expected: " + 2 * ROUNDS + ")");
            }
            System.out.println(transport + ": 2 ranks, " + ROUNDS + " round trips of " + BYTES + " bytes, every byte checked");
        }
    }

    private static int pingPong(final Rankwire rw)
    {
        final Comm world = rw.world();
        final int peer = 1 - world.rank();
        final byte[] buf = new byte[BYTES];
        for (int i = 0; i < ROUNDS; i++)
        {
            if (world.rank() == 0)
            {
                fill(buf, i);
                world.send(buf, 0, BYTES, peer, 1);
                world.recv(buf, 0, BYTES, peer, 2);
                check(buf, i + 1);
            }
            else
            {
                world.recv(buf, 0, BYTES, peer, 1);
                check(buf, i);
                fill(buf, i + 1);
                world.send(buf, 0, BYTES, peer, 2);
            }
        }
        return ROUNDS;
    }

    private static void fill(final byte[] buf, final int round)
    {
        for (int k = 0; k < buf.length; k++)
        {
            buf[k] = (byte)(round * 31 + k);
        }
    }

    private static void check(final byte[] buf, final int round)
    {
        for (int k = 0; k < buf.length; k++)
        {
            if (buf[k] != (byte)(round * 31 + k))
            {
                throw new IllegalStateException("round " + round + ", byte " + k + ": " + buf[k]);
            }
        }
    }
}
