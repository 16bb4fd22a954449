package io.rankwire;

import java.util.Properties;

import io.rankwire.spi.TransportContext;

/** Parsing and range checks of {@link RankwireConfig}'s values, with messages naming the key, the value and the limit. */
final class ConfigValues
{
    private ConfigValues()
    {
    }

    /**
     * Checks every value of {@code c}.
     *
     * @throws IllegalArgumentException naming the first bad value and its allowed range
     */
    static void validate(final RankwireConfig c)
    {
        if (c.transport() == null || c.transport().isEmpty())
        {
            throw new IllegalArgumentException(
                RankwireConfig.TRANSPORT_PROP + " : '" + c.transport() + "' (expected: a transport name)");
        }
        if (c.eagerLimit() < -1)
        {
            throw new IllegalArgumentException(
                RankwireConfig.EAGER_LIMIT_PROP + " : " + c.eagerLimit() + " (expected: >= 0, or -1)");
        }
        if (c.unexpectedBytes() < 0)
        {
            throw new IllegalArgumentException(
                RankwireConfig.UNEXPECTED_BYTES_PROP + " : " + c.unexpectedBytes() + " (expected: >= 0)");
        }
        checkRange(RankwireConfig.CREDITS_PROP, c.credits(), 1, 1 << 20);
        checkRange(RankwireConfig.SEND_BUFFER_BYTES_PROP, c.sendBufferBytes(), 0, Long.MAX_VALUE);
        checkRange(RankwireConfig.CREDIT_WAIT_MICROS_PROP, c.creditWaitMicros(), 0, 1_000_000);
        checkRange(RankwireConfig.OFFLOAD_MIN_BYTES_PROP, c.offloadMinBytes(), 0, Integer.MAX_VALUE);
        checkRange(RankwireConfig.SRQ_BUFFERS_PROP, c.srqBuffers(), 1, 1 << 16);
        checkRange(RankwireConfig.SPIN_MICROS_PROP, c.spinMicros(), -1, 1_000_000);
        if (c.timeout() == null || c.timeout().isNegative())
        {
            throw new IllegalArgumentException(RankwireConfig.TIMEOUT_PROP + " : " + c.timeout() + " (expected: >= 0)");
        }
        if (c.bootstrapTimeout() == null || c.bootstrapTimeout().isNegative() || c.bootstrapTimeout().isZero())
        {
            throw new IllegalArgumentException(
                RankwireConfig.BOOTSTRAP_TIMEOUT_PROP + " : " + c.bootstrapTimeout() + " (expected: > 0)");
        }
        checkRange("size", c.size(), 1, io.rankwire.match.Envelope.MAX_RANKS);
        checkRange("rank", c.rank(), 0, c.size() - 1);
        TransportContext.checkSecret("secret", c.secret(), c.size());
        if (c.idle() == null)
        {
            throw new IllegalArgumentException(RankwireConfig.IDLE_PROP + " : null (expected: spin, yield or backoff)");
        }
        if (c.funneled() && c.progressThread())
        {
            throw new IllegalArgumentException(RankwireConfig.THREADS_PROP + " : funneled with " +
                RankwireConfig.PROGRESS_THREAD_PROP +
                " : true (expected: multiple, since a progress thread calls the rank from a second thread)");
        }
    }

    static void checkRange(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " : " + value + " (expected: " + min + ".." + max + ")");
        }
    }

    static boolean parseThreads(final String value)
    {
        switch (value.trim().toLowerCase(java.util.Locale.ROOT))
        {
            case "multiple": case "serialized": return false;
            case "funneled": case "single": return true;
            default:
                throw new IllegalArgumentException(RankwireConfig.THREADS_PROP + " : '" + value +
                    "' (expected: multiple, serialized, funneled or single)");
        }
    }

    static RankwireConfig.Idle parseIdle(final String value)
    {
        switch (value.trim().toLowerCase(java.util.Locale.ROOT))
        {
            case "spin": return RankwireConfig.Idle.SPIN;
            case "yield": return RankwireConfig.Idle.YIELD;
            case "backoff": return RankwireConfig.Idle.BACKOFF;
            default:
                throw new IllegalArgumentException(RankwireConfig.IDLE_PROP + " : '" + value + "' (expected: spin, yield or backoff)");
        }
    }

    static int intProp(final Properties props, final String name, final int defaultValue)
    {
        final long v = longProp(props, name, defaultValue);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(name + " : " + v + " (expected: a 32-bit integer)");
        }
        return (int)v;
    }

    static long longProp(final Properties props, final String name, final long defaultValue)
    {
        final String s = props.getProperty(name);
        if (s == null)
        {
            return defaultValue;
        }
        try
        {
            return Long.parseLong(s.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException(name + " : '" + s + "' (expected: an integer)", e);
        }
    }
}
