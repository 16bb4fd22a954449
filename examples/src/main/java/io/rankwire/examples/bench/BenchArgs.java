package io.rankwire.examples.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of the benchmarks (each takes the subset its {@link Usage} lists):
 * <pre>
 *   --min-size S   smallest message (default per benchmark)     --iters N    timed iterations
 *   --max-size S   largest message                              --warmup N   untimed iterations first
 *   --window W     messages in flight per iteration (64)        --csv FILE   also write the table as CSV
 *   --plot FILE    draw charts (.png or .svg)                   --no-baseline  skip the raw baseline
 *   --size S       the one message size (MessageRate, Overlap)  --compute-ms M (Overlap)
 *   --rounds R     Rankwire and the baseline alternated R times per size, medians (Latency, Bandwidth, BiBandwidth)
 *   --buffers B    direct (default) or allocate: Rankwire's stream buffers (Bandwidth, BiBandwidth)
 *   --memcpy       also time a plain copy of the same bytes on rank 0 (Bandwidth)
 *   --osu          OSU's osu_latency from the job's start, beside the steady state (Latency; no --rounds, --plot)
 * </pre>
 * Sizes take the binary suffixes K, M and G. Iteration counts of {@code 0} mean the benchmark's
 * own defaults, which shrink for large messages.
 */
final class BenchArgs
{
    int minSize = -1;
    int maxSize = -1;
    int size = -1;
    int iters;
    int warmup = -1;
    int window = 64;
    /** Rankwire and its raw baseline alternated this many times per size (bandwidth benchmarks). */
    int rounds = 1;
    long computeMillis = -1;
    String csv;
    String plot;
    boolean baseline = true;
    /** Rankwire's buffers from {@code Rankwire.allocate} ({@code --buffers allocate}). */
    boolean allocate;
    /** Time a plain copy of the same bytes beside the streams ({@code --memcpy}). */
    boolean memcpy;
    /** OSU's pattern from the job's first message, then the steady state ({@code --osu}, {@link OsuLatency}). */
    boolean osu;
    boolean help;

    /** Bytes a default warm-up moves at least (in iterations, up to {@link #WARMUP_MAX_ITERS}). */
    static final long WARMUP_BYTES = 256L << 20;
    static final int WARMUP_MAX_ITERS = 1000;
    /** The cap of a ping-pong's default warm-up: enough round trips for the JIT's C2 compiler. */
    static final int LATENCY_WARMUP_MAX_ITERS = 10_000;

    /**
     * Parses {@code args} for the benchmark {@code usage} describes. Returns {@code null} after
     * printing the help for {@code --help} or {@code -h}; prints the error and exits with status 2
     * for an unknown option or a bad value. Either way the runtime has not been started.
     */
    static BenchArgs parseOrExit(final Usage usage, final String[] args)
    {
        final BenchArgs a;
        try
        {
            a = parse(usage, args);
        }
        catch (final IllegalArgumentException e)
        {
            System.err.println(usage.program() + ": " + e.getMessage());
            System.err.println("Run with --help for the options.");
            System.exit(2);
            return null;
        }
        if (a.help)
        {
            System.out.print(usage.text());
            return null;
        }
        return a;
    }

    /** Parses every option any benchmark takes. */
    static BenchArgs parse(final String[] args)
    {
        return parse(null, args);
    }

