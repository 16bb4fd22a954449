package io.rankwire.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rankwire.examples.Launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code Latency --osu} as a launched job, with tiny sizes and counts. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class OsuLatencyTest
{
    private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";

    @TempDir
    Path dir;

    /** A third rank takes part in OSU's barriers only. */
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
}
