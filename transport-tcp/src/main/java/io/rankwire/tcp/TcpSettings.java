package io.rankwire.tcp;

import java.util.Map;

/**
 * Settings of the TCP transport, read from the transport context ({@code rankwire.tcp.*} keys)
 * and validated in one place.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>rankwire.tcp.bind</td><td>127.0.0.1</td><td>interface to listen on</td></tr>
 *   <tr><td>rankwire.tcp.port</td><td>0</td><td>port to listen on (0 = ephemeral)</td></tr>
 *   <tr><td>rankwire.tcp.advertise</td><td>bind address</td><td>host peers connect to</td></tr>
 *   <tr><td>rankwire.tcp.eagerLimit</td><td>65536</td><td>largest eager payload</td></tr>
 *   <tr><td>rankwire.tcp.maxFrame</td><td>1048704</td><td>largest frame length field</td></tr>
 *   <tr><td>rankwire.tcp.readChunk</td><td>1048576</td><td>READ_DATA chunk size</td></tr>
 *   <tr><td>rankwire.tcp.connect</td><td>lazy</td><td>lazy or eager connection set-up</td></tr>
 *   <tr><td>rankwire.tcp.ioThreads</td><td>1</td><td>event loop threads (accept, connect, handshake)</td></tr>
 *   <tr><td>rankwire.tcp.tls</td><td>false</td><td>TLS on every connection</td></tr>
 *   <tr><td>rankwire.tcp.inboundQueue</td><td>65536</td><td>frames waiting for poll()</td></tr>
 *   <tr><td>rankwire.tcp.sendQueue</td><td>4096</td><td>frames queued per peer</td></tr>
 *   <tr><td>rankwire.tcp.sendQueueBytes</td><td>16777216</td><td>bytes queued per peer</td></tr>
 *   <tr><td>rankwire.tcp.connectTimeoutMs</td><td>10000 x {@link #oversubscription}, at most 120000</td><td>connect
 *       and handshake limit (a client turned away by a busy listener retries within it)</td></tr>
 *   <tr><td>rankwire.tcp.helloTimeoutMs</td><td>5000 x {@link #oversubscription}, at most connectTimeoutMs</td><td>how
 *       long an accepted connection has for its HELLO, from the end of its TLS handshake with TLS</td></tr>
 *   <tr><td>rankwire.tcp.pendingHandshakes</td><td>64 + ranks, at most 1024</td><td>accepted connections
 *       that may wait to authenticate; one more turns the oldest away</td></tr>
 *   <tr><td>rankwire.tcp.wireUpTimeoutMs</td><td>60000</td><td>address exchange limit</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveIdleMs</td><td>10000</td><td>silence before keep-alive probes
 *       (0: keep-alive off); see {@link KeepAlive}</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveIntervalMs</td><td>2000</td><td>between probes</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveProbes</td><td>3</td><td>unanswered probes that fail the peer</td></tr>
 * </table>
 *
 * <p>Gone, and refused with a message that says so ({@link #GONE}): {@code rankwire.tcp.engineIo}
 * (the rank's thread does every connection's I/O; there is no other data path) and
 * {@code rankwire.tcp.busyPoll} (it made event loops spin; they only run handshakes now).
 */
final class TcpSettings
{
    static final String PREFIX = "rankwire.tcp.";
    static final int MIN_FRAME = 1 + Frames.TMH + 64;
    /** Settings that no longer exist, and why; a job that sets one is refused, so nobody believes it still acts. */
    static final Map<String, String> GONE = Map.of(
        "engineIo", "engine-thread I/O is the only data path, TLS included",
        "busyPoll", "event loops only run handshakes; rankwire.idle=spin makes a waiting rank spin");

    final String bind;
    final int port;
    final String advertise;
    final int eagerLimit;
    final int maxFrame;
    final int readChunk;
    final boolean eagerConnect;
    final int ioThreads;
    final boolean tls;
    final int inboundQueue;
    final int sendQueue;
    final long sendQueueBytes;
    final long connectTimeoutMs;
    final long helloTimeoutMs;
    /** 0: the default for the job's size ({@link InboundAdmission#defaultBudget}). */
    final int pendingHandshakes;
    final long wireUpTimeoutMs;
    final long keepAliveIdleMs;
    final long keepAliveIntervalMs;
    final int keepAliveProbes;

    /** The settings alone, as for a job of one rank (for checks and the list of keys). */
    TcpSettings(final Map<String, String> settings)
    {
        this(settings, 1);
    }

