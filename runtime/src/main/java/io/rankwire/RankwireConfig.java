package io.rankwire;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.TransportContext;

/**
 * Configuration of one rank, as a context object with fluent setters. Every default comes from
 * a system property named in this class; {@link #conclude()} validates ranges and names the
 * bad value.
 *
 * <p>Settings (each a system property, an {@code rwrun -x key=value}, or a setter here):
 * {@code rankwire.transport} (default {@code tcp}), {@code rankwire.eagerLimit} (the
 * transport's), {@code rankwire.unexpectedBytes} (32 MiB), {@code rankwire.credits} (64),
 * {@code rankwire.sendBufferBytes} (64 MiB; each copy counts its payload plus
 * {@link #SEND_BUFFER_COPY_OVERHEAD} bytes), {@code rankwire.creditWaitMicros} (100),
 * {@code rankwire.idle} ({@code backoff}), {@code rankwire.idle.spinMicros} (the transport's),
 * {@code rankwire.progressThread} (false), {@code rankwire.threads} ({@code multiple}),
 * {@code rankwire.timeout} (0: none), {@code rankwire.bootstrapTimeout} (60000 ms),
 * {@code rankwire.offloadMinBytes} (1024), {@code rankwire.srqBuffers} (256); and
 * {@code rankwire.sim.*}, {@code rankwire.tcp.*} passed through to the transport. Their meaning
 * is in docs/RUNTIME.md, "Settings".
 */
public final class RankwireConfig
{
    public static final String TRANSPORT_PROP = "rankwire.transport";
    public static final String EAGER_LIMIT_PROP = "rankwire.eagerLimit";
    public static final String UNEXPECTED_BYTES_PROP = "rankwire.unexpectedBytes";
    public static final String CREDITS_PROP = "rankwire.credits";
    public static final String SEND_BUFFER_BYTES_PROP = "rankwire.sendBufferBytes";
    public static final String CREDIT_WAIT_MICROS_PROP = "rankwire.creditWaitMicros";
    public static final String IDLE_PROP = "rankwire.idle";
    public static final String PROGRESS_THREAD_PROP = "rankwire.progressThread";
    public static final String THREADS_PROP = "rankwire.threads";
    public static final String TIMEOUT_PROP = "rankwire.timeout";
    public static final String BOOTSTRAP_TIMEOUT_PROP = "rankwire.bootstrapTimeout";
    public static final String OFFLOAD_MIN_BYTES_PROP = "rankwire.offloadMinBytes";
    public static final String SRQ_BUFFERS_PROP = "rankwire.srqBuffers";
    public static final String SPIN_MICROS_PROP = "rankwire.idle.spinMicros";

    /** {@code auto}: shared memory between the ranks of a host, TCP across hosts (see docs/SHM.md). */
    public static final String TRANSPORT_DEFAULT = "auto";
    /** -1: take the transport's {@code Capabilities.eagerLimit()}. */
    public static final int EAGER_LIMIT_DEFAULT = -1;
    public static final long UNEXPECTED_BYTES_DEFAULT = 32L << 20;
    public static final int CREDITS_DEFAULT = 64;
    public static final long SEND_BUFFER_BYTES_DEFAULT = 64L << 20;
    public static final int CREDIT_WAIT_MICROS_DEFAULT = 100;
    /**
     * What each copy in the send buffer counts against {@code rankwire.sendBufferBytes} beyond its
     * payload (its bookkeeping), so that tiny copies cannot hold many times the bound in heap.
     */
    public static final int SEND_BUFFER_COPY_OVERHEAD = io.rankwire.proto.ProtocolSettings.SEND_BUFFER_COPY_OVERHEAD;
    public static final long BOOTSTRAP_TIMEOUT_DEFAULT_MS = 60_000;
    public static final int OFFLOAD_MIN_BYTES_DEFAULT = 1024;
    public static final int SRQ_BUFFERS_DEFAULT = 256;
    /** -1: take the transport's {@code Transport.idleSpinMicros()}. */
    public static final int SPIN_MICROS_DEFAULT = -1;

    /** How a blocked caller waits for progress. */
    public enum Idle
    {
        /** Busy-spin: lowest latency, burns a core per waiting thread. */
        SPIN,
        /** Spin briefly, then {@code Thread.yield()}. */
        YIELD,
        /** Spin, then yield, then park with growing periods (up to 100 microseconds). */
        BACKOFF
    }

    private String transport;
    private int eagerLimit;
    private long unexpectedBytes;
    private int credits;
    private long sendBufferBytes;
    private int creditWaitMicros;
    private Idle idle;
    private boolean progressThread;
    private boolean funneled;
    private Duration timeout;
    private Duration bootstrapTimeout;
    private int offloadMinBytes;
    private int srqBuffers;
    private int spinMicros;
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

