package io.rankwire.jmh.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.baseline.RingEcho;

/**
 * One-way 8-byte latency of the full stack over {@code sim} (inline mode) and of the raw Agrona
 * ring ping-pong, interleaved in one process: every round measures each variant for a short
 * slice, in an order that rotates, so the raw floor and the runtime see the same host state
 * (this machine's two cores switch between a near and a far placement, 70 vs 265 ns on the ring,
 * and a JMH run measures one benchmark minutes after the other). Each slice times
 * {@code batches} batches of {@value #BATCH} round trips; a batch's mean is one sample and the
 * slice reports the median sample, halved (one way). The ratio to the ring is taken per round,
 * then summarised.
 *
 * <pre>
 *   java -cp jmh/target/benchmarks.jar io.rankwire.jmh.sim.SimModesBench \
 *       [rounds=20] [batches=200] [variant ...]
 *   variant: ring | sim | sim:key=value[,key=value]   (keys under rankwire.sim.* or rankwire.*;
 *            echo=anyTag: rank 1 receives with ANY_TAG instead of the ping's tag)
 *   default variants: ring sim
 * </pre>
 *
 * Each sim variant is a pair of ranks as threads of this process (rank 1 echoes with
 * {@code rankwire.idle=backoff} and parks between slices); the ring's partner thread spins only
 * during its own slice. Sim variants share the runtime's code, so each one's code paths pollute
 * the others' JIT profiles: compare the ring with one sim variant per process, and sim
 * variants with each other in separate processes.
 */
public final class SimModesBench
{
    private static final int BATCH = 100;
    private static final int WARM_ROUND_TRIPS = 20_000;

    private SimModesBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        final int batches = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        final List<String> names = new ArrayList<>();
        for (int i = 2; i < args.length; i++)
        {
            names.add(args[i]);
        }
        if (names.isEmpty())
        {
            names.addAll(List.of("ring", "sim"));
        }
        if (!names.contains("ring"))
        {
            throw new IllegalArgumentException("variants : " + names + " (expected: ring among them, the baseline)");
        }
        final List<Variant> variants = new ArrayList<>();
        for (final String name : names)
        {
            variants.add(name.equals("ring") ? new RingVariant() : new SimVariant(name));
        }
        try
        {
            for (final Variant v : variants)
            {
                v.measure(WARM_ROUND_TRIPS / BATCH);
            }
            final double[][] oneWay = new double[variants.size()][rounds];
            final int ring = names.indexOf("ring");
            for (int r = 0; r < rounds; r++)
            {
                final StringBuilder line = new StringBuilder("round " + (r + 1) + ":");
                for (int k = 0; k < variants.size(); k++)
                {
                    final int i = (k + r) % variants.size();
                    oneWay[i][r] = variants.get(i).measure(batches);
                }
                for (int i = 0; i < variants.size(); i++)
                {
                    line.append(String.format("  %s %.0f ns", names.get(i), oneWay[i][r]));
                    if (i != ring)
                    {
                        line.append(String.format(" (%.2fx)", oneWay[i][r] / oneWay[ring][r]));
                    }
                }
                System.out.println(line);
            }
            System.out.println();
            System.out.println("variant: median one-way ns over rounds; ratio to the ring of the same round: median [min..max]");
            for (int i = 0; i < variants.size(); i++)
            {
                final double[] ratios = new double[rounds];
                for (int r = 0; r < rounds; r++)
                {
                    ratios[r] = oneWay[i][r] / oneWay[ring][r];
                }
                Arrays.sort(ratios);
                final double[] ns = oneWay[i].clone();
                Arrays.sort(ns);
                System.out.printf("  %-28s %6.0f ns   %.2fx [%.2f..%.2f]%n", names.get(i), ns[rounds / 2],
                    ratios[rounds / 2], ratios[0], ratios[rounds - 1]);
            }
        }
        finally
        {
            for (final Variant v : variants)
            {
                v.close();
            }
        }
    }

    /** The median of {@code batches} batch means, one way, in nanoseconds. */
    private static double median(final long[] batchNanos)
    {
        Arrays.sort(batchNanos);
        return batchNanos[batchNanos.length / 2] / (2.0 * BATCH);
    }

    private interface Variant extends AutoCloseable
    {
        /** One slice: {@code batches} timed batches; returns the median one-way latency (ns). */
        double measure(int batches) throws Exception;
    }

    private static final class RingVariant implements Variant
    {
        @Override
        public double measure(final int batches) throws Exception
        {
            final long[] samples = new long[batches];
            try (RingEcho ring = RingEcho.start())
            {
                for (int i = 0; i < BATCH; i++)
                {
                    ring.roundTrip();
                }
                for (int b = 0; b < batches; b++)
                {
                    final long start = System.nanoTime();
                    for (int i = 0; i < BATCH; i++)
                    {
                        ring.roundTrip();
                    }
                    samples[b] = System.nanoTime() - start;
                }
            }
            return median(samples);
        }

        @Override
        public void close()
        {
        }
    }

    private static final class SimVariant implements Variant
    {
        private final InJvmPair pair;
        private final Comm world;
        private final MessageBuffer msg = Exchanges.directMessage(Exchanges.SMALL_BYTES);
        private final MutableStatus status = new MutableStatus();

        SimVariant(final String name)
        {
            RankwireConfig config = SimSettings.of("on", "backoff");
            Exchanges.Role role = Exchanges.Role.ECHO;
            final int colon = name.indexOf(':');
            if (colon >= 0)
            {
                for (final String kv : name.substring(colon + 1).split(","))
                {
                    final int eq = kv.indexOf('=');
                    if (eq <= 0)
                    {
                        throw new IllegalArgumentException("variant " + name + " : " + kv + " (expected: key=value)");
                    }
                    final String key = kv.substring(0, eq);
                    if (key.equals("echo"))
                    {
                        role = "anyTag".equals(kv.substring(eq + 1)) ? Exchanges.Role.ECHO_ANY : Exchanges.Role.ECHO;
                        continue;
                    }
                    config = config.set(key.startsWith("rankwire.") ? key : "rankwire.sim." + key, kv.substring(eq + 1));
                }
            }
            pair = InJvmPair.start(config, role);
            world = pair.rank0().world();
        }

        @Override
        public double measure(final int batches)
        {
            final long[] samples = new long[batches];
            for (int i = 0; i < BATCH; i++)
            {
                Exchanges.pingPong(world, msg, status);
            }
            for (int b = 0; b < batches; b++)
            {
                final long start = System.nanoTime();
                for (int i = 0; i < BATCH; i++)
                {
                    Exchanges.pingPong(world, msg, status);
                }
                samples[b] = System.nanoTime() - start;
            }
            return median(samples);
        }

        @Override
        public void close() throws InterruptedException
        {
            pair.close();
        }
    }
}
