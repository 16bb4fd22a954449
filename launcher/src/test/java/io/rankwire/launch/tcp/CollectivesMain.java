package io.rankwire.launch.tcp;

import java.util.Arrays;

import io.rankwire.Comm;
import io.rankwire.Op;
import io.rankwire.Rankwire;
import io.rankwire.RankwireException;
import io.rankwire.buffer.MessageBuffer;

/**
 * Collectives with the job's default algorithms, for the multi-host checks of {@code .ci/}.
 *
 * <ul>
 *   <li>{@code check}: broadcast on both sides of the multi-host switch point (1 MiB), reduce and
 *       all-reduce across the all-reduce switch points, gather and scatter from 64 B to 96 KiB
 *       blocks, each result checked element by element;
 *       every rank prints {@code collectives rank R of N PASS (hosts H)} (H: the job's
 *       {@code rankwire.job.hosts} setting) and rank 0 the time taken.</li>
 *   <li>{@code loop SECONDS}: 1 MiB all-reduces and broadcasts until SECONDS have passed; every rank
 *       prints {@code looping} once, rank 0 {@code round K} about every second. A rank whose peer
 *       is lost prints the runtime's exception and exits with code 1 at once.</li>
 * </ul>
 */
public final class CollectivesMain
{
    private static final int[] BCAST_BYTES = {1024, 600 * 1024, 3 << 20};
    private static final int[] REDUCE_DOUBLES = {128, 96 * 1024, 384 * 1024};
    private static final int[] BLOCK_BYTES = {64, 8 * 1024, 96 * 1024};

    private CollectivesMain()
    {
    }

    public static void main(final String[] args)
    {
        final String mode = args.length > 0 ? args[0] : "check";
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm c = rw.world();
            if (mode.equals("loop"))
            {
                loopOrExit(c, Long.parseLong(args[1]));
                return;
            }
            final long t0 = System.nanoTime();
            for (final int bytes : BCAST_BYTES)
            {
                bcast(c, bytes);
            }
            for (final int count : REDUCE_DOUBLES)
            {
                reduce(c, count);
            }
            for (final int block : BLOCK_BYTES)
            {
                gather(c, block);
                scatter(c, block);
            }
            c.barrier();
            System.out.println("collectives rank " + c.rank() + " of " + c.size() + " PASS (hosts " +
                rw.config().settings().get("rankwire.job.hosts") + ")");
            if (c.rank() == 0)
            {
                System.out.printf("collectives took %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            }
        }
    }

    private static byte value(final int seed, final int i)
    {
        return (byte)(seed * 31 + i * 7 + (i >>> 8));
    }

    private static void bcast(final Comm c, final int bytes)
    {
        final int root = c.size() - 1;
        final byte[] buf = new byte[bytes];
        if (c.rank() == root)
        {
            for (int i = 0; i < bytes; i++)
            {
                buf[i] = value(bytes, i);
            }
        }
        c.bcast(MessageBuffer.of(buf), root);
        for (int i = 0; i < bytes; i++)
        {
            check(buf[i] == value(bytes, i), "bcast of " + bytes + " B: byte " + i);
        }
    }

    private static void reduce(final Comm c, final int count)
    {
        final double[] in = new double[count];
        for (int i = 0; i < count; i++)
        {
            in[i] = c.rank() + i % 7;
        }
        final double[] out = new double[count];
        c.reduce(MessageBuffer.of(in), MessageBuffer.of(out), Op.SUM, 0);
        final double[] all = new double[count];
        c.allReduce(MessageBuffer.of(in), MessageBuffer.of(all), Op.SUM);
        final int n = c.size();
        for (int i = 0; i < count; i++)
        {
            final double expected = n * (n - 1) / 2.0 + n * (i % 7);
            check(all[i] == expected, "allReduce of " + count + " doubles: element " + i + " = " + all[i]);
            check(c.rank() != 0 || out[i] == expected, "reduce of " + count + " doubles: element " + i + " = " + out[i]);
        }
    }

    private static void gather(final Comm c, final int block)
    {
        final byte[] mine = new byte[block];
        Arrays.fill(mine, (byte)(c.rank() + 1));
        final byte[] all = new byte[block * c.size()];
        c.gather(MessageBuffer.of(mine), MessageBuffer.of(all), 0);
        for (int i = 0; c.rank() == 0 && i < all.length; i++)
        {
            check(all[i] == (byte)(i / block + 1), "gather of " + block + " B blocks: byte " + i);
        }
    }

    private static void scatter(final Comm c, final int block)
    {
        final byte[] all = new byte[block * c.size()];
        for (int i = 0; c.rank() == 0 && i < all.length; i++)
        {
            all[i] = (byte)(i / block + 2);
        }
        final byte[] mine = new byte[block];
        c.scatter(MessageBuffer.of(all), MessageBuffer.of(mine), 0);
        for (int i = 0; i < block; i++)
        {
            check(mine[i] == (byte)(c.rank() + 2), "scatter of " + block + " B blocks: byte " + i);
        }
    }

    /**
     * {@link #loop}; a communication failure ends this process at once with exit code 1, the way
     * MPI's default error handler (errors are fatal) ends a rank, instead of waiting in
     * {@code close()} for the closing rendezvous of ranks that will never arrive.
     */
    private static void loopOrExit(final Comm c, final long seconds)
    {
        try
        {
            loop(c, seconds);
        }
        catch (final RankwireException e)
        {
            System.err.println("rank " + c.rank() + ": " + e);
            System.err.flush();
            System.exit(1);
        }
    }

    private static void loop(final Comm c, final long seconds)
    {
        System.out.println("looping");
        final double[] in = new double[128 * 1024];
        final double[] out = new double[in.length];
        final long end = System.nanoTime() + seconds * 1_000_000_000L;
        long next = System.nanoTime();
        for (int round = 0; ; round++)
        {
            // element 0 counts the ranks whose time is up, so all stop after the same round
            in[0] = System.nanoTime() >= end ? 1 : 0;
            c.allReduce(MessageBuffer.of(in), MessageBuffer.of(out), Op.SUM);
            if (out[0] > 0)
            {
                return;
            }
            c.bcast(MessageBuffer.of(out), round % c.size());
            if (c.rank() == 0 && System.nanoTime() >= next)
            {
                System.out.println("round " + round);
                next = System.nanoTime() + 1_000_000_000L;
            }
        }
    }

    private static void check(final boolean ok, final String what)
    {
        if (!ok)
        {
            throw new IllegalStateException(what + " is wrong");
        }
    }
}
