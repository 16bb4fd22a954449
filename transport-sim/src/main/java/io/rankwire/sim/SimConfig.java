package io.rankwire.sim;

import java.util.Map;

/**
 * Settings of a simulated fabric, read from {@code rankwire.sim.*} keys (see {@link #from(Map)})
 * or set fluently by tests. {@link #conclude()} validates ranges and names the bad value.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>rankwire.sim.mode</td><td>inline</td><td>{@code inline} or {@code scheduled}</td></tr>
 *   <tr><td>rankwire.sim.seed</td><td>1</td><td>seed of the scheduler's random source</td></tr>
 *   <tr><td>rankwire.sim.maxNumTags</td><td>1023</td><td>tagged buffers per NIC; 0 = no offload</td></tr>
 *   <tr><td>rankwire.sim.maxOps</td><td>2 * maxNumTags + 2</td><td>outstanding list operations</td></tr>
 *   <tr><td>rankwire.sim.maxRndvHdrSize</td><td>64</td><td>largest rendezvous request</td></tr>
 *   <tr><td>rankwire.sim.maxSge</td><td>1</td><td>scatter entries per tagged buffer (reported only)</td></tr>
 *   <tr><td>rankwire.sim.rndvOffload</td><td>true</td><td>the NIC reads matched rendezvous itself
 *       (capability flag RNDV); false: a matched rendezvous completes RNDV_INCOMPLETE</td></tr>
 *   <tr><td>rankwire.sim.eagerLimit</td><td>8192</td><td>largest eager payload the runtime should send</td></tr>
 *   <tr><td>rankwire.sim.maxMessageSize</td><td>eagerLimit + 64</td><td>largest message on a wire</td></tr>
 *   <tr><td>rankwire.sim.srqCapacity</td><td>4096</td><td>plain SRQ buffers a NIC can hold posted</td></tr>
 *   <tr><td>rankwire.sim.cqCapacity</td><td>262144</td><td>completion ring bytes (power of two): 4096
 *       CQEs of 64 bytes; more outstanding completions spill to an overflow list</td></tr>
 *   <tr><td>rankwire.sim.cqeInlineBytes</td><td>32</td><td>messages for a plain SRQ buffer up to this
 *       long travel inside their CQE ("scatter to CQE"), 0..40; 0 = never</td></tr>
 *   <tr><td>rankwire.sim.latencyNanos</td><td>1000</td><td>scheduled: wire latency (virtual ns)</td></tr>
 *   <tr><td>rankwire.sim.jitterNanos</td><td>1000</td><td>scheduled: uniform extra latency 0..jitter</td></tr>
 *   <tr><td>rankwire.sim.opDelayNanos</td><td>500</td><td>scheduled: list operation and SRQ post delay</td></tr>
 *   <tr><td>rankwire.sim.readNanos</td><td>2000</td><td>scheduled: RDMA-read duration</td></tr>
 *   <tr><td>rankwire.sim.eventsPerPoll</td><td>64</td><td>scheduled: events a {@code poll} executes; 0 = only
 *       {@link SimFabric#step()} and {@link SimFabric#runUntilIdle()} execute events</td></tr>
 * </table>
 */
public final class SimConfig
{
    /** Prefix of every setting. */
    public static final String PREFIX = "rankwire.sim.";
    /** Default maximum rendezvous request (TMH + RVH + metadata), and the header room of an eager message. */
    public static final int MAX_RNDV_HDR_SIZE = 64;

    /** How events take effect. */
    public enum Mode
    {
        /** A send or list operation takes effect at once on the posting thread. */
        INLINE,
        /** A seeded discrete-event scheduler with virtual time delays every event. */
        SCHEDULED
    }

    private Mode mode = Mode.INLINE;
    private long seed = 1;
    private int maxNumTags = 1023;
    private int maxOps = -1;
    private int maxRndvHdrSize = MAX_RNDV_HDR_SIZE;
    private int maxSge = 1;
    private boolean rndvOffload = true;
    private int eagerLimit = 8192;
    private int maxMessageSize = -1;
    private int srqCapacity = 4096;
    private int cqCapacity = 1 << 18;
    private int cqeInlineBytes = 32;
    private long latencyNanos = 1000;
    private long jitterNanos = 1000;
    private long opDelayNanos = 500;
    private long readNanos = 2000;
    private int eventsPerPoll = 64;

