package io.rankwire.shm.process;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;

/**
 * A job of N ranks in this JVM with its shm directory on a small file system (the test mounts a
 * tmpfs for it), moving enough to touch every page of every ring and staging area:
 *
 * <pre>
 *   SmallShmMain shmDir transport ranks rounds [key=value ...]
 * </pre>
 *
 * Each round every pair of ranks exchanges, both ways, 64 messages of 16 KiB (eager, through the
 * rings) and one of 4 MiB from a heap array and one from a {@code Rankwire.allocate} buffer
 * (rendezvous, through staging and the shared heap), checking every byte. Prints
 * {@code SMALLSHM rank R peer P over T} for each peer, then {@code SMALLSHM ok} and exits 0; or
 * {@code SMALLSHM failed:} with every message of the failure's causes and exits 3. N is a power of
 * two (pairs by XOR).
 */
public final class SmallShmMain
{
    static final int EAGER = 16 << 10;
    static final int LARGE = 4 << 20;

    private SmallShmMain()
    {
    }

    public static void main(final String[] args)
    {
        final RankwireConfig config = new RankwireConfig().set("rankwire.shm.dir", args[0]);
        for (int i = 4; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            config.set(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        final int rounds = Integer.parseInt(args[3]);
        try
        {
            LocalJob.run(Integer.parseInt(args[2]), args[1], config, Duration.ofSeconds(100), rw -> exchange(rw, rounds));
            System.out.println("SMALLSHM ok");
            System.exit(0);
        }
        catch (final Throwable t)
        {
            final StringBuilder why = new StringBuilder("SMALLSHM failed:");
            for (Throwable c = t; c != null; c = c.getCause())
            {
                why.append(" [").append(c.getClass().getName()).append(": ").append(c.getMessage()).append(']');
            }
            System.out.println(why);
            System.exit(3);
        }
    }

    private static void exchange(final Rankwire rw, final int rounds)
    {
        final Comm world = rw.world();
        final int rank = world.rank();
        final int size = world.size();
        for (int step = 1; step < size; step++)
        {
            System.out.println("SMALLSHM rank " + rank + " peer " + (rank ^ step) + " over " + rw.transportOf(rank ^ step));
        }
        final byte[] small = new byte[EAGER];
        final byte[] large = new byte[LARGE];
        final byte[] in = new byte[LARGE];
        final ByteBuffer shared = rw.allocate(LARGE);
        for (int round = 0; round < rounds; round++)
        {
            for (int step = 1; step < size; step++)
            {
                final int peer = rank ^ step;
                for (int m = 0; m < 64; m++)
                {
                    Arrays.fill(small, (byte)(rank + m));
                    swap(world, rank, peer, small, in, EAGER);
                    check(in, EAGER, (byte)(peer + m));
                }
                Arrays.fill(large, (byte)(rank * 3 + round));
                swap(world, rank, peer, large, in, LARGE);
                check(in, LARGE, (byte)(peer * 3 + round));
                for (int i = 0; i < LARGE; i++)
                {
                    shared.put(i, (byte)(rank * 5 + round));
                }
                if (rank < peer)
                {
                    world.send(shared.clear(), peer, 2);
                    world.recv(in, 0, LARGE, peer, 2);
                }
                else
                {
                    world.recv(in, 0, LARGE, peer, 2);
                    world.send(shared.clear(), peer, 2);
                }
                check(in, LARGE, (byte)(peer * 5 + round));
            }
        }
        rw.free(shared);
        world.barrier();
    }

    private static void swap(final Comm world, final int rank, final int peer, final byte[] out, final byte[] in, final int n)
    {
        if (rank < peer)
        {
            world.send(out, 0, n, peer, 1);
            world.recv(in, 0, n, peer, 1);
        }
        else
        {
            world.recv(in, 0, n, peer, 1);
            world.send(out, 0, n, peer, 1);
        }
    }

    private static void check(final byte[] in, final int n, final byte expected)
    {
        for (int i = 0; i < n; i++)
        {
            if (in[i] != expected)
            {
                throw new IllegalStateException("byte " + i + " : " + in[i] + " (expected: " + expected + ")");
            }
        }
    }
}