    /** A configuration with defaults from {@code props} (e.g. a launcher's settings). */
    public RankwireConfig(final Properties props)
    {
        transport = props.getProperty(TRANSPORT_PROP, TRANSPORT_DEFAULT);
        eagerLimit = ConfigValues.intProp(props, EAGER_LIMIT_PROP, EAGER_LIMIT_DEFAULT);
        unexpectedBytes = ConfigValues.longProp(props, UNEXPECTED_BYTES_PROP, UNEXPECTED_BYTES_DEFAULT);
        credits = ConfigValues.intProp(props, CREDITS_PROP, CREDITS_DEFAULT);
        sendBufferBytes = ConfigValues.longProp(props, SEND_BUFFER_BYTES_PROP, SEND_BUFFER_BYTES_DEFAULT);
        creditWaitMicros = ConfigValues.intProp(props, CREDIT_WAIT_MICROS_PROP, CREDIT_WAIT_MICROS_DEFAULT);
        idle = ConfigValues.parseIdle(props.getProperty(IDLE_PROP, "backoff"));
        progressThread = Boolean.parseBoolean(props.getProperty(PROGRESS_THREAD_PROP, "false"));
        funneled = ConfigValues.parseThreads(props.getProperty(THREADS_PROP, "multiple"));
        timeout = Duration.ofMillis(ConfigValues.longProp(props, TIMEOUT_PROP, 0));
        bootstrapTimeout = Duration.ofMillis(ConfigValues.longProp(props, BOOTSTRAP_TIMEOUT_PROP, BOOTSTRAP_TIMEOUT_DEFAULT_MS));
        offloadMinBytes = ConfigValues.intProp(props, OFFLOAD_MIN_BYTES_PROP, OFFLOAD_MIN_BYTES_DEFAULT);
        srqBuffers = ConfigValues.intProp(props, SRQ_BUFFERS_PROP, SRQ_BUFFERS_DEFAULT);
        spinMicros = ConfigValues.intProp(props, SPIN_MICROS_PROP, SPIN_MICROS_DEFAULT);
        for (final String name : props.stringPropertyNames())
        {
            if (name.startsWith("rankwire."))
            {
                settings.put(name, props.getProperty(name));
            }
        }
    }

    /** Applies {@code key=value} the way a system property would (any {@code rankwire.*} key). */
    public RankwireConfig set(final String key, final String value)
    {
        final Properties p = new Properties();
        p.setProperty(key, value);
        final RankwireConfig parsed = new RankwireConfig(p);
        switch (key)
        {
            case TRANSPORT_PROP: transport = parsed.transport; break;
            case EAGER_LIMIT_PROP: eagerLimit = parsed.eagerLimit; break;
            case UNEXPECTED_BYTES_PROP: unexpectedBytes = parsed.unexpectedBytes; break;
            case CREDITS_PROP: credits = parsed.credits; break;
            case SEND_BUFFER_BYTES_PROP: sendBufferBytes = parsed.sendBufferBytes; break;
            case CREDIT_WAIT_MICROS_PROP: creditWaitMicros = parsed.creditWaitMicros; break;
            case IDLE_PROP: idle = parsed.idle; break;
            case PROGRESS_THREAD_PROP: progressThread = parsed.progressThread; break;
            case THREADS_PROP: funneled = parsed.funneled; break;
            case TIMEOUT_PROP: timeout = parsed.timeout; break;
            case BOOTSTRAP_TIMEOUT_PROP: bootstrapTimeout = parsed.bootstrapTimeout; break;
            case OFFLOAD_MIN_BYTES_PROP: offloadMinBytes = parsed.offloadMinBytes; break;
            case SRQ_BUFFERS_PROP: srqBuffers = parsed.srqBuffers; break;
            case SPIN_MICROS_PROP: spinMicros = parsed.spinMicros; break;
            default: break;
        }
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
        c.transport = transport;
        c.eagerLimit = eagerLimit;
        c.unexpectedBytes = unexpectedBytes;
        c.credits = credits;
        c.sendBufferBytes = sendBufferBytes;
        c.creditWaitMicros = creditWaitMicros;
        c.idle = idle;
        c.progressThread = progressThread;
        c.funneled = funneled;
        c.timeout = timeout;
        c.bootstrapTimeout = bootstrapTimeout;
        c.offloadMinBytes = offloadMinBytes;
        c.srqBuffers = srqBuffers;
        c.spinMicros = spinMicros;
        c.settings.putAll(settings);
        c.rank = rank;
        c.size = size;
        c.jobId = jobId;
        c.secret = secret.clone();
        c.bootstrap = bootstrap;
        return c;
    }