    /** A configuration from {@code rankwire.sim.*} settings; absent keys keep their defaults. */
    public static SimConfig from(final Map<String, String> settings)
    {
        final SimConfig c = new SimConfig();
        final String mode = settings.get(PREFIX + "mode");
        if (mode != null)
        {
            c.mode(parseMode(mode));
        }
        c.seed = longOf(settings, "seed", c.seed);
        c.maxNumTags = (int)longOf(settings, "maxNumTags", c.maxNumTags);
        c.maxOps = (int)longOf(settings, "maxOps", c.maxOps);
        c.maxRndvHdrSize = (int)longOf(settings, "maxRndvHdrSize", c.maxRndvHdrSize);
        c.maxSge = (int)longOf(settings, "maxSge", c.maxSge);
        final String rndv = settings.get(PREFIX + "rndvOffload");
        if (rndv != null)
        {
            c.rndvOffload = parseBoolean("rndvOffload", rndv);
        }
        c.eagerLimit = (int)longOf(settings, "eagerLimit", c.eagerLimit);
        c.maxMessageSize = (int)longOf(settings, "maxMessageSize", c.maxMessageSize);
        c.srqCapacity = (int)longOf(settings, "srqCapacity", c.srqCapacity);
        c.cqCapacity = (int)longOf(settings, "cqCapacity", c.cqCapacity);
        c.cqeInlineBytes = (int)longOf(settings, "cqeInlineBytes", c.cqeInlineBytes);
        c.latencyNanos = longOf(settings, "latencyNanos", c.latencyNanos);
        c.jitterNanos = longOf(settings, "jitterNanos", c.jitterNanos);
        c.opDelayNanos = longOf(settings, "opDelayNanos", c.opDelayNanos);
        c.readNanos = longOf(settings, "readNanos", c.readNanos);
        c.eventsPerPoll = (int)longOf(settings, "eventsPerPoll", c.eventsPerPoll);
        return c;
    }

    private static Mode parseMode(final String value)
    {
        switch (value.trim().toLowerCase(java.util.Locale.ROOT))
        {
            case "inline": return Mode.INLINE;
            case "scheduled": return Mode.SCHEDULED;
            default: throw new IllegalArgumentException(
                PREFIX + "mode : " + value + " (expected: inline|scheduled)");
        }
    }

    private static boolean parseBoolean(final String name, final String value)
    {
        switch (value.trim().toLowerCase(java.util.Locale.ROOT))
        {
            case "true": return true;
            case "false": return false;
            default: throw new IllegalArgumentException(PREFIX + name + " : " + value + " (expected: true|false)");
        }
    }

    private static long longOf(final Map<String, String> settings, final String name, final long dflt)
    {
        final String value = settings.get(PREFIX + name);
        if (value == null)
        {
            return dflt;
        }
        try
        {
            return Long.parseLong(value.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException(PREFIX + name + " : " + value + " (expected: an integer)", e);
        }
    }

    /** Validates the settings and fills derived defaults; returns this. */
    public SimConfig conclude()
    {
        check("maxNumTags", maxNumTags, 0, 1 << 20);
        if (maxOps < 0)
        {
            maxOps = 2 * maxNumTags + 2;
        }
        check("maxOps", maxOps, 1, Integer.MAX_VALUE);
        check("eagerLimit", eagerLimit, 0, (1 << 30));
        if (maxMessageSize < 0)
        {
            maxMessageSize = eagerLimit + MAX_RNDV_HDR_SIZE;
        }
        check("maxMessageSize", maxMessageSize, MAX_RNDV_HDR_SIZE, (1 << 30) + MAX_RNDV_HDR_SIZE);
        check("maxRndvHdrSize", maxRndvHdrSize, 32, maxMessageSize);
        check("maxSge", maxSge, 1, 64);
        check("srqCapacity", srqCapacity, 1, 1 << 24);
        if (Integer.bitCount(cqCapacity) != 1 || cqCapacity < 4096)
        {
            throw new IllegalArgumentException(
                PREFIX + "cqCapacity : " + cqCapacity + " (expected: a power of two >= 4096)");
        }
        check("cqeInlineBytes", cqeInlineBytes, 0, CompletionQueue.INLINE_MAX);
        check("latencyNanos", latencyNanos, 0, Long.MAX_VALUE / 4);
        check("jitterNanos", jitterNanos, 0, Long.MAX_VALUE / 4);
        check("opDelayNanos", opDelayNanos, 0, Long.MAX_VALUE / 4);
        check("readNanos", readNanos, 0, Long.MAX_VALUE / 4);
        check("eventsPerPoll", eventsPerPoll, 0, Integer.MAX_VALUE);
        return this;
    }

    private static void check(final String name, final long value, final long min, final long max)
    {
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(
                PREFIX + name + " : " + value + " (expected: " + min + ".." + max + ")");
        }
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
