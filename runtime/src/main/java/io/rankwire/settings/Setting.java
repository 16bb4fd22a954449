package io.rankwire.settings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;

/**
 * One {@code rankwire.*} setting, declared once by the module that reads it: its key, type,
 * default, range (as the text of what is expected), and a one-line meaning. Reading goes through
 * the descriptor ({@link #read(Map)}), so every module parses a value the same way and refuses a
 * bad one with the same one-line message, naming the key, the value and what is expected:
 *
 * <pre>
 *   rankwire.eagerLimit : -5 (expected: auto or a byte size 0..1G)
 *   rankwire.tcp.keepAliveIdleMs : 2d (expected: a duration 0ms..24h, a bare number in ms)
 * </pre>
 *
 * Values are trimmed; words ({@code true}, {@code spin}) are matched in either case. Byte sizes
 * take binary multiples ({@code 4096}, {@code 64k}, {@code 32M}, {@code 1g}: 1024, 1024^2,
 * 1024^3); durations take a unit ({@code 500ms}, {@code 30s}, {@code 5m}), a bare number counting
 * the unit the setting is declared in. A default that depends on other settings or on the job
 * ({@link #withDefault(String)}) is described in words and computed by the reader.
 *
 * <p>Descriptors are immutable and shared; reading allocates only the boxed value.
 *
 * @param <T> the type of the value
 */
public final class Setting<T>
{
    private final String key;
    private final T defaultValue;
    private final String defaultText;
    private final String expected;
    private final String meaning;
    private final Function<String, T> parser;
    private final Predicate<T> accepts;
    private final Function<T, String> format;
    private final Map<String, T> specials;
    private final String removedReason;

    private Setting(
        final String key, final T defaultValue, final String defaultText, final String expected, final String meaning,
        final Function<String, T> parser, final Predicate<T> accepts, final Function<T, String> format,
        final Map<String, T> specials, final String removedReason)
    {
        if (!key.startsWith("rankwire.") || key.length() == "rankwire.".length())
        {
            throw new IllegalArgumentException("key : '" + key + "' (expected: rankwire.<name>)");
        }
        this.key = key;
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.expected = expected;
        this.meaning = Objects.requireNonNull(meaning, "meaning");
        this.parser = parser;
        this.accepts = accepts;
        this.format = format;
        this.specials = specials;
        this.removedReason = removedReason;
    }

    // ----------------------------------------------------------------------------------------
    // Kinds of setting
    // ----------------------------------------------------------------------------------------

    /** An integer in {@code min..max}. */
    public static Setting<Integer> integer(
        final String key, final int defaultValue, final int min, final int max, final String meaning)
    {
        return number(key, defaultValue, min, max, meaning, Values::integer, Long::toString, "", v -> (int)v);
    }

    /** A 64-bit integer in {@code min..max}. */
    public static Setting<Long> longInteger(
        final String key, final long defaultValue, final long min, final long max, final String meaning)
    {
        return number(key, defaultValue, min, max, meaning, Values::integer, Long::toString, "", v -> v);
    }

    /** A byte size in {@code min..max}, with binary multiples ({@code 64k}, {@code 32M}). */
    public static Setting<Integer> bytes(
        final String key, final int defaultValue, final int min, final int max, final String meaning)
    {
        return number(key, defaultValue, min, max, meaning, Values::bytes, Values::formatBytes, "a byte size ",
            v -> (int)v);
    }

    /** A byte size in {@code min..max} that may pass 2 GiB. */
    public static Setting<Long> longBytes(
        final String key, final long defaultValue, final long min, final long max, final String meaning)
    {
        return number(key, defaultValue, min, max, meaning, Values::bytes, Values::formatBytes, "a byte size ", v -> v);
    }

    /**
     * A duration, as a count of {@code unit} in {@code min..max}: a value with a unit
     * ({@code 30s}) is converted, and must be a whole number of {@code unit}.
     */
    public static Setting<Long> duration(
        final String key, final TimeUnit unit, final long defaultValue, final long min, final long max,
        final String meaning)
    {
        final Setting<Long> s = number(key, defaultValue, min, max, meaning, t -> Values.duration(t, unit),
            v -> Values.formatDuration(v, unit), "a duration ", v -> v);
        return s.withExpected(s.expected + ", a bare number in " + Values.suffix(unit));
    }

    /** {@code true} or {@code false}. */
    public static Setting<Boolean> flag(final String key, final boolean defaultValue, final String meaning)
    {
        return new Setting<>(key, defaultValue, null, "true or false", meaning,
            t -> t.equalsIgnoreCase("true") ? Boolean.TRUE : t.equalsIgnoreCase("false") ? Boolean.FALSE : null,
            Objects::nonNull, String::valueOf, Map.of(), null);
    }

