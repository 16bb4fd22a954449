package io.rankwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class RankwireConfigTest
{
    @Test
    void shouldTakeDefaultsFromProperties()
    {
        final Properties p = new Properties();
        p.setProperty("rankwire.transport", "sim");
        p.setProperty("rankwire.eagerLimit", "4096");
        p.setProperty("rankwire.unexpectedBytes", "1048576");
        p.setProperty("rankwire.credits", "16");
        p.setProperty("rankwire.idle", "yield");
        p.setProperty("rankwire.progressThread", "true");
        p.setProperty("rankwire.timeout", "250");
        p.setProperty("rankwire.sim.mode", "scheduled");
        final RankwireConfig c = new RankwireConfig(p).conclude();
        assertEquals("sim", c.transport());
        assertEquals(4096, c.eagerLimit());
        assertEquals(1 << 20, c.unexpectedBytes());
        assertEquals(16, c.credits());
        assertEquals(RankwireConfig.Idle.YIELD, c.idle());
        assertTrue(c.progressThread());
        assertEquals(Duration.ofMillis(250), c.timeout());
        assertEquals("scheduled", c.settings().get("rankwire.sim.mode"));
    }

    @Test
    void shouldUseDocumentedDefaults()
    {
        final RankwireConfig c = new RankwireConfig(new Properties()).conclude();
        assertEquals(RankwireConfig.TRANSPORT_DEFAULT, c.transport());
        assertEquals(-1, c.eagerLimit());
        assertEquals(RankwireConfig.UNEXPECTED_BYTES_DEFAULT, c.unexpectedBytes());
        assertEquals(RankwireConfig.CREDITS_DEFAULT, c.credits());
        assertEquals(RankwireConfig.Idle.BACKOFF, c.idle());
        assertFalse(c.progressThread());
        assertEquals(Duration.ZERO, c.timeout());
    }

    @Test
    void shouldNameTheBadValueWhenConcluding()
    {
        assertMessage("rankwire.credits : 0 (expected: 1..1048576)", () -> config().credits(0).conclude());
        assertMessage("rankwire.eagerLimit : -2 (expected: >= 0, or -1)", () -> config().eagerLimit(-2).conclude());
        assertMessage("rankwire.unexpectedBytes : -1 (expected: >= 0)", () -> config().unexpectedBytes(-1).conclude());
        assertMessage("rank : 3 (expected: 0..1)", () -> config().job(3, 2, "j", new byte[0]).conclude());
        assertMessage("secret : 0 bytes (expected: >= 16 bytes for a job of 2 ranks)",
            () -> config().job(1, 2, "j", new byte[0]).conclude());
        assertMessage("secret : 15 bytes (expected: >= 16 bytes for a job of 3 ranks)",
            () -> config().job(1, 3, "j", new byte[15]).conclude());
        assertMessage("rankwire.idle : 'sleepy' (expected: spin, yield or backoff)",
            () -> config().set("rankwire.idle", "sleepy"));
        assertMessage("rankwire.credits : 'many' (expected: an integer)", () -> config().set("rankwire.credits", "many"));
        assertMessage("rankwire.timeout : PT-1S (expected: >= 0)", () -> config().timeout(Duration.ofSeconds(-1)).conclude());
    }

    @Test
    void shouldReadTheThreadLevelAsMpiNamesIt()
    {
        assertFalse(config().funneled());
        assertTrue(config().set("rankwire.threads", "funneled").funneled());
        assertTrue(config().set("rankwire.threads", "SINGLE").funneled());
        assertFalse(config().set("rankwire.threads", "serialized").funneled());
        assertTrue(config().funneled(true).copy().funneled());
        assertMessage("rankwire.threads : 'many' (expected: multiple, serialized, funneled or single)",
            () -> config().set("rankwire.threads", "many"));
        assertMessage("rankwire.threads : funneled with rankwire.progressThread : true (expected: multiple, " +
            "since a progress thread calls the rank from a second thread)",
            () -> config().funneled(true).progressThread(true).job(0, 1, "j", new byte[0]).conclude());
    }

    @Test
    void shouldPassTransportSettingsThroughAndCopyIndependently()
    {
        final RankwireConfig c = config().setAll(Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.eagerLimit", "100"));
        final RankwireConfig copy = c.copy().eagerLimit(5);
        assertEquals(100, c.eagerLimit());
        assertEquals(5, copy.eagerLimit());
        assertEquals("127.0.0.1", copy.settings().get("rankwire.tcp.bind"));
    }

    private static RankwireConfig config()
    {
        return new RankwireConfig(new Properties());
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable call)
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertEquals(expected, e.getMessage());
    }
}
