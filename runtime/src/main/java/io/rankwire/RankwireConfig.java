package io.rankwire;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;

import io.rankwire.core.EngineSettings;
import io.rankwire.progress.Idles;
import io.rankwire.proto.ProtocolSettings;
import io.rankwire.settings.Setting;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.TransportContext;

/**
 * Configuration of one rank, as a context object with fluent setters. Every value is a
 * {@code rankwire.*} setting (a system property, an {@code rwrun -x key=value}, {@link #set}, or a
 * setter here) read through its descriptor, the one place its default, range and meaning are
 * declared: docs/SETTINGS.md and {@code rwrun --settings} list them all, docs/RUNTIME.md
 * ("Settings") says why they are what they are. {@link #conclude()} validates ranges and names
 * the bad value. Settings of other parts ({@code rankwire.tcp.*}, {@code rankwire.coll.*}, ...)
 * are kept in {@link #settings()} for the part that reads them.
 */
public final class RankwireConfig
{
    public static final String TRANSPORT_PROP = RuntimeSettings.TRANSPORT.key();
    public static final String EAGER_LIMIT_PROP = RuntimeSettings.EAGER_LIMIT.key();
    public static final String UNEXPECTED_BYTES_PROP = RuntimeSettings.UNEXPECTED_BYTES.key();
    public static final String CREDITS_PROP = RuntimeSettings.CREDITS.key();
    public static final String SEND_BUFFER_BYTES_PROP = RuntimeSettings.SEND_BUFFER_BYTES.key();
    public static final String CREDIT_WAIT_MICROS_PROP = RuntimeSettings.CREDIT_WAIT_MICROS.key();
    public static final String IDLE_PROP = RuntimeSettings.IDLE.key();
    public static final String PROGRESS_THREAD_PROP = RuntimeSettings.PROGRESS_THREAD.key();
    public static final String THREADS_PROP = RuntimeSettings.THREADS.key();
    public static final String TIMEOUT_PROP = RuntimeSettings.TIMEOUT.key();
    public static final String BOOTSTRAP_TIMEOUT_PROP = RuntimeSettings.BOOTSTRAP_TIMEOUT.key();
    public static final String OFFLOAD_MIN_BYTES_PROP = RuntimeSettings.OFFLOAD_MIN_BYTES.key();
    public static final String SRQ_BUFFERS_PROP = RuntimeSettings.SRQ_BUFFERS.key();
    public static final String SPIN_MICROS_PROP = RuntimeSettings.SPIN_MICROS.key();

    /** {@code auto}: shared memory between the ranks of a host, TCP across hosts (see docs/SHM.md). */
    public static final String TRANSPORT_DEFAULT = RuntimeSettings.TRANSPORT.defaultValue();
    /** -1 ({@code auto}): take the transport's {@code Capabilities.eagerLimit()}. */
    public static final int EAGER_LIMIT_DEFAULT = RuntimeSettings.EAGER_LIMIT.defaultValue();
    public static final long UNEXPECTED_BYTES_DEFAULT = RuntimeSettings.UNEXPECTED_BYTES.defaultValue();
    public static final int CREDITS_DEFAULT = RuntimeSettings.CREDITS.defaultValue();
    public static final long SEND_BUFFER_BYTES_DEFAULT = RuntimeSettings.SEND_BUFFER_BYTES.defaultValue();
    public static final int CREDIT_WAIT_MICROS_DEFAULT = RuntimeSettings.CREDIT_WAIT_MICROS.defaultValue().intValue();
    /**
     * What each copy in the send buffer counts against {@code rankwire.sendBufferBytes} beyond its
     * payload (its bookkeeping), so that tiny copies cannot hold many times the bound in heap.
     */
    public static final int SEND_BUFFER_COPY_OVERHEAD = ProtocolSettings.SEND_BUFFER_COPY_OVERHEAD;
    public static final long BOOTSTRAP_TIMEOUT_DEFAULT_MS = RuntimeSettings.BOOTSTRAP_TIMEOUT.defaultValue();
    public static final int OFFLOAD_MIN_BYTES_DEFAULT = RuntimeSettings.OFFLOAD_MIN_BYTES.defaultValue();
    public static final int SRQ_BUFFERS_DEFAULT = RuntimeSettings.SRQ_BUFFERS.defaultValue();
    /** -1 ({@code auto}): take the transport's {@code Transport.idleSpinMicros()}. */
    public static final int SPIN_MICROS_DEFAULT = RuntimeSettings.SPIN_MICROS.defaultValue().intValue();