    public RankwireConfig transport(final String transport)
    {
        this.transport = transport;
        settings.put(TRANSPORT_PROP, String.valueOf(transport));
        return this;
    }

    public String transport()
    {
        return transport;
    }

    /** Largest eager payload in bytes; -1 for the transport's default. */
    public RankwireConfig eagerLimit(final int eagerLimit)
    {
        this.eagerLimit = eagerLimit;
        return this;
    }

    public int eagerLimit()
    {
        return eagerLimit;
    }

    /** Bound on buffered unexpected eager payload bytes per rank. */
    public RankwireConfig unexpectedBytes(final long unexpectedBytes)
    {
        this.unexpectedBytes = unexpectedBytes;
        return this;
    }

    public long unexpectedBytes()
    {
        return unexpectedBytes;
    }

    /** Eager message credits per (sender, receiver) pair. */
    public RankwireConfig credits(final int credits)
    {
        this.credits = credits;
        return this;
    }

    public int credits()
    {
        return credits;
    }

    /**
     * Bound on the bytes of send-side copies kept for small standard-mode sends that found no
     * eager credit (0: such sends wait for their match instead).
     */
    public RankwireConfig sendBufferBytes(final long sendBufferBytes)
    {
        this.sendBufferBytes = sendBufferBytes;
        return this;
    }

    public long sendBufferBytes()
    {
        return sendBufferBytes;
    }

    /**
     * How long a blocking small send that finds no eager credit polls for credits before it is
     * copied into the send buffer (0: copy at once).
     */
    public RankwireConfig creditWaitMicros(final int creditWaitMicros)
    {
        this.creditWaitMicros = creditWaitMicros;
        return this;
    }

    public int creditWaitMicros()
    {
        return creditWaitMicros;
    }

    public RankwireConfig idle(final Idle idle)
    {
        this.idle = idle;
        return this;
    }

    public Idle idle()
    {
        return idle;
    }

    public RankwireConfig progressThread(final boolean progressThread)
    {
        this.progressThread = progressThread;
        return this;
    }

    public boolean progressThread()
    {
        return progressThread;
    }

    /**
     * {@code rankwire.threads=funneled}: only the thread that initializes the rank may call it,
     * and the engine takes no lock; false ({@code multiple}): any thread may.
     */
    public RankwireConfig funneled(final boolean funneled)
    {
        this.funneled = funneled;
        return this;
    }

    public boolean funneled()
    {
        return funneled;
    }

    /** Timeout of blocking calls; {@link Duration#ZERO} waits forever. */
    public RankwireConfig timeout(final Duration timeout)
    {
        this.timeout = timeout;
        return this;
    }

    public Duration timeout()
    {
        return timeout;
    }

    public RankwireConfig bootstrapTimeout(final Duration bootstrapTimeout)
    {
        this.bootstrapTimeout = bootstrapTimeout;
        return this;
    }

    public Duration bootstrapTimeout()
    {
        return bootstrapTimeout;
    }

    public RankwireConfig offloadMinBytes(final int offloadMinBytes)
    {
        this.offloadMinBytes = offloadMinBytes;
        return this;
    }

    public int offloadMinBytes()
    {
        return offloadMinBytes;
    }

    public RankwireConfig srqBuffers(final int srqBuffers)
    {
        this.srqBuffers = srqBuffers;
        return this;
    }

    public int srqBuffers()
    {
        return srqBuffers;
    }

    /**
     * With the {@code backoff} idle mode: microseconds a blocked caller polls before yielding and
     * parking; -1 (the default) takes the transport's suggestion.
     */
    public RankwireConfig spinMicros(final int spinMicros)
    {
        this.spinMicros = spinMicros;
        return this;
    }

    public int spinMicros()
    {
        return spinMicros;
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
        copy.put(TRANSPORT_PROP, transport);
        return copy;
    }

    /**
     * Validates every value and returns this.
     *
     * @throws IllegalArgumentException naming the first bad value and its allowed range
     */
    public RankwireConfig conclude()
    {
        ConfigValues.validate(this);
        concluded = true;
        return this;
    }

    /** True once {@link #conclude()} has validated this configuration. */
    public boolean isConcluded()
    {
        return concluded;
    }

    @Override
    public String toString()
    {
        return "RankwireConfig{transport=" + transport +
            ", rank=" + rank + ", size=" + size +
            ", eagerLimit=" + eagerLimit +
            ", unexpectedBytes=" + unexpectedBytes +
            ", credits=" + credits +
            ", sendBufferBytes=" + sendBufferBytes +
            ", creditWaitMicros=" + creditWaitMicros +
            ", idle=" + idle +
            ", spinMicros=" + spinMicros +
            ", progressThread=" + progressThread +
            ", threads=" + (funneled ? "funneled" : "multiple") +
            ", timeout=" + timeout + '}';
    }
}
