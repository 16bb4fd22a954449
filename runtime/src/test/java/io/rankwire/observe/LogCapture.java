package io.rankwire.observe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * For tests: records what one {@code java.util.logging} logger publishes (Rankwire's
 * {@code System.Logger}s end there), from construction until {@link #close()}, which detaches it
 * and gives the logger its level back. Any thread.
 */
public final class LogCapture extends Handler
{
    private final Logger logger;
    private final Level levelBefore;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    /** Captures logger {@code name}; {@code level}, when not null, is the logger's level meanwhile. */
    public LogCapture(final String name, final Level level)
    {
        this.logger = Logger.getLogger(name);
        this.levelBefore = logger.getLevel();
        if (level != null)
        {
            logger.setLevel(level);
        }
        logger.addHandler(this);
    }

    /** The messages published so far at {@code least} or above, in order. */
    public List<String> messages(final Level least)
    {
        return records.stream().filter(r -> r.getLevel().intValue() >= least.intValue()).map(LogRecord::getMessage).toList();
    }

    /** Whether {@code message} was published at exactly {@code level}. */
    public boolean logged(final Level level, final String message)
    {
        return records.stream().anyMatch(r -> r.getLevel() == level && r.getMessage().equals(message));
    }

    @Override
    public void publish(final LogRecord r)
    {
        records.add(r);
    }

    @Override
    public void flush()
    {
    }

    @Override
    public void close()
    {
        logger.removeHandler(this);
        logger.setLevel(levelBefore);
    }

    @Override
    public String toString()
    {
        return messages(Level.ALL).toString();
    }
}