    /** How a blocked caller waits. */
    public enum Idle
    {
        /** Busy-spin: lowest latency, burns a core per waiting thread. */
        SPIN,
        /** Spin briefly, then {@code Thread.yield()}. */
        YIELD,
        /** Spin, then yield, then park with growing periods (up to 100 microseconds). */
        BACKOFF
    }

    /** The settings this class's getters answer, in the order {@link #conclude()} checks them. */
    private static final List<Setting<?>> OWN = List.of(RuntimeSettings.TRANSPORT, RuntimeSettings.EAGER_LIMIT,
        RuntimeSettings.UNEXPECTED_BYTES, RuntimeSettings.CREDITS, RuntimeSettings.SEND_BUFFER_BYTES,
        RuntimeSettings.CREDIT_WAIT_MICROS, RuntimeSettings.IDLE, RuntimeSettings.SPIN_MICROS,
        RuntimeSettings.PROGRESS_THREAD, RuntimeSettings.THREADS, RuntimeSettings.TIMEOUT,
        RuntimeSettings.BOOTSTRAP_TIMEOUT, RuntimeSettings.OFFLOAD_MIN_BYTES, RuntimeSettings.SRQ_BUFFERS);

    /** Every {@code rankwire.*} setting given, as text; the getters read theirs through its descriptor. */
    private final Map<String, String> settings = new HashMap<>();
    private int rank = 0;
    private int size = 1;
    private String jobId = "local";
    private byte[] secret = new byte[0];
    private Bootstrap bootstrap;
    private boolean concluded;

    /** A configuration with defaults from the system properties. */
    public RankwireConfig()
    {
        this(System.getProperties());
    }

    /**
     * A configuration with defaults from {@code props} (e.g. a launcher's settings).
     *
     * @throws IllegalArgumentException for a runtime setting's value it does not take, naming
     *                                  the key, the value and what is expected
     */
    public RankwireConfig(final Properties props)
    {
        for (final String name : props.stringPropertyNames())
        {
            if (name.startsWith("rankwire."))
            {
                set(name, props.getProperty(name));
            }
        }
    }

    /**
     * Applies {@code key=value} the way a system property would (any {@code rankwire.*} key).
     *
     * @throws IllegalArgumentException for a runtime setting's value it does not take, naming
     *                                  the key, the value and what is expected
     */
    public RankwireConfig set(final String key, final String value)
    {
        OWN.stream().filter(s -> s.key().equals(key)).forEach(s -> s.parse(value));
        settings.put(key, value);
        return this;
    }

    /** Applies every entry of {@code values} with {@link #set}. */
    public RankwireConfig setAll(final Map<String, String> values)
    {
        values.forEach(this::set);
        return this;
    }

    /** A copy of this configuration (not concluded). */
    public RankwireConfig copy()
    {
        final RankwireConfig c = new RankwireConfig(new Properties());
        c.settings.putAll(settings);
        c.rank = rank;
        c.size = size;
        c.jobId = jobId;
        c.secret = secret.clone();
        c.bootstrap = bootstrap;
        return c;
    }

    /** Records a setter's value as its setting's text (checked by {@link #conclude()}; null as none). */
    private <T> RankwireConfig put(final Setting<T> setting, final T value)
    {
        settings.put(setting.key(), value == null ? "" : setting.format(value));
        return this;
    }

    private <T, R> R get(final Setting<T> setting, final Function<T, R> as)
    {
        return as.apply(setting.read(settings));
    }

    public RankwireConfig transport(final String transport)
    {
        return put(RuntimeSettings.TRANSPORT, transport);
    }

