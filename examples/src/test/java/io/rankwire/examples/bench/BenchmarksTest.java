package io.rankwire.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.examples.Launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every benchmark, with tiny sizes and counts, as a launched two-rank job on both transports. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class BenchmarksTest
{
    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
    private static final byte[] PNG_MAGIC = {(byte)0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportLatencyPercentilesWithBaselineCsvAndPlots(final String transport) throws IOException
    {
        final Path csv = dir.resolve("lat.csv");
        final String ext = transport.equals("sim") ? ".png" : ".svg";
        final Path plot = dir.resolve("lat" + ext);
        final Launch.Result r = Launch.run(transport, 2, Latency.class,
            "--max-size", "4K", "--iters", "20", "--warmup", "2", "--csv", csv.toString(), "--plot", plot.toString());
        assertEquals(0, r.code, r::toString);
        final List<Integer> sizes = BenchArgs.powersOfTwo(0, 4096);
        for (final int size : sizes)
        {
            final Matcher m = r.line(0, "\\s*" + size + "\\s+20" + ("\\s+" + NUMBER).repeat(7));
            final double p50 = Double.parseDouble(m.group(1));
            final double p99 = Double.parseDouble(m.group(2));
            final double max = Double.parseDouble(m.group(4));
            assertTrue(p50 > 0 && p50 <= p99 && p99 <= max, r::toString);
        }
        final List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertEquals("size,iters,p50,p99,p99.9,max,raw_p50,raw_p99,p50_ratio", rows.get(0));
        assertEquals(sizes.size() + 1, rows.size());
        assertChart(plot, ext);
        assertChart(dir.resolve("lat-percentiles" + ext), ext);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportBandwidthBySizeAndPlotIt(final String transport) throws IOException
    {
        final Path plot = dir.resolve("bw.png");
        final Launch.Result r = Launch.run(transport, 2, Bandwidth.class,
            "--max-size", "16K", "--iters", "3", "--warmup", "1", "--window", "8", "--plot", plot.toString());
        assertEquals(0, r.code, r::toString);
        for (final int size : BenchArgs.powersOfTwo(1, 16384))
        {
            final Matcher m = r.line(0, "\\s*" + size + "\\s+3" + ("\\s+" + NUMBER).repeat(3));
            if (size == 16384)
            {
                assertTrue(Double.parseDouble(m.group(1)) > 0 && Double.parseDouble(m.group(2)) > 0, r::toString);
            }
        }
        assertChart(plot, ".png");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportBidirectionalBandwidth(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, BiBandwidth.class,
            "--min-size", "64", "--max-size", "64K", "--iters", "2", "--warmup", "1", "--window", "8");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Rankwire bidirectional bandwidth over " + transport + ", window 8, MB/s; baseline: raw .*");
        for (final int size : BenchArgs.powersOfTwo(64, 65536))
        {
            r.line(0, "\\s*" + size + "\\s+2" + ("\\s+" + NUMBER).repeat(3));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportMediansOfAlternatedRounds(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, Bandwidth.class,
            "--min-size", "1K", "--max-size", "4K", "--iters", "2", "--window", "4", "--rounds", "3");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Rankwire bandwidth over " + transport + ", window 4, MB/s; baseline: raw .*; medians of 3 alternated rounds");
        for (final Matcher m : rows(r, 1024, 4096, 2, 3))
        {
            assertTrue(Double.parseDouble(m.group(1)) > 0 && Double.parseDouble(m.group(2)) > 0 &&
                Double.parseDouble(m.group(3)) > 0, r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldStreamFromAllocatedBuffersBesideACopyInMemory(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, Bandwidth.class,
            "--min-size", "64K", "--max-size", "128K", "--iters", "2", "--warmup", "1", "--window", "4", "--rounds", "2",
            "--buffers", "allocate", "--memcpy");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Rankwire bandwidth over " + transport + ", window 4, Rankwire.allocate buffers, MB/s; baseline: raw .*");
        r.line(0, "\\s*size\\s+iters\\s+MB/s\\s+raw_MB/s\\s+ratio\\s+memcpy_MB/s\\s+of_memcpy");
        for (final Matcher m : rows(r, 65536, 131072, 2, 5))
        {
            final double mbs = Double.parseDouble(m.group(1));
            final double copy = Double.parseDouble(m.group(4));
            final double share = Double.parseDouble(m.group(5));
            assertTrue(mbs > 0 && copy > 0 && share > 0, r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldTimeEveryAlternatedLatencyRound(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, Latency.class,
            "--min-size", "8", "--max-size", "64", "--iters", "20", "--warmup", "2", "--rounds", "3");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Rankwire latency over " + transport + ", .*; baseline: raw .*; 3 alternated rounds, p50_ratio their median");
        for (final Matcher m : rows(r, 8, 64, 60, 7))
        {
            assertTrue(Double.parseDouble(m.group(1)) > 0 && Double.parseDouble(m.group(7)) > 0, r::toString);
        }
    }

    /** A job whose ranks spin gets a baseline that spins too; the default job's blocks or backs off. */
    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldSpinInTheBaselineWhenTheRanksSpin(final String transport)
    {
        final String raw = "sim".equals(transport) ? "raw Agrona ring" : "raw SocketChannel";
        final Launch.Result spin = Launch.run(System.getenv(), List.of("-x", "rankwire.idle=spin"), transport, 2,
            Latency.class, "--min-size", "8", "--max-size", "8", "--iters", "200", "--warmup", "1", "--rounds", "2");
        assertEquals(0, spin.code, spin::toString);
        spin.line(0, "# Rankwire latency over " + transport + ", .*; baseline: " + raw + ", spinning; 2 alternated rounds.*");
        final Matcher row = rows(spin, 8, 8, 400, 7).get(0);
        assertTrue(Double.parseDouble(row.group(1)) > 0 && Double.parseDouble(row.group(7)) > 0, spin::toString);
        final Launch.Result plain = Launch.run(transport, 2, Latency.class,
            "--min-size", "8", "--max-size", "8", "--iters", "200", "--warmup", "1");
        assertEquals(0, plain.code, plain::toString);
        plain.line(0, "# Rankwire latency over " + transport + ", .*; baseline: " + raw + "(; .*)?");
        assertFalse(plain.toString().contains("spinning"), plain::toString);
    }

    /** {@code --osu}; a third rank takes part in OSU's barriers only. */
    @ParameterizedTest
    @CsvSource({"sim, 3", "tcp, 2"})
    void shouldReportOsuAverageBesideSteadyAndRawMediansWithTheirRatios(final String transport, final int np)
        throws IOException
    {
        final Path csv = dir.resolve("osu.csv");
        final Launch.Result r = Launch.run(transport, np, Latency.class,
            "--osu", "--max-size", "16K", "--iters", "50", "--warmup", "5", "--csv", csv.toString());
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Rankwire latency over " + transport + ", one-way in microseconds\\. osu_avg_us: OSU's osu_latency " +
            "\\(OMB-J\\) from the job's first message, 10000 round trips of 1K, then per size 5 untimed \\+ 50 timed, " +
            "time / \\(2 x timed\\); steady_p50_us: .*; baseline: raw (SocketChannel|Agrona ring)");
        r.line(0, "\\s*size\\s+osu_avg_us\\s+steady_p50_us\\s+raw_p50_us\\s+osu/steady\\s+osu/raw");
        final List<Integer> sizes = BenchArgs.powersOfTwo(1, 16384);
        final List<String> expectedCsv = new ArrayList<>(List.of("size,osu_avg_us,steady_p50_us,raw_p50_us,osu/steady,osu/raw"));
        for (final int size : sizes)
        {
            final Matcher m = r.line(0, "\\s*" + size + ("\\s+" + NUMBER).repeat(5));
            for (int g = 1; g <= 5; g++)
            {
                assertTrue(Double.parseDouble(m.group(g)) > 0, size + " B, column " + g + ": " + r);
            }
            assertRatio(m.group(1), m.group(2), m.group(4), r);
            assertRatio(m.group(1), m.group(3), m.group(5), r);
            expectedCsv.add(size + "," + String.join(",", m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)));
        }
        assertEquals(expectedCsv, Files.readAllLines(csv, StandardCharsets.UTF_8));
        assertOsuPhaseFirst(r.err, sizes, r);
    }

    /** Every size's OSU figure is done before the first steady one is. */
    private static void assertOsuPhaseFirst(final String err, final List<Integer> sizes, final Launch.Result r)
    {
        final List<String> progress = err.lines().filter(l -> l.contains("latency --osu: ")).toList();
        final List<String> expected = new ArrayList<>();
        for (final String phase : List.of("", "steady "))
        {
            for (int i = 0; i < sizes.size(); i++)
            {
                expected.add("latency --osu: " + phase + BenchArgs.formatSize(sizes.get(i)) + " B done (" + (i + 1) + "/" +
                    sizes.size() + ")");
            }
        }
        assertEquals(expected, progress.stream().map(l -> l.substring(l.indexOf("latency --osu: "))).toList(), r::toString);
    }

    /**
     * That the printed {@code ratio} is {@code num / den} of the printed columns, each of the
     * three exact to the half of its last digit shown.
     */
    private static void assertRatio(final String num, final String den, final String ratio, final Launch.Result r)
    {
        final double n = Double.parseDouble(num);
        final double d = Double.parseDouble(den);
        final double q = Double.parseDouble(ratio);
        final double lowest = (n - halfDigit(num)) / (d + halfDigit(den));
        final double highest = (n + halfDigit(num)) / (d - halfDigit(den));
        assertTrue(q + halfDigit(ratio) >= lowest && q - halfDigit(ratio) <= highest,
            ratio + " is not " + num + " / " + den + ": " + r);
    }

    /** Half a unit of the last digit of {@code printed}. */
    private static double halfDigit(final String printed)
    {
        final int dot = printed.indexOf('.');
        return 0.5 * Math.pow(10, dot < 0 ? 0 : -(printed.length() - dot - 1));
    }
    /** Rank 0's table row for each size from {@code min} to {@code max}: the size, {@code iters}, then {@code numbers} numbers. */
    private static List<Matcher> rows(final Launch.Result r, final int min, final int max, final int iters, final int numbers)
    {
        final List<Matcher> rows = new ArrayList<>();
        for (final int size : BenchArgs.powersOfTwo(min, max))
        {
            rows.add(r.line(0, "\\s*" + size + "\\s+" + iters + ("\\s+" + NUMBER).repeat(numbers)));
        }
        return rows;
    }

    @Test
    void shouldMedianTheUpperOfAnEvenCount()
    {
        assertEquals(2.0, Bench.median(new double[] {3.0, 1.0, 2.0}));
        assertEquals(3.0, Bench.median(new double[] {4.0, 1.0, 3.0, 2.0}));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportMessageRate(final String transport) throws IOException
    {
        final Path csv = dir.resolve("rate.csv");
        final Launch.Result r = Launch.run(transport, 2, MessageRate.class, "--iters", "20", "--warmup", "1", "--csv", csv.toString());
        assertEquals(0, r.code, r::toString);
        final Matcher m = r.line(0, "\\s*8\\s+1280" + ("\\s+" + NUMBER).repeat(3));
        assertTrue(Double.parseDouble(m.group(1)) > 0, r::toString);
        assertEquals("size,messages,msgs/s,raw_msgs/s,ratio", Files.readAllLines(csv, StandardCharsets.UTF_8).get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportABurstWithItsFallbacks(final String transport)
    {
        final Launch.Result r = Launch.run(System.getenv(), List.of("-x", "rankwire.credits=1"), transport, 2, Burst.class,
            "--iters", "3000", "--warmup", "0");
        assertEquals(0, r.code, r::toString);
        final Matcher m = r.line(0, "\\s*12\\s+3000" + ("\\s+" + NUMBER).repeat(3) + "\\s+(\\d+)\\s+" + NUMBER + "\\s+(\\d+)\\s+(\\d+)");
        final long buffered = Long.parseLong(m.group(m.groupCount() - 3));
        assertTrue(buffered > 0 && buffered <= 3000, "one credit: some sends completed from copies; " + r);
        assertEquals("0", m.group(m.groupCount() - 1), "no send waited: " + r);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportOverlapForRankwireAndTheBaseline(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, Overlap.class,
            "--size", "1M", "--iters", "2", "--warmup", "1", "--compute-ms", "5");
        assertEquals(0, r.code, r::toString);
        r.line(1, "# Overlap over " + transport + ": 1M message, rank 1 computes 5.0 ms before waiting; .*");
        for (final String path : List.of("Rankwire \\(" + transport + "\\)", "raw (SocketChannel|Agrona ring)"))
        {
            final Matcher m = r.line(1, "\\s*" + path + ("\\s+" + NUMBER).repeat(3));
            final double overlap = Double.parseDouble(m.group(m.groupCount()));
            assertTrue(overlap >= 0 && overlap <= 100, r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportNonblockingAllReduceOverlapBesideTheBlockingBaseline(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 3, CollOverlap.class,
            "--size", "64K", "--iters", "3", "--warmup", "1", "--compute-ms", "4");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# Nonblocking allReduce overlap over " + transport + ", 3 ranks, progress thread off: 64K of doubles, 4.0 ms .*");
        for (final String path : List.of("iallReduce, no calls", "iallReduce, test every 50 us", "blocking allReduce after compute"))
        {
            final Matcher m = r.line(0, "\\s*" + path + ("\\s+" + NUMBER).repeat(4));
            final double overlap = Double.parseDouble(m.group(m.groupCount() - 1));
            assertTrue(overlap >= 0 && overlap <= 100, r::toString);
        }
    }

    @Test
    void shouldWarmUpEveryRankForTheTimeFloorByDefault()
    {
        final Launch.Result r = Launch.run("sim", 3, ManyPeers.class, "--iters", "40", "--window", "8", "--a2a", "10");
        assertEquals(0, r.code, r::toString);
        final Matcher m = r.line(0, "# ManyPeers over sim: 3 ranks, 8 B messages, window 8 \\(warm-up " + NUMBER + " ms\\)");
        assertTrue(Double.parseDouble(m.group(1)) >= Latency.FIRST_WARMUP_NS / 1e6, r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldReportManyPeersRingAndAllToAllCostPerMessage(final String transport)
    {
        // phases of tens of ms at least: the process CPU clock counts in 10 ms ticks
        final Launch.Result r = Launch.run(transport, 4, ManyPeers.class,
            "--iters", "4000", "--window", "8", "--size", "16", "--a2a", "1000", "--warmup", "1");
        assertEquals(0, r.code, r::toString);
        r.line(0, "# ManyPeers over " + transport + ": 4 ranks, 16 B messages, window 8 \\(warm-up " + NUMBER + " ms\\)");
        r.line(0, "phase\\s+messages\\s+wall_ms\\s+wall_ns/msg\\s+cpu_ns/msg");
        // ring: 4 ranks x 4000 messages; all-to-all: 1000 rounds x 4 x 3 pairs
        for (final String phase : List.of("ring 16000", "alltoall 12000"))
        {
            final String[] expected = phase.split(" ");
            final double messages = Double.parseDouble(expected[1]);
            final Matcher m = r.line(0, expected[0] + "\\s+" + expected[1] + ("\\s+" + NUMBER).repeat(3));
            final double wallMs = Double.parseDouble(m.group(1));
            final double wallPerMessage = Double.parseDouble(m.group(2));
            final double cpuPerMessage = Double.parseDouble(m.group(3));
            assertTrue(wallMs > 0 && wallPerMessage > 0 && cpuPerMessage > 0, r::toString);
            // wall_ms is printed to 0.1 ms, wall_ns/msg to 1 ns
            assertEquals(wallMs * 1e6 / messages, wallPerMessage, 0.05e6 / messages + 1,
                "wall_ns/msg is wall_ms over the messages: " + r);
            if (transport.equals("sim"))
            {
                // one JVM runs every rank: its CPU time counts once, so it is at most the wall
                // time on every CPU (plus a clock tick either side), not once per rank
                final double cpuMs = cpuPerMessage * messages / 1e6;
                final int cpus = Runtime.getRuntime().availableProcessors();
                assertTrue(cpuMs <= wallMs * cpus + 20, () -> phase + ": " + cpuMs + " ms of CPU in " + wallMs
                    + " ms on " + cpus + " CPUs: " + r);
            }
        }
        for (int rank = 1; rank < 4; rank++)
        {
            assertTrue(r.lines(rank).isEmpty(), "only rank 0 reports: " + r);
        }
    }

    private static void assertChart(final Path file, final String ext) throws IOException
    {
        assertTrue(Files.size(file) > 1000, () -> file + " is too small to hold a chart");
        final byte[] head = new byte[4];
        System.arraycopy(Files.readAllBytes(file), 0, head, 0, 4);
        if (ext.equals(".png"))
        {
            assertArrayEquals(PNG_MAGIC, head, () -> file + " is not a PNG");
        }
        else
        {
            assertTrue(Files.readString(file, StandardCharsets.UTF_8).contains("<svg"), () -> file + " is not an SVG");
        }
    }
}
