package io.rankwire.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.Test;

/** The one-line format of Rankwire's log, and the values of {@code rankwire.logLevel}. */
class RankLoggingTest
{
    private static String format(final Level level, final String logger, final String message, final Throwable thrown)
    {
        final LogRecord r = new LogRecord(level, message);
        r.setLoggerName(logger);
        r.setThrown(thrown);
        final String line = new RankLogging.OneLine().format(r);
        assertEquals(line.length() - System.lineSeparator().length(), line.indexOf(System.lineSeparator()),
            "one line: " + line);
        return line.substring(line.indexOf(' ') + 1, line.length() - System.lineSeparator().length());
    }

    @Test
    void shouldPutLevelComponentAndMessageOnOneLine()
    {
        assertEquals("WARNING tcp: rank 1 lost its connection to rank 0",
            format(Level.WARNING, "io.rankwire.tcp.TcpTransport", "rankwire-tcp: rank 1 lost its connection to rank 0", null));
        assertEquals("INFO runtime: rank 0 of 2 started", format(Level.INFO, "io.rankwire.Rankwire", "rank 0 of 2 started", null));
        assertEquals("ERROR bootstrap: gone", format(Level.SEVERE, "io.rankwire.bootstrap.LauncherWatch", "gone", null));
        assertEquals("DEBUG shm: a b", format(Level.FINE, "io.rankwire.shm", "a\nb", null));
        assertEquals("TRACE com.example.App: x", format(Level.FINEST, "com.example.App", "x", null));
    }

    @Test
    void shouldAppendTheExceptionAndItsCausesOnTheSameLine()
    {
        final Exception e = new IllegalStateException("outer", new IOException("Broken pipe"));
        assertEquals("WARNING tcp: closing: java.lang.IllegalStateException: outer; caused by java.io.IOException: Broken pipe",
            format(Level.WARNING, "io.rankwire.tcp.EngineSession", "closing", e));
    }

    @Test
    void shouldParseLevelsAndNameTheChoicesOfABadOne()
    {
        assertEquals(Level.SEVERE, RankLogging.parse("k", "ERROR"));
        assertEquals(Level.WARNING, RankLogging.parse("k", "warning"));
        assertEquals(Level.INFO, RankLogging.parse("k", " Info "));
        assertEquals(Level.FINE, RankLogging.parse("k", "debug"));
        assertEquals(Level.FINER, RankLogging.parse("k", "trace"));
        assertEquals(Level.OFF, RankLogging.parse("k", "off"));
        assertEquals("rankwire.logLevel : 'loud' (expected: error, warning, info, debug, trace or off)",
            assertThrows(IllegalArgumentException.class, () -> RankLogging.parse("rankwire.logLevel", "loud")).getMessage());
    }
}
