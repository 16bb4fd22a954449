package io.rankwire.sim;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.rankwire.settings.Setting;

/**
 * Settings of a simulated fabric, read from {@code rankwire.sim.*} keys (see {@link #from(Map)})
 * through the descriptors declared below, or set fluently by tests. {@link #conclude()} validates
 * ranges and names the bad value. docs/SETTINGS.md lists them, docs/SIM.md explains them.
 */
public final class SimConfig
{
    /** Prefix of every setting. */
    public static final String PREFIX = "rankwire.sim.";
    /** Default maximum rendezvous request (TMH + RVH + metadata), and the header room of an eager message. */
    public static final int MAX_RNDV_HDR_SIZE = 64;
    private static final int MAX_EAGER = 1 << 30;
    /** The longest simulated delay: an hour of virtual time. */
    private static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);

    /** How events take effect. */
    public enum Mode
    {
        /** A send or list operation takes effect at once on the posting thread. */
        INLINE,
        /** A seeded discrete-event scheduler with virtual time delays every event. */
        SCHEDULED
    }

    static final Setting<Mode> MODE = Setting.choice(PREFIX + "mode", Mode.INLINE,
        "inline: events take effect at once on the posting thread; scheduled: a seeded discrete-event scheduler " +
            "delays every event");
    static final Setting<Long> SEED = Setting.longInteger(PREFIX + "seed", 1, Long.MIN_VALUE, Long.MAX_VALUE,
        "seed of the scheduler's random source");
    static final Setting<Integer> MAX_NUM_TAGS = Setting.integer(PREFIX + "maxNumTags", 1023, 0, 1 << 20,
        "tagged buffers per NIC; 0: no offload");
    static final Setting<Integer> MAX_OPS = Setting.integer(PREFIX + "maxOps", 1, 1, Integer.MAX_VALUE,
        "outstanding list operations").withDefault("2 x maxNumTags + 2");
    static final Setting<Integer> MAX_RNDV_HDR = Setting.integer(PREFIX + "maxRndvHdrSize", MAX_RNDV_HDR_SIZE, 32,
        MAX_EAGER + MAX_RNDV_HDR_SIZE, "largest rendezvous request (TMH + RVH + metadata); at most maxMessageSize");
    static final Setting<Integer> MAX_SGE = Setting.integer(PREFIX + "maxSge", 1, 1, 64,
        "scatter entries per tagged buffer (reported only: a tagged buffer is one contiguous range)");
    static final Setting<Boolean> RNDV_OFFLOAD = Setting.flag(PREFIX + "rndvOffload", true,
        "capability flag RNDV: the NIC reads matched rendezvous itself; false: a matched rendezvous completes " +
            "RNDV_INCOMPLETE");
    static final Setting<Integer> EAGER_LIMIT = Setting.bytes(PREFIX + "eagerLimit", 8192, 0, MAX_EAGER,
        "Capabilities.eagerLimit(): largest eager payload the runtime should send");
    static final Setting<Integer> MAX_MESSAGE_SIZE = Setting.bytes(PREFIX + "maxMessageSize", MAX_RNDV_HDR_SIZE,
        MAX_RNDV_HDR_SIZE, MAX_EAGER + MAX_RNDV_HDR_SIZE, "largest message on a wire")
        .withDefault("eagerLimit + " + MAX_RNDV_HDR_SIZE);
    static final Setting<Integer> SRQ_CAPACITY = Setting.integer(PREFIX + "srqCapacity", 4096, 1, 1 << 24,
        "plain SRQ buffers a NIC can hold posted");
    static final Setting<Integer> CQ_CAPACITY = Setting.bytes(PREFIX + "cqCapacity", 1 << 18, 4096, 1 << 30,
        "completion ring bytes (CQEs of 64 bytes); more outstanding completions spill to an overflow list")
        .where(v -> Integer.bitCount(v) == 1, "a power of two");
    static final Setting<Integer> CQE_INLINE_BYTES = Setting.integer(PREFIX + "cqeInlineBytes", 32, 0,
        CompletionQueue.INLINE_MAX, "messages for a plain SRQ buffer up to this long travel inside their CQE " +
            "(scatter to CQE); 0: never");
    static final Setting<Long> LATENCY = Setting.duration(PREFIX + "latencyNanos", TimeUnit.NANOSECONDS, 1000, 0,
        MAX_NANOS, "scheduled: wire latency (virtual time)");
    static final Setting<Long> JITTER = Setting.duration(PREFIX + "jitterNanos", TimeUnit.NANOSECONDS, 1000, 0,
        MAX_NANOS, "scheduled: uniform extra latency 0..jitter on every event");
    static final Setting<Long> OP_DELAY = Setting.duration(PREFIX + "opDelayNanos", TimeUnit.NANOSECONDS, 500, 0,
        MAX_NANOS, "scheduled: list operation and SRQ post delay");
    static final Setting<Long> READ = Setting.duration(PREFIX + "readNanos", TimeUnit.NANOSECONDS, 2000, 0, MAX_NANOS,
        "scheduled: RDMA-read duration");
    static final Setting<Integer> EVENTS_PER_POLL = Setting.integer(PREFIX + "eventsPerPoll", 64, 0, Integer.MAX_VALUE,
        "scheduled: events a poll executes; 0: only SimFabric.step() and runUntilIdle() execute events");

    /** Every setting of the transport, in the order docs/SETTINGS.md lists them. */
    static final List<Setting<?>> ALL = List.of(MODE, SEED, MAX_NUM_TAGS, MAX_OPS, MAX_RNDV_HDR, MAX_SGE, RNDV_OFFLOAD,
        EAGER_LIMIT, MAX_MESSAGE_SIZE, SRQ_CAPACITY, CQ_CAPACITY, CQE_INLINE_BYTES, LATENCY, JITTER, OP_DELAY, READ,
        EVENTS_PER_POLL);

    private Mode mode = MODE.defaultValue();
    private long seed = SEED.defaultValue();
    private int maxNumTags = MAX_NUM_TAGS.defaultValue();
    private int maxOps = -1;
    private int maxRndvHdrSize = MAX_RNDV_HDR.defaultValue();
    private int maxSge = MAX_SGE.defaultValue();
    private boolean rndvOffload = RNDV_OFFLOAD.defaultValue();
    private int eagerLimit = EAGER_LIMIT.defaultValue();
    private int maxMessageSize = -1;
    private int srqCapacity = SRQ_CAPACITY.defaultValue();
    private int cqCapacity = CQ_CAPACITY.defaultValue();
    private int cqeInlineBytes = CQE_INLINE_BYTES.defaultValue();
    private long latencyNanos = LATENCY.defaultValue();
    private long jitterNanos = JITTER.defaultValue();
    private long opDelayNanos = OP_DELAY.defaultValue();
    private long readNanos = READ.defaultValue();
    private int eventsPerPoll = EVENTS_PER_POLL.defaultValue();

    /** A configuration from {@code rankwire.sim.*} settings; absent keys keep their defaults. */
    public static SimConfig from(final Map<String, String> settings)
    {
        final SimConfig c = new SimConfig();
        c.mode = MODE.read(settings);
        c.seed = SEED.read(settings);
        c.maxNumTags = MAX_NUM_TAGS.read(settings);
        c.maxOps = MAX_OPS.read(settings, -1);
        c.maxRndvHdrSize = MAX_RNDV_HDR.read(settings);
        c.maxSge = MAX_SGE.read(settings);
        c.rndvOffload = RNDV_OFFLOAD.read(settings);
        c.eagerLimit = EAGER_LIMIT.read(settings);
        c.maxMessageSize = MAX_MESSAGE_SIZE.read(settings, -1);
        c.srqCapacity = SRQ_CAPACITY.read(settings);
        c.cqCapacity = CQ_CAPACITY.read(settings);
        c.cqeInlineBytes = CQE_INLINE_BYTES.read(settings);
        c.latencyNanos = LATENCY.read(settings);
        c.jitterNanos = JITTER.read(settings);
        c.opDelayNanos = OP_DELAY.read(settings);
        c.readNanos = READ.read(settings);
        c.eventsPerPoll = EVENTS_PER_POLL.read(settings);
        return c;
    }

    /** Validates the settings and fills derived defaults; returns this. */
    public SimConfig conclude()
    {
        MAX_NUM_TAGS.check(maxNumTags);
        if (maxOps < 0)
        {
            maxOps = 2 * maxNumTags + 2;
        }
        MAX_OPS.check(maxOps);
        EAGER_LIMIT.check(eagerLimit);
        if (maxMessageSize < 0)
        {
            maxMessageSize = eagerLimit + MAX_RNDV_HDR_SIZE;
        }
        MAX_MESSAGE_SIZE.check(maxMessageSize);
        MAX_RNDV_HDR.check(maxRndvHdrSize);
        if (maxRndvHdrSize > maxMessageSize)
        {
            throw MAX_RNDV_HDR.refuse(MAX_RNDV_HDR.format(maxRndvHdrSize),
                "32.." + maxMessageSize + ", at most rankwire.sim.maxMessageSize");
        }
        MAX_SGE.check(maxSge);
        SRQ_CAPACITY.check(srqCapacity);
        CQ_CAPACITY.check(cqCapacity);
        CQE_INLINE_BYTES.check(cqeInlineBytes);
        LATENCY.check(latencyNanos);
        JITTER.check(jitterNanos);
        OP_DELAY.check(opDelayNanos);
        READ.check(readNanos);
        EVENTS_PER_POLL.check(eventsPerPoll);
        return this;
    }

    public Mode mode()
    {
        return mode;
    }

    public SimConfig mode(final Mode mode)
    {
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
        return this;
    }

    public long seed()
    {
        return seed;
    }

    public SimConfig seed(final long seed)
    {
        this.seed = seed;
        return this;
    }

    public int maxNumTags()
    {
        return maxNumTags;
    }

    public SimConfig maxNumTags(final int maxNumTags)
    {
        this.maxNumTags = maxNumTags;
        return this;
    }

    /** Outstanding list operations; before {@link #conclude()} a negative value means the default. */
    public int maxOps()
    {
        return maxOps;
    }

    public SimConfig maxOps(final int maxOps)
    {
        this.maxOps = maxOps;
        return this;
    }

    public int maxRndvHdrSize()
    {
        return maxRndvHdrSize;
    }

    public SimConfig maxRndvHdrSize(final int maxRndvHdrSize)
    {
        this.maxRndvHdrSize = maxRndvHdrSize;
        return this;
    }

    public int maxSge()
    {
        return maxSge;
    }

    public SimConfig maxSge(final int maxSge)
    {
        this.maxSge = maxSge;
        return this;
    }

    public boolean rndvOffload()
    {
        return rndvOffload;
    }

    /** Whether the NIC performs matched rendezvous itself (capability flag RNDV). */
    public SimConfig rndvOffload(final boolean rndvOffload)
    {
        this.rndvOffload = rndvOffload;
        return this;
    }

    public int eagerLimit()
    {
        return eagerLimit;
    }

    public SimConfig eagerLimit(final int eagerLimit)
    {
        this.eagerLimit = eagerLimit;
        return this;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    public SimConfig maxMessageSize(final int maxMessageSize)
    {
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    public int srqCapacity()
    {
        return srqCapacity;
    }

    public SimConfig srqCapacity(final int srqCapacity)
    {
        this.srqCapacity = srqCapacity;
        return this;
    }

    /** Longest message that travels inside its CQE (see {@link CompletionQueue}); 0 = none. */
    public int cqeInlineBytes()
    {
        return cqeInlineBytes;
    }

    public SimConfig cqeInlineBytes(final int cqeInlineBytes)
    {
        this.cqeInlineBytes = cqeInlineBytes;
        return this;
    }

    public int cqCapacity()
    {
        return cqCapacity;
    }

    public SimConfig cqCapacity(final int cqCapacity)
    {
        this.cqCapacity = cqCapacity;
        return this;
    }

    public long latencyNanos()
    {
        return latencyNanos;
    }

    public SimConfig latencyNanos(final long latencyNanos)
    {
        this.latencyNanos = latencyNanos;
        return this;
    }

    public long jitterNanos()
    {
        return jitterNanos;
    }

    public SimConfig jitterNanos(final long jitterNanos)
    {
        this.jitterNanos = jitterNanos;
        return this;
    }

    public long opDelayNanos()
    {
        return opDelayNanos;
    }

    public SimConfig opDelayNanos(final long opDelayNanos)
    {
        this.opDelayNanos = opDelayNanos;
        return this;
    }

    public long readNanos()
    {
        return readNanos;
    }

    public SimConfig readNanos(final long readNanos)
    {
        this.readNanos = readNanos;
        return this;
    }

    public int eventsPerPoll()
    {
        return eventsPerPoll;
    }

    public SimConfig eventsPerPoll(final int eventsPerPoll)
    {
        this.eventsPerPoll = eventsPerPoll;
        return this;
    }

    @Override
    public String toString()
    {
        return "SimConfig{mode=" + mode + ", seed=" + seed + ", maxNumTags=" + maxNumTags +
            ", maxOps=" + maxOps + ", maxRndvHdrSize=" + maxRndvHdrSize + ", maxSge=" + maxSge +
            ", rndvOffload=" + rndvOffload + ", eagerLimit=" + eagerLimit + ", maxMessageSize=" + maxMessageSize +
            ", srqCapacity=" + srqCapacity + ", cqCapacity=" + cqCapacity +
            ", latencyNanos=" + latencyNanos + ", jitterNanos=" + jitterNanos +
            ", opDelayNanos=" + opDelayNanos + ", readNanos=" + readNanos +
            ", eventsPerPoll=" + eventsPerPoll + '}';
    }
}
