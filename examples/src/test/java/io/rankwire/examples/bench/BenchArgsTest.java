package io.rankwire.examples.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchArgsTest
{
    @Test
    void shouldParseSizesWithBinarySuffixes()
    {
        assertEquals(4096, BenchArgs.parseSize("4096"));
        assertEquals(64 << 10, BenchArgs.parseSize("64K"));
        assertEquals(4 << 20, BenchArgs.parseSize("4m"));
        assertEquals(1 << 30, BenchArgs.parseSize("1G"));
        assertEquals("64K", BenchArgs.formatSize(64 << 10));
        assertEquals("3M", BenchArgs.formatSize(3 << 20));
        assertEquals("1000", BenchArgs.formatSize(1000));
    }

    @Test
    void shouldListZeroThenPowersOfTwo()
    {
        assertEquals(List.of(0, 1, 2, 4, 8), BenchArgs.powersOfTwo(0, 8));
        assertEquals(List.of(64, 128, 256), BenchArgs.powersOfTwo(64, 300));
        assertEquals(List.of(128), BenchArgs.powersOfTwo(100, 128));
    }

    @Test
    void shouldNameTheBadValue()
    {
        final IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(new String[] {"--max-size", "4X"}));
        assertTrue(size.getMessage().contains("'4X'"), size.getMessage());
        final IllegalArgumentException iters = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(new String[] {"--iters", "0"}));
        assertEquals("--iters : 0 (expected: > 0)", iters.getMessage());
        final IllegalArgumentException option = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(new String[] {"--fast"}));
        assertTrue(option.getMessage().startsWith("--fast : missing value"), option.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BenchArgs.parse(new String[] {"--bogus", "1"}));
        assertThrows(IllegalArgumentException.class, () -> BenchArgs.parseSize("3G"));
        final IllegalArgumentException buffers = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(new String[] {"--buffers", "heap"}));
        assertEquals("--buffers : 'heap' (expected: direct or allocate)", buffers.getMessage());
        final BenchArgs a = BenchArgs.parse(new String[] {"--buffers", "allocate", "--memcpy"});
        assertTrue(a.allocate && a.memcpy);
        assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(Bandwidth.StreamBench.usage(true), new String[] {"--memcpy"}), "BiBandwidth takes no --memcpy");
    }

    @Test
    void shouldTakeOptionsAndDefaults()
    {
        final BenchArgs a = BenchArgs.parse(new String[] {"--window", "8", "--csv", "x.csv", "--no-baseline", "--iters", "5"});
        assertEquals(8, a.window);
        assertEquals("x.csv", a.csv);
        assertEquals(false, a.baseline);
        assertEquals(5, a.itersFor(1 << 20, 100, 10));
        final BenchArgs d = BenchArgs.parse(new String[0]);
        assertEquals(100, d.itersFor(1024, 100, 10));
        assertEquals(10, d.itersFor(64 << 10, 100, 10));
        assertEquals(3, BenchArgs.parse(new String[] {"--warmup", "3"}).warmupFor(100, 4 << 20));
    }

    @Test
    void shouldWarmUpRendezvousSizesByBytesMoved()
    {
        final BenchArgs d = BenchArgs.parse(new String[0]);
        assertEquals(1000, d.warmupFor(2000, 8));
        assertEquals(1000, d.warmupFor(100, 256 << 10));
        assertEquals(256, d.warmupFor(100, 1 << 20));
        assertEquals(64, d.warmupFor(100, 4 << 20));
        assertEquals(1, d.warmupFor(5, 1L << 30));
        assertEquals(2000, d.warmupFor(20_000, 1 << 20));
    }

    @Test
    void shouldWarmUpPingPongsLongEnoughForTheCompiler()
    {
        final BenchArgs d = BenchArgs.parse(new String[0]);
        assertEquals(10_000, d.warmupFor(2000, 8, BenchArgs.LATENCY_WARMUP_MAX_ITERS));
        assertEquals(10_000, d.warmupFor(2000, 16 << 10, BenchArgs.LATENCY_WARMUP_MAX_ITERS));
        assertEquals(1024, d.warmupFor(100, 256 << 10, BenchArgs.LATENCY_WARMUP_MAX_ITERS));
        assertEquals(64, d.warmupFor(100, 4 << 20, BenchArgs.LATENCY_WARMUP_MAX_ITERS));
        assertEquals(7, BenchArgs.parse(new String[] {"--warmup", "7"}).warmupFor(2000, 8, BenchArgs.LATENCY_WARMUP_MAX_ITERS));
    }

    @Test
    void shouldAnswerHelpWithEveryOptionAndItsDefault()
    {
        assertTrue(BenchArgs.parse(Latency.USAGE, new String[] {"--iters", "5", "--help"}).help);
        assertTrue(BenchArgs.parse(Overlap.USAGE, new String[] {"-h"}).help);
        final String text = Latency.USAGE.text();
        for (final String option : new String[] {"--min-size S", "--max-size S", "--iters N", "--warmup N", "--csv FILE",
            "--plot FILE", "--no-baseline", "--help"})
        {
            assertTrue(text.contains("  " + option + " "), option + " in\n" + text);
        }
        assertTrue(text.contains("(default: 4M)"), text);
        assertTrue(Overlap.USAGE.text().contains("--compute-ms M"), Overlap.USAGE.text());
    }

    @Test
    void shouldRejectAnOptionTheBenchmarkDoesNotTakeByName()
    {
        final IllegalArgumentException window = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(Latency.USAGE, new String[] {"--window", "8"}));
        assertTrue(window.getMessage().startsWith("option : '--window' (expected: --help, --min-size, "), window.getMessage());
        final IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(MessageRate.USAGE, new String[] {"--size", "8", "--itres", "5"}));
        assertTrue(typo.getMessage().startsWith("option : '--itres'"), typo.getMessage());
        assertEquals(5, BenchArgs.parse(MessageRate.USAGE, new String[] {"--iters", "5"}).iters);
    }

    @Test
    void shouldTakeOsuOnlyWhereItsTableCanHoldTheOptions()
    {
        assertTrue(BenchArgs.parse(Latency.USAGE, new String[] {"--osu", "--max-size", "64", "--csv", "x.csv"}).osu);
        final IllegalArgumentException rounds = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(Latency.USAGE, new String[] {"--rounds", "3", "--osu"}));
        assertEquals("--rounds : 3 (expected: 1 with --osu)", rounds.getMessage());
        final IllegalArgumentException plot = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(Latency.USAGE, new String[] {"--osu", "--plot", "lat.png"}));
        assertEquals("--plot : lat.png (expected: none with --osu)", plot.getMessage());
        assertEquals(3, BenchArgs.parse(Latency.USAGE, new String[] {"--rounds", "3", "--plot", "lat.png"}).rounds);
        final IllegalArgumentException bandwidth = assertThrows(IllegalArgumentException.class,
            () -> BenchArgs.parse(Bandwidth.StreamBench.usage(false), new String[] {"--osu"}));
        assertTrue(bandwidth.getMessage().startsWith("option : '--osu'"), bandwidth.getMessage());
    }

    @Test
    void shouldCountRoundTripsAsOsuDoesUnlessOverridden()
    {
        final BenchArgs d = BenchArgs.parse(Latency.USAGE, new String[] {"--osu"});
        for (final int size : new int[] {1, 1024, 8192})
        {
            assertEquals(10_000, OsuLatency.iters(d, size));
            assertEquals(1000, OsuLatency.warmup(d, size));
        }
        for (final int size : new int[] {16384, 4 << 20})
        {
            assertEquals(500, OsuLatency.iters(d, size));
            assertEquals(100, OsuLatency.warmup(d, size));
        }
        final BenchArgs o = BenchArgs.parse(Latency.USAGE, new String[] {"--osu", "--iters", "7", "--warmup", "0"});
        for (final int size : new int[] {1, 4 << 20})
        {
            assertEquals(7, OsuLatency.iters(o, size));
            assertEquals(0, OsuLatency.warmup(o, size));
        }
    }
}