    public String transport()
    {
        return RuntimeSettings.TRANSPORT.read(settings);
    }

    /** Largest eager payload in bytes; -1 for the transport's default. */
    public RankwireConfig eagerLimit(final int eagerLimit)
    {
        return put(RuntimeSettings.EAGER_LIMIT, eagerLimit);
    }

    public int eagerLimit()
    {
        return RuntimeSettings.EAGER_LIMIT.read(settings);
    }

    /** Bound on buffered unexpected eager payload bytes per rank. */
    public RankwireConfig unexpectedBytes(final long unexpectedBytes)
    {
        return put(RuntimeSettings.UNEXPECTED_BYTES, unexpectedBytes);
    }

    public long unexpectedBytes()
    {
        return RuntimeSettings.UNEXPECTED_BYTES.read(settings);
    }

    /** Eager message credits per (sender, receiver) pair. */
    public RankwireConfig credits(final int credits)
    {
        return put(RuntimeSettings.CREDITS, credits);
    }

    public int credits()
    {
        return RuntimeSettings.CREDITS.read(settings);
    }

    /**
     * Bound on the bytes of send-side copies kept for small standard-mode sends that found no
     * eager credit (0: such sends wait for their match instead).
     */
    public RankwireConfig sendBufferBytes(final long sendBufferBytes)
    {
        return put(RuntimeSettings.SEND_BUFFER_BYTES, sendBufferBytes);
    }

    public long sendBufferBytes()
    {
        return RuntimeSettings.SEND_BUFFER_BYTES.read(settings);
    }

    /**
     * How long a blocking small send that finds no eager credit polls for credits before it is
     * copied into the send buffer (0: copy at once).
     */
    public RankwireConfig creditWaitMicros(final int creditWaitMicros)
    {
        return put(RuntimeSettings.CREDIT_WAIT_MICROS, (long)creditWaitMicros);
    }

    public int creditWaitMicros()
    {
        return get(RuntimeSettings.CREDIT_WAIT_MICROS, Long::intValue);
    }

    public RankwireConfig idle(final Idle idle)
    {
        return put(RuntimeSettings.IDLE, idle == null ? null : Idles.Mode.valueOf(idle.name()));
    }

    public Idle idle()
    {
        return get(RuntimeSettings.IDLE, mode -> Idle.valueOf(mode.name()));
    }

    public RankwireConfig progressThread(final boolean progressThread)
    {
        return put(RuntimeSettings.PROGRESS_THREAD, progressThread);
    }

    public boolean progressThread()
    {
        return RuntimeSettings.PROGRESS_THREAD.read(settings);
    }

    /**
     * {@code rankwire.threads=funneled}: only the thread that initializes the rank may call it,
     * and the engine takes no lock; false ({@code multiple}): any thread may.
     */
    public RankwireConfig funneled(final boolean funneled)
    {
        return put(RuntimeSettings.THREADS, funneled ? "funneled" : "multiple");
    }

    public boolean funneled()
    {
        return get(RuntimeSettings.THREADS, level -> level.equals("funneled") || level.equals("single"));
    }

    /** Timeout of blocking calls, in whole milliseconds (a part of one counts as one); {@link Duration#ZERO} waits forever. */
    public RankwireConfig timeout(final Duration timeout)
    {
        return put(RuntimeSettings.TIMEOUT, millis(timeout));
    }

    public Duration timeout()
    {
        return get(RuntimeSettings.TIMEOUT, Duration::ofMillis);
    }

    /** Limit of the login to the bootstrap service, of wire-up and of the closing rendezvous, in whole milliseconds. */
    public RankwireConfig bootstrapTimeout(final Duration bootstrapTimeout)
    {
        return put(RuntimeSettings.BOOTSTRAP_TIMEOUT, millis(bootstrapTimeout));
    }

    public Duration bootstrapTimeout()
    {
        return get(RuntimeSettings.BOOTSTRAP_TIMEOUT, Duration::ofMillis);
    }