    /** The settings of a rank of a job of {@code size} ranks (the handshake limits' defaults grow with it). */
    TcpSettings(final Map<String, String> settings, final int size)
    {
        for (final Map.Entry<String, String> gone : new java.util.TreeMap<>(GONE).entrySet())
        {
            final String value = settings.get(PREFIX + gone.getKey());
            if (value != null)
            {
                throw new IllegalArgumentException(PREFIX + gone.getKey() + " : " + value +
                    " (expected: not set; the setting is gone: " + gone.getValue() + ")");
            }
        }
        bind = settings.getOrDefault(PREFIX + "bind", "127.0.0.1");
        port = intSetting(settings, "port", 0, 0, 65535);
        advertise = settings.getOrDefault(PREFIX + "advertise", "");
        maxFrame = intSetting(settings, "maxFrame", (1 << 20) + 128, MIN_FRAME, Integer.MAX_VALUE - 16);
        eagerLimit = intSetting(settings, "eagerLimit", 64 * 1024, 0, maxFrame - 1 - Frames.TMH);
        readChunk = Math.min(
            intSetting(settings, "readChunk", 1 << 20, 1, Integer.MAX_VALUE), maxFrame - 1 - Frames.READ_DATA_FIXED);
        final String connect = settings.getOrDefault(PREFIX + "connect", "lazy");
        if (!"lazy".equals(connect) && !"eager".equals(connect))
        {
            throw new IllegalArgumentException(PREFIX + "connect : " + connect + " (expected: lazy|eager)");
        }
        eagerConnect = "eager".equals(connect);
        ioThreads = intSetting(settings, "ioThreads", 1, 1, 64);
        tls = Boolean.parseBoolean(settings.getOrDefault(PREFIX + "tls", "false"));
        inboundQueue = intSetting(settings, "inboundQueue", 65536, 2, 1 << 24);
        sendQueue = intSetting(settings, "sendQueue", 4096, 2, 1 << 24);
        sendQueueBytes = intSetting(settings, "sendQueueBytes", 16 << 20, maxFrame, Integer.MAX_VALUE);
        final int factor = oversubscription(size, Runtime.getRuntime().availableProcessors());
        connectTimeoutMs = intSetting(settings, "connectTimeoutMs", Math.min(120_000, 10_000 * factor), 1, Integer.MAX_VALUE);
        helloTimeoutMs = intSetting(settings, "helloTimeoutMs", (int)Math.min(5_000L * factor, connectTimeoutMs), 1,
            (int)connectTimeoutMs);
        pendingHandshakes = intSetting(settings, "pendingHandshakes", 0, 1, 1 << 16);
        wireUpTimeoutMs = intSetting(settings, "wireUpTimeoutMs", 60_000, 1, Integer.MAX_VALUE);
        keepAliveIdleMs = intSetting(settings, "keepAliveIdleMs", 10_000, 0, 86_400_000);
        keepAliveIntervalMs = intSetting(settings, "keepAliveIntervalMs", 2_000, 1, 3_600_000);
        keepAliveProbes = intSetting(settings, "keepAliveProbes", 3, 1, 127);
    }

    /**
     * How many ranks of a job of {@code size} may share each of this host's {@code cores}, at
     * worst (all on this host): {@code ceil(size / cores)}, at least 1. The handshake limits'
     * defaults grow by it: with 32 ranks starting on 2 cores, a JVM that is still compiling its
     * start-up code may take many seconds to send its HELLO, and a 10 s limit then fails the job.
     * A longer limit only delays the report of a peer that never answers.
     */
    static int oversubscription(final int size, final int cores)
    {
        return Math.max(1, (size + cores - 1) / Math.max(1, cores));
    }

    /** The largest message (TMH + payload) one MESSAGE frame carries. */
    int maxMessage()
    {
        return maxFrame - 1;
    }

    private static int intSetting(
        final Map<String, String> settings, final String name, final int defaultValue, final int min, final int max)
    {
        final String raw = settings.get(PREFIX + name);
        if (raw == null)
        {
            return defaultValue;
        }
        final long value;
        try
        {
            value = Long.parseLong(raw.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException(PREFIX + name + " : " + raw + " (expected: an integer)", e);
        }
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(
                PREFIX + name + " : " + value + " (expected: " + min + ".." + max + ")");
        }
        return (int)value;
    }
}