    /** One of {@code words} (any case); the value is the word as declared. */
    public static Setting<String> oneOf(
        final String key, final String defaultValue, final String meaning, final String... words)
    {
        final List<String> all = List.of(words);
        return new Setting<>(key, defaultValue, null, alternatives(all), meaning,
            t -> all.stream().filter(w -> w.equalsIgnoreCase(t)).findFirst().orElse(null), all::contains,
            String::valueOf, Map.of(), null);
    }

    /**
     * One of the constants of {@code defaultValue}'s enum, each named by one of {@code words}
     * (matched to a constant by its name, case and {@code _} ignored: {@code scatterAllgather} for
     * {@code SCATTER_ALLGATHER}); without words, the constants' names in lower case.
     */
    public static <E extends Enum<E>> Setting<E> choice(
        final String key, final E defaultValue, final String meaning, final String... words)
    {
        final E[] constants = defaultValue.getDeclaringClass().getEnumConstants();
        final Map<String, E> byWord = new LinkedHashMap<>();
        for (final E c : constants)
        {
            final String name = c.name().replace("_", "");
            final String word = words.length == 0 ? c.name().toLowerCase(Locale.ROOT) :
                Arrays.stream(words).filter(w -> w.replace("_", "").equalsIgnoreCase(name)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException(key + " : no word for " + c + " among " + Arrays.toString(words)));
            byWord.put(word, c);
        }
        final Map<E, String> wordOf = new LinkedHashMap<>();
        byWord.forEach((w, c) -> wordOf.put(c, w));
        return new Setting<>(key, defaultValue, null, alternatives(new ArrayList<>(byWord.keySet())), meaning,
            t -> byWord.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(t)).map(Map.Entry::getValue)
                .findFirst().orElse(null),
            Objects::nonNull, wordOf::get, Map.of(), null);
    }

    /** A host name or an IP address (checked for form only; nothing is looked up). */
    public static Setting<String> address(final String key, final String defaultValue, final String meaning)
    {
        return new Setting<>(key, defaultValue, null, "a host name or an IP address", meaning,
            t -> Values.isHost(t) ? t : null, t -> t != null && Values.isHost(t), String::valueOf, Map.of(), null);
    }

    /** Text that {@code valid} accepts; {@code expected} says what that is. */
    public static Setting<String> text(
        final String key, final String defaultValue, final String expected, final Predicate<String> valid,
        final String meaning)
    {
        return new Setting<>(key, defaultValue, null, expected, meaning, t -> valid.test(t) ? t : null,
            t -> t != null && valid.test(t), String::valueOf, Map.of(), null);
    }

    /**
     * A setting that no longer exists: any value is refused with {@code reason}, so that nobody
     * believes it still acts. Not listed among the settings a module reads.
     */
    public static Setting<String> removed(final String key, final String reason)
    {
        return new Setting<>(key, null, "", "not set; the setting is gone: " + reason, "removed: " + reason,
            t -> null, t -> false, String::valueOf, Map.of(), reason);
    }

    private static <N extends Number> Setting<N> number(
        final String key, final long defaultValue, final long min, final long max, final String meaning,
        final Function<String, Long> parse, final LongFunction<String> show, final String kind,
        final LongFunction<N> box)
    {
        final String range = min == Long.MIN_VALUE && max == Long.MAX_VALUE ? "an integer" :
            max == Long.MAX_VALUE ? kind + ">= " + show.apply(min) : kind + show.apply(min) + ".." + show.apply(max);
        return new Setting<>(key, box.apply(defaultValue), null, range, meaning,
            t ->
            {
                final Long v = parse.apply(t);
                return v == null || v < min || v > max ? null : box.apply(v);
            },
            v -> v != null && v.longValue() >= min && v.longValue() <= max,
            v -> show.apply(v.longValue()), Map.of(), null);
    }

    private static String alternatives(final List<String> words)
    {
        if (words.size() == 1)
        {
            return words.get(0);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
    }

    // ----------------------------------------------------------------------------------------
    // Refinements
    // ----------------------------------------------------------------------------------------

    /**
     * This setting with a default that the reader computes (from other settings or the job),
     * described by {@code text}; {@link #read(Map)} then returns null when the key is not set.
     */
    public Setting<T> withDefault(final String text)
    {
        return new Setting<>(key, null, text, expected, meaning, parser, accepts, format, specials, removedReason);
    }

    /**
     * {@link #withDefault(String)} with the text made from this setting ({@code s.format(...)} of
     * the values the reader may pick).
     */
    public Setting<T> withDefault(final Function<Setting<T>, String> describe)
    {
        return withDefault(describe.apply(this));
    }

    /**
     * This setting accepting {@code word} (and {@code spellings}, any case) for {@code value},
     * outside the range: {@code auto} for -1, "the transport's".
     */
    public Setting<T> withSpecial(final T value, final String word, final String... spellings)
    {
        final Map<String, T> more = new LinkedHashMap<>(specials);
        more.put(word.toLowerCase(Locale.ROOT), value);
        for (final String s : spellings)
        {
            more.put(s.toLowerCase(Locale.ROOT), value);
        }
        return new Setting<>(key, defaultValue, defaultText, word + " or " + expected, meaning, parser, accepts, format,
            Collections.unmodifiableMap(more), removedReason);
    }

    /**
     * This setting accepting only values that also pass {@code test}, which {@code also} describes
     * ({@code a power of two}, after the range's text).
     */
    public Setting<T> where(final Predicate<T> test, final String also)
    {
        return new Setting<>(key, defaultValue, defaultText, expected + ", " + also, meaning,
            t ->
            {
                final T v = parser.apply(t);
                return v != null && test.test(v) ? v : null;
            },
            accepts.and(test), format, specials, removedReason);
    }

    private Setting<T> withExpected(final String text)
    {
        return new Setting<>(key, defaultValue, defaultText, text, meaning, parser, accepts, format, specials, removedReason);
    }

    // ----------------------------------------------------------------------------------------
    // Reading
    // ----------------------------------------------------------------------------------------

    /**
     * The value of this setting among {@code settings}, else the default (null when the default
     * is computed by the reader).
     *
     * @throws IllegalArgumentException naming the key, the value and what is expected
     */
    public T read(final Map<String, String> settings)
    {
        final String raw = settings.get(key);
        return raw == null ? defaultValue : parse(raw);
    }

    /**
     * The value of this setting among {@code settings}, else {@code computedDefault}.
     *
     * @throws IllegalArgumentException naming the key, the value and what is expected
     */
    public T read(final Map<String, String> settings, final T computedDefault)
    {
        final String raw = settings.get(key);
        return raw == null ? computedDefault : parse(raw);
    }

    /**
     * The value {@code text} stands for.
     *
     * @throws IllegalArgumentException naming the key, the value and what is expected
     */
    public T parse(final String text)
    {
        final String t = text.trim();
        final T special = specials.get(t.toLowerCase(Locale.ROOT));
        if (special != null)
        {
            return special;
        }
        final T value = removedReason == null ? parser.apply(t) : null;
        if (value == null)
        {
            throw refuse(text);
        }
        return value;
    }

    /**
     * Checks a value given as a value (a setter's argument) against the range.
     *
     * @return {@code value}
     * @throws IllegalArgumentException naming the key, the value and what is expected
     */
    public T check(final T value)
    {
        if (value != null && (specials.containsValue(value) || accepts.test(value)))
        {
            return value;
        }
        throw refuse(value == null ? "null" : format(value));
    }

    /** {@code value} as this setting's text: {@code 64K}, {@code 30s}, {@code auto}, {@code spin}. */
    public String format(final T value)
    {
        for (final Map.Entry<String, T> e : specials.entrySet())
        {
            if (e.getValue().equals(value))
            {
                return e.getKey();
            }
        }
        return format.apply(value);
    }

    /** The error for {@code shown} (a value as given) outside the range. */
    public IllegalArgumentException refuse(final String shown)
    {
        return refuse(shown, expected);
    }

    /**
     * The error for {@code shown} (a value as given) when other settings narrow the range:
     * {@code expected} is what this value may be given them.
     */
    public IllegalArgumentException refuse(final String shown, final String expected)
    {
        return new IllegalArgumentException(key + " : " + (shown.isEmpty() ? "''" : shown) + " (expected: " + expected + ")");
    }

    // ----------------------------------------------------------------------------------------
    // Description
    // ----------------------------------------------------------------------------------------

    /** The full key, {@code rankwire.tcp.port}. */
    public String key()
    {
        return key;
    }

    /** The default value; null when the reader computes it ({@link #defaultText()} says how). */
    public T defaultValue()
    {
        return defaultValue;
    }

    /** The default as text: the value's ({@code 64K}), or how the reader computes it. */
    public String defaultText()
    {
        return defaultText != null ? defaultText : defaultValue == null ? "" : format(defaultValue);
    }

    /** What a value may be: {@code 1..1048576}, {@code spin, yield or backoff}, {@code a byte size >= 0}. */
    public String expected()
    {
        return expected;
    }

    /** What the setting does, in one line. */
    public String meaning()
    {
        return meaning;
    }

    /** Whether this key names a setting that no longer exists ({@link #removed}). */
    public boolean isRemoved()
    {
        return removedReason != null;
    }

    @Override
    public String toString()
    {
        return key;
    }
}
