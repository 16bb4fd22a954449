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
        assertEquals(10, d.warmupFor(100));
        assertEquals(1, d.warmupFor(5));
    }
}
