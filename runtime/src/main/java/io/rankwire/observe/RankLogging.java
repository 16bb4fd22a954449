package io.rankwire.observe;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Rankwire logs through {@code System.Logger} (loggers named after its classes, under
 * {@code io.rankwire}), so whatever backs {@code System.Logger} in the JVM receives its events.
 * Only when nothing chose a backend (the JDK's default {@code LoggerFinder}, which hands over to
 * {@code java.util.logging}; no {@code java.util.logging.config.file} or {@code .config.class};
 * the root logger with its single default console handler; nothing on {@code io.rankwire}) does
 * {@link #install} give the {@code io.rankwire} logger a handler of its own on stderr, one line
 * per event:
 *
 * <pre>
 *   rankwire[rank 3] WARNING tcp: connection to rank 1 lost: java.io.IOException: Broken pipe
 *   rankwire[rank 0] INFO runtime: rank 0 of 4 started: transport auto, eager limit 16384 B
 * </pre>
 *
 * at the level of {@code rankwire.logLevel} ({@code warning} by default: warnings and errors
 * only). A JVM holding several ranks (in-JVM jobs, {@code LocalJob}) leaves the rank out. Once
 * per JVM; later calls only lower or raise the level of the handler this class installed.
 */
public final class RankLogging
{
    /** The logger under which every Rankwire logger sits. */
    public static final String ROOT = "io.rankwire";

    private static final AtomicBoolean DECIDED = new AtomicBoolean();
    private static volatile Handler installed;
    /** JUL holds loggers weakly: this keeps {@code io.rankwire}, its handler and its level alive. */
    private static volatile Logger root;
    private static volatile int rank = -1;
    private static volatile boolean severalRanks;

    private RankLogging()
    {
    }

    /**
     * Parses a {@code rankwire.logLevel} value: {@code error}, {@code warning}, {@code info},
     * {@code debug}, {@code trace} or {@code off}, any case.
     *
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static Level parse(final String key, final String value)
    {
        switch (value.trim().toLowerCase(Locale.ROOT))
        {
            case "off":
                return Level.OFF;
            case "error":
                return Level.SEVERE;
            case "warning":
                return Level.WARNING;
            case "info":
                return Level.INFO;
            case "debug":
                return Level.FINE;
            case "trace":
                return Level.FINER;
            default:
                throw new IllegalArgumentException(key + " : '" + value +
                    "' (expected: error, warning, info, debug, trace or off)");
        }
    }

    /**
     * Installs the one-line handler on {@code io.rankwire} at {@code level} when nothing else
     * configured logging (see the class comment), and records this JVM's rank for the lines.
     *
     * @return true when this class's handler is in place
     */
    public static boolean install(final Level level, final int rankOfThisJvm)
    {
        final int seen = rank;
        if (seen >= 0 && seen != rankOfThisJvm)
        {
            severalRanks = true;
        }
        rank = rankOfThisJvm;
        if (DECIDED.compareAndSet(false, true) && defaultsInEffect())
        {
            final Handler h = new ConsoleHandler();
            h.setFormatter(new OneLine());
            final Logger logger = Logger.getLogger(ROOT);
            logger.addHandler(h);
            logger.setUseParentHandlers(false);
            root = logger;
            installed = h;
        }
        final Handler h = installed;
        if (h == null)
        {
            return false;
        }
        h.setLevel(level);
        root.setLevel(level);
        return true;
    }

    /** Whether nothing but the JDK's defaults decides where {@code System.Logger} output goes. */
    static boolean defaultsInEffect()
    {
        if (System.getProperty("java.util.logging.config.file") != null ||
            System.getProperty("java.util.logging.config.class") != null ||
            System.getProperty("java.util.logging.manager") != null)
        {
            return false;
        }
        final String finder = System.LoggerFinder.getLoggerFinder().getClass().getName();
        if (!finder.startsWith("sun.util.logging.internal.") && !finder.startsWith("jdk.internal.logger."))
        {
            return false; // an SLF4J, Log4j or application LoggerFinder
        }
        if (LogManager.getLogManager().getClass() != LogManager.class)
        {
            return false;
        }
        final Handler[] root = Logger.getLogger("").getHandlers();
        return root.length == 1 && root[0].getClass() == ConsoleHandler.class &&
            Logger.getLogger(ROOT).getHandlers().length == 0;
    }

    /**
     * {@code rankwire[rank N] LEVEL component: message[: throwable; caused by ...]}, line breaks
     * in the message turned into spaces; a message that names its component itself
     * ({@code rankwire-tcp: ...}) is not told twice.
     */
    static final class OneLine extends Formatter
    {
        @Override
        public String format(final LogRecord r)
        {
            final StringBuilder line = new StringBuilder(160).append("rankwire");
            if (rank >= 0 && !severalRanks)
            {
                line.append("[rank ").append(rank).append(']');
            }
            final String component = component(r.getLoggerName());
            final String message = formatMessage(r);
            final String own = "rankwire-" + component + ": ";
            line.append(' ').append(levelName(r.getLevel())).append(' ').append(component).append(": ")
                .append(message.startsWith(own) ? message.substring(own.length()) : message);
            for (Throwable t = r.getThrown(); t != null; t = t.getCause())
            {
                line.append(t == r.getThrown() ? ": " : "; caused by ").append(t);
                if (t.getCause() == t)
                {
                    break;
                }
            }
            for (int i = 0; i < line.length(); i++)
            {
                if (line.charAt(i) == '\n' || line.charAt(i) == '\r')
                {
                    line.setCharAt(i, ' ');
                }
            }
            return line.append(System.lineSeparator()).toString();
        }

        /** System.Logger's level names (JUL's SEVERE is ERROR, FINE is DEBUG, finer is TRACE). */
        static String levelName(final Level level)
        {
            final int v = level.intValue();
            return v >= Level.SEVERE.intValue() ? "ERROR" : v >= Level.WARNING.intValue() ? "WARNING" :
                v >= Level.INFO.intValue() ? "INFO" : v >= Level.FINE.intValue() ? "DEBUG" : "TRACE";
        }

        /** {@code io.rankwire.tcp.TcpTransport} is {@code tcp}; a class of {@code io.rankwire} itself is {@code runtime}. */
        static String component(final String logger)
        {
            if (logger == null || !logger.startsWith(ROOT + "."))
            {
                return logger == null ? "-" : logger;
            }
            final String rest = logger.substring(ROOT.length() + 1);
            final int dot = rest.indexOf('.');
            if (dot < 0)
            {
                return Character.isUpperCase(rest.charAt(0)) ? "runtime" : rest;
            }
            return rest.substring(0, dot);
        }
    }
}
