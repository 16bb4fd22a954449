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
        assertMessage("rankwire.eagerLimit : -2 (expected: auto or a byte size 0..1G)", () -> config().eagerLimit(-2).conclude());
        assertMessage("rankwire.unexpectedBytes : -1 (expected: a byte size >= 0)", () -> config().unexpectedBytes(-1).conclude());
        assertMessage("rank : 3 (expected: 0..1)", () -> config().job(3, 2, "j", new byte[0]).conclude());
        assertMessage("secret : 0 bytes (expected: >= 16 bytes for a job of 2 ranks)",
            () -> config().job(1, 2, "j", new byte[0]).conclude());
        assertMessage("secret : 15 bytes (expected: >= 16 bytes for a job of 3 ranks)",
            () -> config().job(1, 3, "j", new byte[15]).conclude());
        assertMessage("rankwire.idle : sleepy (expected: spin, yield or backoff)",
            () -> config().set("rankwire.idle", "sleepy"));
        assertMessage("rankwire.credits : many (expected: 1..1048576)", () -> config().set("rankwire.credits", "many"));
        assertMessage("rankwire.credits : 0 (expected: 1..1048576)", () -> config().set("rankwire.credits", "0"));
        assertMessage("rankwire.timeout : -1s (expected: a duration 0ms..8760h, a bare number in ms)",
            () -> config().timeout(Duration.ofSeconds(-1)).conclude());
        assertMessage("rankwire.idle : '' (expected: spin, yield or backoff)", () -> config().idle(null).conclude());
    }

    @Test
    void shouldReadTheThreadLevelAsMpiNamesIt()
    {
        assertFalse(config().funneled());
        assertTrue(config().set("rankwire.threads", "funneled").funneled());
        assertTrue(config().set("rankwire.threads", "SINGLE").funneled());
        assertFalse(config().set("rankwire.threads", "serialized").funneled());
        assertTrue(config().funneled(true).copy().funneled());
        assertMessage("rankwire.threads : many (expected: multiple, serialized, funneled or single)",
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

    @Test
    void shouldReadUnitsAndTheAutoWordThroughTheDescriptors()
    {
        final RankwireConfig c = config().setAll(Map.of("rankwire.unexpectedBytes", "8M", "rankwire.eagerLimit", "16k",
            "rankwire.timeout", "2s", "rankwire.creditWaitMicros", "1ms", "rankwire.idle", "SPIN"));
        assertEquals(8L << 20, c.unexpectedBytes());
        assertEquals(16 << 10, c.eagerLimit());
        assertEquals(Duration.ofSeconds(2), c.timeout());
        assertEquals(1000, c.creditWaitMicros());
        assertEquals(RankwireConfig.Idle.SPIN, c.idle());
        assertEquals(-1, c.set("rankwire.eagerLimit", "auto").eagerLimit());
        assertEquals(-1, c.set("rankwire.idle.spinMicros", "-1").spinMicros());
    }

    @Test
    void shouldShowValuesGivenToSettersInItsSettingsForTheTransportAndTheCheck()
    {
        final RankwireConfig c = config().credits(8).eagerLimit(-1).timeout(Duration.ofMillis(1500)).funneled(true)
            .idle(RankwireConfig.Idle.YIELD).spinMicros(20);
        assertEquals("8", c.settings().get("rankwire.credits"));
        assertEquals("auto", c.settings().get("rankwire.eagerLimit"));
        assertEquals("1500ms", c.settings().get("rankwire.timeout"));
        assertEquals("funneled", c.settings().get("rankwire.threads"));
        assertEquals("yield", c.settings().get("rankwire.idle"));
        assertEquals("20us", c.settings().get("rankwire.idle.spinMicros"));
        final RankwireConfig reread = config().setAll(c.settings());
        assertEquals(8, reread.credits());
        assertEquals(Duration.ofMillis(1500), reread.timeout());
        assertTrue(reread.funneled());
        assertEquals(20, reread.spinMicros());
    }

    @Test
    void shouldTakeItsPublicDefaultsFromTheDescriptors()
    {
        assertEquals(RuntimeSettings.CREDITS.defaultValue(), RankwireConfig.CREDITS_DEFAULT);
        assertEquals(RuntimeSettings.EAGER_LIMIT.defaultValue(), RankwireConfig.EAGER_LIMIT_DEFAULT);
        assertEquals(RuntimeSettings.TRANSPORT.key(), RankwireConfig.TRANSPORT_PROP);
        assertEquals(RuntimeSettings.TRANSPORT.defaultValue(), RankwireConfig.TRANSPORT_DEFAULT);
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
