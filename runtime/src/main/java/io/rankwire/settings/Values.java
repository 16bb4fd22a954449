package io.rankwire.settings;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a setting's text becomes a number or an address, and how a number is written back: the one
 * parser behind every {@link Setting}. A parse returns null for text that is not of the kind;
 * {@link Setting} turns that into its error.
 */
final class Values
{
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,19}");
    private static final Pattern BYTES = Pattern.compile("([+-]?\\d{1,19})\\s*([kmgt]?)(i?b)?");
    private static final Pattern DURATION = Pattern.compile("([+-]?\\d{1,19})\\s*(ns|us|µs|ms|s|m|h)?");
    private static final String[] BYTE_SUFFIXES = {"T", "G", "M", "K"};
    private static final int[] BYTE_SHIFTS = {40, 30, 20, 10};
    private static final TimeUnit[] TIME_UNITS = {
        TimeUnit.HOURS, TimeUnit.MINUTES, TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
        TimeUnit.NANOSECONDS};
    private static final int MAX_HOST_NAME = 253;
    private static final int MAX_LABEL = 63;

    private Values()
    {
    }

    /** A decimal integer ({@code -1}, {@code 4096}), or null. */
    static Long integer(final String text)
    {
        if (!INTEGER.matcher(text).matches())
        {
            return null;
        }
        try
        {
            return Long.parseLong(text);
        }
        catch (final NumberFormatException e)
        {
            return null;
        }
    }

    /**
     * A byte size: an integer with an optional binary multiple {@code k}, {@code m}, {@code g},
     * {@code t} (1024, 1024^2, ...; either case, optionally followed by {@code b} or {@code ib}):
     * {@code 4096}, {@code 64k}, {@code 32M}, {@code 1GiB}; null when malformed or too large.
     */
    static Long bytes(final String text)
    {
        final Matcher m = BYTES.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches())
        {
            return null;
        }
        final Long n = integer(m.group(1));
        if (n == null)
        {
            return null;
        }
        final int shift = switch (m.group(2))
        {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        if (n > Long.MAX_VALUE >> shift || n < -(Long.MAX_VALUE >> shift))
        {
            return null;
        }
        return n << shift;
    }

    /**
     * A duration in {@code base} units: an integer with an optional unit {@code ns}, {@code us},
     * {@code ms}, {@code s}, {@code m}, {@code h} ({@code 500ms}, {@code 30s}), a bare integer
     * counting {@code base} units; null when malformed, too large, or not a whole number of
     * {@code base} units ({@code 1500us} for milliseconds).
     */
    static Long duration(final String text, final TimeUnit base)
    {
        final Matcher m = DURATION.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches())
        {
            return null;
        }
        final Long n = integer(m.group(1));
        if (n == null)
        {
            return null;
        }
        final TimeUnit unit = m.group(2) == null ? base : unit(m.group(2));
        final long unitNanos = unit.toNanos(1);
        final long baseNanos = base.toNanos(1);
        if (unitNanos >= baseNanos)
        {
            final long ratio = unitNanos / baseNanos;
            return n > Long.MAX_VALUE / ratio || n < -(Long.MAX_VALUE / ratio) ? null : n * ratio;
        }
        final long ratio = baseNanos / unitNanos;
        return n % ratio == 0 ? n / ratio : null;
    }

    private static TimeUnit unit(final String suffix)
    {
        return switch (suffix)
        {
            case "ns" -> TimeUnit.NANOSECONDS;
            case "us", "µs" -> TimeUnit.MICROSECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "s" -> TimeUnit.SECONDS;
            case "m" -> TimeUnit.MINUTES;
            default -> TimeUnit.HOURS;
        };
    }

    /** {@code value} bytes in the largest binary multiple that divides it: {@code 64K}, {@code 1G}, {@code 1048704}. */
    static String formatBytes(final long value)
    {
        for (int i = 0; i < BYTE_SHIFTS.length; i++)
        {
            final long unit = 1L << BYTE_SHIFTS[i];
            if (value != 0 && value % unit == 0)
            {
                return (value / unit) + BYTE_SUFFIXES[i];
            }
        }
        return Long.toString(value);
    }

    /** {@code value} {@code base} units in the largest unit that divides it: {@code 24h}, {@code 1500ms}, {@code 0us}. */
    static String formatDuration(final long value, final TimeUnit base)
    {
        final long baseNanos = base.toNanos(1);
        for (final TimeUnit unit : TIME_UNITS)
        {
            final long unitNanos = unit.toNanos(1);
            if (unitNanos >= baseNanos && value != 0 && value % (unitNanos / baseNanos) == 0)
            {
                return (value / (unitNanos / baseNanos)) + suffix(unit);
            }
        }
        return value + suffix(base);
    }

    /** The suffix a duration in {@code unit} is written with. */
    static String suffix(final TimeUnit unit)
    {
        return switch (unit)
        {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case MINUTES -> "m";
            case HOURS -> "h";
            default -> throw new IllegalArgumentException("unit : " + unit + " (expected: hours or finer)");
        };
    }

    /**
     * Whether {@code text} names a host: an IPv4 address in dotted-quad form ({@code 10.0.0.2},
     * {@code 0.0.0.0}), an IPv6 literal, bracketed or not ({@code ::1}, {@code [fe80::1%eth0]}),
     * or a host name of letters, digits and hyphens in dot-separated labels whose last is not
     * all digits (RFC 1123), so {@code 999.1.1.1} is neither. Nothing is looked up.
     */
    static boolean isHost(final String text)
    {
        if (text.isEmpty() || text.length() > MAX_HOST_NAME + 2)
        {
            return false;
        }
        if (text.indexOf(':') >= 0 || text.startsWith("["))
        {
            return isIpv6(text);
        }
        final String[] labels = text.split("\\.", -1);
        if (labels[labels.length - 1].chars().allMatch(c -> c >= '0' && c <= '9'))
        {
            return isIpv4(labels);
        }
        if (text.length() > MAX_HOST_NAME)
        {
            return false;
        }
        for (final String label : labels)
        {
            if (label.isEmpty() || label.length() > MAX_LABEL || label.startsWith("-") || label.endsWith("-") ||
                !label.chars().allMatch(Values::labelChar))
            {
                return false;
            }
        }
        return true;
    }

    private static boolean isIpv4(final String[] parts)
    {
        if (parts.length != 4)
        {
            return false;
        }
        for (final String part : parts)
        {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9') ||
                Integer.parseInt(part) > 255)
            {
                return false;
            }
        }
        return true;
    }

    private static boolean isIpv6(final String text)
    {
        final String bare = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        if (bare.isEmpty() || !bare.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.' ||
            c == '%' || Character.isLetterOrDigit(c) || c == '_' || c == '-'))
        {
            return false;
        }
        try
        {
            // brackets make the JDK parse the literal and never look the text up as a name
            InetAddress.getByName("[" + bare + "]");
            return true;
        }
        catch (final UnknownHostException | SecurityException e)
        {
            return false;
        }
    }

    private static boolean labelChar(final int c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    }
}
