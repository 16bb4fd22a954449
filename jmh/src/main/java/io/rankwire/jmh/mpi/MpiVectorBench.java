package io.rankwire.jmh.mpi;

import java.util.Arrays;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.jmh.sim.InJvmPair;
import mpi.MPI;
import mpi.RankBinding;

/**
 * The vector datatype against the same bytes sent contiguously, interleaved in one process so that
 * every layout sees the same host state (this machine's two cores are shared, and a JMH run
 * measures one configuration minutes after another): every round runs a slice of
 * {@code reps} ping-pongs (8 MiB each way) of each layout of {@link Sides}, in an order that
 * rotates; the ratios of the vector's round-trip time to the baselines' are taken per round and
 * summarised (median, min, max), beside each layout's median bandwidth.
 *
 * <pre>
 *   java -cp jmh/target/benchmarks.jar io.rankwire.jmh.mpi.MpiVectorBench [transport=sim|tcp] [rounds=15] [reps=8]
 * </pre>
 */
public final class MpiVectorBench
{
    private static final int DATA = 0;
    private static final int CONTROL = 1;
    private static final double BYTES = 2.0 * 8 * Sides.DOUBLES;

    private MpiVectorBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String transport = args.length > 0 ? args[0] : "sim";
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        final int reps = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        RankwireConfig config = new RankwireConfig(new Properties()).transport(transport);
        if ("sim".equals(transport))
        {
            config = config.set("rankwire.sim.mode", "inline");
        }
        final Rankwire[] ranks = InJvmPair.startBoth(config);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread partner = new Thread(() -> echo(ranks[1], failure), "rank-1-echo");
        partner.setDaemon(true);
        partner.start();
        RankBinding.bind(ranks[0]);
        MPI.Init(new String[0]);
        final int n = Sides.LAYOUTS.length;
        final Sides[] sides = new Sides[n];
        for (int l = 0; l < n; l++)
        {
            sides[l] = Sides.of(Sides.LAYOUTS[l], true);
            slice(l, sides[l], reps);
        }
        final double[][] ns = new double[n][rounds];
        for (int r = 0; r < rounds; r++)
        {
            for (int k = 0; k < n; k++)
            {
                final int l = (r + k) % n;
                ns[l][r] = slice(l, sides[l], reps);
            }
        }
        MPI.COMM_WORLD.send(new int[] {-1, 0}, 2, MPI.INT, 1, CONTROL);
        MPI.Finalize();
        ranks[0].close();
        partner.join(TimeUnit.SECONDS.toMillis(30));
        if (failure.get() != null)
        {
            throw new IllegalStateException("rank 1 failed", failure.get());
        }
        report(transport, rounds, reps, ns);
    }

    /** Mean round-trip nanoseconds of {@code reps} ping-pongs of layout {@code l}. */
    private static double slice(final int l, final Sides s, final int reps)
    {
        MPI.COMM_WORLD.send(new int[] {l, reps}, 2, MPI.INT, 1, CONTROL);
        final long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++)
        {
            MPI.COMM_WORLD.send(s.buf, s.count, s.type, 1, DATA);
            MPI.COMM_WORLD.recv(s.buf, s.count, s.type, 1, DATA);
        }
        return (System.nanoTime() - t0) / (double)reps;
    }

    private static void echo(final Rankwire rw, final AtomicReference<Throwable> failure)
    {
        try
        {
            RankBinding.bind(rw);
            MPI.Init(new String[0]);
            final Sides[] sides = new Sides[Sides.LAYOUTS.length];
            final int[] control = new int[2];
            while (true)
            {
                MPI.COMM_WORLD.recv(control, 2, MPI.INT, 0, CONTROL);
                if (control[0] < 0)
                {
                    break;
                }
                if (sides[control[0]] == null)
                {
                    sides[control[0]] = Sides.of(Sides.LAYOUTS[control[0]], false);
                }
                final Sides s = sides[control[0]];
                for (int i = 0; i < control[1]; i++)
                {
                    MPI.COMM_WORLD.recv(s.buf, s.count, s.type, 0, DATA);
                    MPI.COMM_WORLD.send(s.buf, s.count, s.type, 0, DATA);
                }
            }
            MPI.Finalize();
            rw.close();
        }
        catch (final Throwable t)
        {
            failure.set(t);
        }
    }

    private static void report(final String transport, final int rounds, final int reps, final double[][] ns)
    {
        System.out.printf("transport %s, %d rounds of %d ping-pongs of 8 MiB each way per layout%n", transport, rounds, reps);
        for (int l = 0; l < ns.length; l++)
        {
            final double[] sorted = ns[l].clone();
            Arrays.sort(sorted);
            System.out.printf("  %-20s median %6.2f GB/s  (round trip %7.2f ms)%n", Sides.LAYOUTS[l],
                BYTES / sorted[sorted.length / 2], sorted[sorted.length / 2] / 1e6);
        }
        for (final int vector : new int[] {2, 3})
        {
            for (final int base : new int[] {0, 1})
            {
                final double[] ratio = new double[ns[0].length];
                for (int r = 0; r < ratio.length; r++)
                {
                    ratio[r] = ns[base][r] / ns[vector][r];
                }
                Arrays.sort(ratio);
                System.out.printf("  %s / %s speed: median %.2f (min %.2f, max %.2f)%n", Sides.LAYOUTS[vector], Sides.LAYOUTS[base],
                    ratio[ratio.length / 2], ratio[0], ratio[ratio.length - 1]);
            }
        }
    }
}