    /** Parses {@code args}, accepting only the options {@code usage} lists (any, if {@code null}). */
    static BenchArgs parse(final Usage usage, final String[] args)
    {
        final BenchArgs a = new BenchArgs();
        for (int i = 0; i < args.length; i++)
        {
            final String name = args[i];
            if (name.equals("--help") || name.equals("-h"))
            {
                a.help = true;
                return a;
            }
            if (usage != null && usage.get(name) == null)
            {
                throw new IllegalArgumentException("option : '" + name + "' (expected: " + usage.names() + ")");
            }
            if (name.equals("--no-baseline"))
            {
                a.baseline = false;
                continue;
            }
            if (name.equals("--memcpy"))
            {
                a.memcpy = true;
                continue;
            }
            if (name.equals("--osu"))
            {
                a.osu = true;
                continue;
            }
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(name + " : missing value (expected: " + name + " VALUE)");
            }
            final String value = args[++i];
            switch (name)
            {
                case "--min-size": a.minSize = parseSize(value); break;
                case "--max-size": a.maxSize = parseSize(value); break;
                case "--size": a.size = parseSize(value); break;
                case "--iters": a.iters = positive(name, value); break;
                case "--warmup": a.warmup = integer(name, value); break;
                case "--window": a.window = positive(name, value); break;
                case "--rounds": a.rounds = positive(name, value); break;
                case "--compute-ms": a.computeMillis = positive(name, value); break;
                case "--csv": a.csv = value; break;
                case "--plot": a.plot = value; break;
                case "--buffers": a.allocate = buffers(value); break;
                default:
                    throw new IllegalArgumentException("option : '" + name + "' (expected: --min-size, --max-size, --size, " +
                        "--iters, --warmup, --window, --rounds, --compute-ms, --buffers, --memcpy, --osu, --csv, --plot or --no-baseline)");
            }
        }
        if (a.osu)
        {
            requireOsuCompatible(a);
        }
        return a;
    }

    /**
     * {@code --osu} reports one OSU average and one steady p50 per size on a table: no alternated
     * rounds, no charts.
     */
    private static void requireOsuCompatible(final BenchArgs a)
    {
        if (a.rounds != 1)
        {
            throw new IllegalArgumentException("--rounds : " + a.rounds + " (expected: 1 with --osu)");
        }
        if (a.plot != null)
        {
            throw new IllegalArgumentException("--plot : " + a.plot + " (expected: none with --osu)");
        }
    }

    private static boolean buffers(final String value)
    {
        switch (value)
        {
            case "direct": return false;
            case "allocate": return true;
            default: throw new IllegalArgumentException("--buffers : '" + value + "' (expected: direct or allocate)");
        }
    }

    /** {@code 0, 1, 2, 4, ...} from {@code min} to {@code max} ({@code 0} first when min is 0). */
    static List<Integer> powersOfTwo(final int min, final int max)
    {
        final List<Integer> sizes = new ArrayList<>();
        if (min == 0)
        {
            sizes.add(0);
        }
        for (long s = Math.max(1, Integer.highestOneBit(Math.max(1, min))); s <= max; s <<= 1)
        {
            if (s >= min)
            {
                sizes.add((int)s);
            }
        }
        return sizes;
    }

    /** Iterations for a message of {@code size} bytes: the option, or fewer for large messages. */
    int itersFor(final int size, final int small, final int large)
    {
        if (iters > 0)
        {
            return iters;
        }
        return size >= 64 * 1024 ? large : small;
    }

    /**
     * The default warm-up's time floor ({@link Latency#warmUp}): {@link Latency#FIRST_WARMUP_NS} at a
     * benchmark's first size, {@link Latency#WARMUP_NS} at the others; 0 when {@code --warmup N} was
     * given (N iterations, no floor, no wait for the JIT).
     */
    long warmupNanos(final boolean firstSize)
    {
        return warmup >= 0 ? 0 : firstSize ? Latency.FIRST_WARMUP_NS : Latency.WARMUP_NS;
    }

    /**
     * Warm-up iterations: the option, or a tenth of the timed iterations but at least enough to
     * move {@link #WARMUP_BYTES} (capped at {@link #WARMUP_MAX_ITERS}), so rendezvous sizes
     * warm up as long as small ones: 1000 iterations up to 256 KiB per iteration, 256 at 1 MiB,
     * 64 at 4 MiB.
     */
    int warmupFor(final int iterations, final long bytesPerIteration)
    {
        return warmupFor(iterations, bytesPerIteration, WARMUP_MAX_ITERS);
    }

    /**
     * Like {@link #warmupFor(int, long)} with another cap: a benchmark that moves one message per
     * iteration each way (a ping-pong) takes {@link #LATENCY_WARMUP_MAX_ITERS}, so that its
     * per-message path is compiled (C2) before anything is timed, as in a JMH run; 1000 round
     * trips leave it in C1 code, which measured 2 to 4 times slower over TCP.
     */
    int warmupFor(final int iterations, final long bytesPerIteration, final int maxIterations)
    {
        if (warmup >= 0)
        {
            return warmup;
        }
        final long byBytes = Math.min(maxIterations, (WARMUP_BYTES + bytesPerIteration - 1) / Math.max(1, bytesPerIteration));
        return (int)Math.max(Math.max(1, iterations / 10), byBytes);
    }

    static int parseSize(final String text)
    {
        final String t = text.trim().toUpperCase(Locale.ROOT);
        final char unit = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
        final int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
        final long value;
        try
        {
            value = Long.parseLong(shift == 0 ? t : t.substring(0, t.length() - 1)) << shift;
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException("size : '" + text + "' (expected: bytes, e.g. 4096, 64K, 4M)", e);
        }
        if (value < 0 || value > Integer.MAX_VALUE - 8)
        {
            throw new IllegalArgumentException("size : " + text + " (expected: 0.." + (Integer.MAX_VALUE - 8) + " bytes)");
        }
        return (int)value;
    }

    /** {@code 512}, {@code 64K}, {@code 4M}. */
    static String formatSize(final int size)
    {
        if (size >= 1 << 20 && size % (1 << 20) == 0)
        {
            return (size >> 20) + "M";
        }
        if (size >= 1 << 10 && size % (1 << 10) == 0)
        {
            return (size >> 10) + "K";
        }
        return Integer.toString(size);
    }

    private static int positive(final String name, final String value)
    {
        final int v = integer(name, value);
        if (v <= 0)
        {
            throw new IllegalArgumentException(name + " : " + v + " (expected: > 0)");
        }
        return v;
    }

    private static int integer(final String name, final String value)
    {
        try
        {
            return Integer.parseInt(value.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException(name + " : '" + value + "' (expected: an integer)", e);
        }
    }
}
