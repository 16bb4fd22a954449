package io.rankwire.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one reader of every setting: parsing, ranges, units, words, defaults, and the shape of its error. */
class SettingTest
{
    private static final Setting<Integer> COUNT = Setting.integer("rankwire.x.count", 4, 1, 64, "how many");
    private static final Setting<Long> SIZE = Setting.longBytes("rankwire.x.size", 32L << 20, 0, Long.MAX_VALUE, "bytes");
    private static final Setting<Integer> SMALL = Setting.bytes("rankwire.x.small", 1 << 10, 0, 1 << 20, "bytes");
    private static final Setting<Long> WAIT = Setting.duration("rankwire.x.waitMs", TimeUnit.MILLISECONDS, 500, 1,
        86_400_000, "ms");
    private static final Setting<Boolean> ON = Setting.flag("rankwire.x.on", false, "on");
    private static final Setting<String> WAY = Setting.oneOf("rankwire.x.way", "lazy", "way", "lazy", "eager");
    private static final Setting<String> HOST = Setting.address("rankwire.x.host", "127.0.0.1", "host");

    private enum Shape { ROUND, SQUARE_ISH }

    private static String refusal(final Setting<?> s, final String value)
    {
        return assertThrows(IllegalArgumentException.class, () -> s.parse(value)).getMessage();
    }

    @Test
    void shouldReadTheValueOrTheDefault()
    {
        assertEquals(4, COUNT.read(Map.of()));
        assertEquals(7, COUNT.read(Map.of("rankwire.x.count", " 7 ")));
        assertEquals(9, COUNT.read(Map.of(), 9));
        assertEquals(3, COUNT.read(Map.of("rankwire.x.count", "3"), 9));
        assertEquals("4", COUNT.defaultText());
        assertEquals("1..64", COUNT.expected());
    }

    @Test
    void shouldRefuseInOneLineNamingKeyValueAndExpectation()
    {
        assertEquals("rankwire.x.count : 0 (expected: 1..64)", refusal(COUNT, "0"));
        assertEquals("rankwire.x.count : 65 (expected: 1..64)", refusal(COUNT, "65"));
        assertEquals("rankwire.x.count : four (expected: 1..64)", refusal(COUNT, "four"));
        assertEquals("rankwire.x.count : 99999999999999999999 (expected: 1..64)", refusal(COUNT, "99999999999999999999"));
        assertEquals("rankwire.x.count : '' (expected: 1..64)", refusal(COUNT, ""));
        assertEquals("rankwire.x.count : 0 (expected: 1..64)",
            assertThrows(IllegalArgumentException.class, () -> COUNT.check(0)).getMessage());
        assertEquals(5, COUNT.check(5));
    }

    @Test
    void shouldTakeByteSizesInBinaryMultiples()
    {
        assertEquals(4096L, SIZE.parse("4096"));
        assertEquals(64L << 10, SIZE.parse("64k"));
        assertEquals(32L << 20, SIZE.parse("32M"));
        assertEquals(1L << 30, SIZE.parse("1g"));
        assertEquals(2L << 40, SIZE.parse("2T"));
        assertEquals(16L << 10, SIZE.parse("16KiB"));
        assertEquals(16L << 20, SIZE.parse("16 MB"));
        assertEquals("32M", SIZE.defaultText());
        assertEquals("a byte size >= 0", SIZE.expected());
        assertEquals("a byte size 0..1M", SMALL.expected());
        assertEquals("rankwire.x.size : 32Q (expected: a byte size >= 0)", refusal(SIZE, "32Q"));
        assertEquals("rankwire.x.size : 1.5g (expected: a byte size >= 0)", refusal(SIZE, "1.5g"));
        assertEquals("rankwire.x.size : 9000000000000t (expected: a byte size >= 0)", refusal(SIZE, "9000000000000t"));
        assertEquals("rankwire.x.small : 2m (expected: a byte size 0..1M)", refusal(SMALL, "2m"));
        assertEquals("1048704", SIZE.format((1L << 20) + 128));
        assertEquals("0", SIZE.format(0L));
    }

    @Test
    void shouldTakeDurationsWithAUnitOrInTheKeysUnit()
    {
        assertEquals(250L, WAIT.parse("250"));
        assertEquals(250L, WAIT.parse("250ms"));
        assertEquals(30_000L, WAIT.parse("30s"));
        assertEquals(300_000L, WAIT.parse("5m"));
        assertEquals(7_200_000L, WAIT.parse("2h"));
        assertEquals(2L, WAIT.parse("2000us"));
        assertEquals(3L, WAIT.parse("3000000ns"));
        assertEquals("a duration 1ms..24h, a bare number in ms", WAIT.expected());
        assertEquals("500ms", WAIT.defaultText());
        assertEquals("90s", WAIT.format(90_000L));
        assertEquals("rankwire.x.waitMs : 1500us (expected: a duration 1ms..24h, a bare number in ms)",
            refusal(WAIT, "1500us"));
        assertEquals("rankwire.x.waitMs : 2d (expected: a duration 1ms..24h, a bare number in ms)", refusal(WAIT, "2d"));
        assertEquals("rankwire.x.waitMs : 25h (expected: a duration 1ms..24h, a bare number in ms)", refusal(WAIT, "25h"));
        assertEquals("rankwire.x.waitMs : 0 (expected: a duration 1ms..24h, a bare number in ms)", refusal(WAIT, "0"));
    }