    public RankwireConfig offloadMinBytes(final int offloadMinBytes)
    {
        return put(RuntimeSettings.OFFLOAD_MIN_BYTES, offloadMinBytes);
    }

    public int offloadMinBytes()
    {
        return RuntimeSettings.OFFLOAD_MIN_BYTES.read(settings);
    }

    public RankwireConfig srqBuffers(final int srqBuffers)
    {
        return put(RuntimeSettings.SRQ_BUFFERS, srqBuffers);
    }

    public int srqBuffers()
    {
        return RuntimeSettings.SRQ_BUFFERS.read(settings);
    }

    /**
     * With the {@code backoff} idle mode: microseconds a blocked caller polls before yielding and
     * parking; -1 (the default) takes the transport's suggestion.
     */
    public RankwireConfig spinMicros(final int spinMicros)
    {
        return put(RuntimeSettings.SPIN_MICROS, (long)spinMicros);
    }

    public int spinMicros()
    {
        return get(RuntimeSettings.SPIN_MICROS, Long::intValue);
    }

    /** This rank and the job's size; several ranks need a secret of {@link TransportContext#MIN_SECRET_BYTES} random bytes or more. */
    public RankwireConfig job(final int rank, final int size, final String jobId, final byte[] secret)
    {
        this.rank = rank;
        this.size = size;
        this.jobId = jobId;
        this.secret = secret.clone();
        return this;
    }

    public RankwireConfig bootstrap(final Bootstrap bootstrap)
    {
        this.bootstrap = bootstrap;
        return this;
    }

    public Bootstrap bootstrap()
    {
        return bootstrap;
    }

    public int rank()
    {
        return rank;
    }

    public int size()
    {
        return size;
    }

    public String jobId()
    {
        return jobId;
    }

    public byte[] secret()
    {
        return secret.clone();
    }

    /** Every {@code rankwire.*} setting, including transport-specific ones, for the transport. */
    public Map<String, String> settings()
    {
        final Map<String, String> copy = new HashMap<>(settings);
        copy.put(TRANSPORT_PROP, transport());
        return copy;
    }

    /**
     * Validates every value and returns this.
     *
     * @throws IllegalArgumentException naming the first bad value and its allowed range
     */
    public RankwireConfig conclude()
    {
        OWN.forEach(s -> s.read(settings));
        checkRange("size", size, 1, io.rankwire.match.Envelope.MAX_RANKS);
        checkRange("rank", rank, 0, size - 1);
        TransportContext.checkSecret("secret", secret, size);
        if (funneled() && progressThread())
        {
            throw new IllegalArgumentException(THREADS_PROP + " : funneled with " + PROGRESS_THREAD_PROP +
                " : true (expected: multiple, since a progress thread calls the rank from a second thread)");
        }
        concluded = true;
        return this;
    }

    private static void checkRange(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(name + " : " + value + " (expected: " + min + ".." + max + ")");
        }
    }

    /** {@code d} in whole milliseconds, a part of one counting as one; null for null. */
    private static Long millis(final Duration d)
    {
        if (d == null)
        {
            return null;
        }
        try
        {
            final long ms = d.toMillis();
            return d.compareTo(Duration.ofMillis(ms)) > 0 ? ms + 1 : ms;
        }
        catch (final ArithmeticException e)
        {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** What the engine takes from this (concluded) configuration. */
    EngineSettings engineSettings()
    {
        return new EngineSettings(
            new ProtocolSettings(eagerLimit(), unexpectedBytes(), credits(), sendBufferBytes(), offloadMinBytes(), srqBuffers()),
            RuntimeSettings.IDLE.read(settings), spinMicros(), timeout().toNanos(), creditWaitMicros(), funneled());
    }

    /** True once {@link #conclude()} has validated this configuration. */
    public boolean isConcluded()
    {
        return concluded;
    }

    /** The job's place and every setting given (as given; never fails, whatever they are). */
    @Override
    public String toString()
    {
        return "RankwireConfig{rank=" + rank + ", size=" + size + ", job=" + jobId + ", settings=" + new TreeMap<>(settings) + '}';
    }
}