    @Test
    void shouldTakeWordsInAnyCase()
    {
        assertTrue(ON.parse("TRUE"));
        assertFalse(ON.parse(" false "));
        assertEquals("rankwire.x.on : yes (expected: true or false)", refusal(ON, "yes"));
        assertEquals("eager", WAY.parse("Eager"));
        assertEquals("rankwire.x.way : sometimes (expected: lazy or eager)", refusal(WAY, "sometimes"));
        final Setting<Shape> shape = Setting.choice("rankwire.x.shape", Shape.ROUND, "shape", "round", "squareIsh");
        assertEquals(Shape.SQUARE_ISH, shape.parse("squareish"));
        assertEquals("squareIsh", shape.format(Shape.SQUARE_ISH));
        assertEquals("round or squareIsh", shape.expected());
        assertEquals("round", shape.defaultText());
        assertEquals("rankwire.x.shape : oval (expected: round or squareIsh)", refusal(shape, "oval"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "0.0.0.0", "10.1.2.3", "localhost", "node-7", "a.example.org", "::1", "::",
        "[fe80::1]", "2001:db8::8a2e:370:7334"})
    void shouldTakeHostNamesAndAddresses(final String host)
    {
        assertEquals(host, HOST.parse(host));
    }

    @ParameterizedTest
    @ValueSource(strings = {"999.1.1.1", "10.0.0", "1.2.3.4.5", "256.0.0.1", "-node", "a..b", "a b", "1:2:3", "[::1",
        "host_name", ""})
    void shouldRefuseWhatIsNoHost(final String host)
    {
        assertEquals("rankwire.x.host : " + (host.isEmpty() ? "''" : host) + " (expected: a host name or an IP address)",
            refusal(HOST, host));
    }

    @Test
    void shouldAcceptASpecialWordOutsideTheRange()
    {
        final Setting<Integer> limit = Setting.bytes("rankwire.x.limit", -1, 0, 1 << 30, "limit").withSpecial(-1, "auto", "-1");
        assertEquals(-1, limit.read(Map.of()));
        assertEquals(-1, limit.parse("AUTO"));
        assertEquals(-1, limit.parse("-1"));
        assertEquals(4096, limit.parse("4k"));
        assertEquals("auto", limit.defaultText());
        assertEquals("auto", limit.format(-1));
        assertEquals(-1, limit.check(-1));
        assertEquals("rankwire.x.limit : -2 (expected: auto or a byte size 0..1G)", refusal(limit, "-2"));
    }

    @Test
    void shouldNarrowTheRangeAndDescribeAComputedDefault()
    {
        final Setting<Integer> ring = Setting.bytes("rankwire.x.ring", 1 << 18, 4096, 1 << 30, "ring")
            .where(v -> Integer.bitCount(v) == 1, "a power of two")
            .withDefault(s -> s.format(1 << 18) + " (pair), " + s.format(1 << 20) + " (shared)");
        assertNull(ring.read(Map.of()));
        assertEquals(1 << 20, ring.read(Map.of(), 1 << 20));
        assertEquals(8192, ring.parse("8k"));
        assertEquals("256K (pair), 1M (shared)", ring.defaultText());
        assertEquals("rankwire.x.ring : 5000 (expected: a byte size 4K..1G, a power of two)", refusal(ring, "5000"));
        assertEquals("rankwire.x.ring : 12k (expected: 4K..1G and at most 8K)",
            ring.refuse("12k", "4K..1G and at most 8K").getMessage());
    }

    @Test
    void shouldRefuseASettingThatIsGoneWithTheReason()
    {
        final Setting<String> gone = Setting.removed("rankwire.x.busyPoll", "event loops only run handshakes");
        assertTrue(gone.isRemoved());
        assertNull(gone.read(Map.of()));
        assertEquals("rankwire.x.busyPoll : true (expected: not set; the setting is gone: event loops only run handshakes)",
            refusal(gone, "true"));
    }

    @Test
    void shouldRefuseAKeyOutsideTheNamespace()
    {
        assertThrows(IllegalArgumentException.class, () -> Setting.flag("tcp.tls", false, "tls"));
    }
}
