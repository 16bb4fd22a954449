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
 *   <tr><td>rankwire.tcp.readChunk</td><td>262144</td><td>READ_DATA chunk size</td></tr>
 *   <tr><td>rankwire.tcp.connect</td><td>lazy</td><td>lazy or eager connection set-up</td></tr>
 *   <tr><td>rankwire.tcp.ioThreads</td><td>1</td><td>event loop threads</td></tr>
 *   <tr><td>rankwire.tcp.busyPoll</td><td>false</td><td>event loops never sleep in the kernel</td></tr>
 *   <tr><td>rankwire.tcp.tls</td><td>false</td><td>TLS on every connection</td></tr>
 *   <tr><td>rankwire.tcp.engineIo</td><td>true</td><td>the rank's thread does session I/O itself</td></tr>
 *   <tr><td>rankwire.tcp.inboundQueue</td><td>65536</td><td>frames waiting for poll()</td></tr>
 *   <tr><td>rankwire.tcp.sendQueue</td><td>4096</td><td>frames queued per peer</td></tr>
 *   <tr><td>rankwire.tcp.sendQueueBytes</td><td>16777216</td><td>bytes queued per peer</td></tr>
 *   <tr><td>rankwire.tcp.connectTimeoutMs</td><td>10000</td><td>connect and handshake limit (a client
 *       turned away by a busy listener retries within it)</td></tr>
 *   <tr><td>rankwire.tcp.helloTimeoutMs</td><td>5000</td><td>how long an accepted connection has for its
 *       HELLO, from the end of its TLS handshake with TLS (at most connectTimeoutMs)</td></tr>
 *   <tr><td>rankwire.tcp.pendingHandshakes</td><td>64 + ranks, at most 1024</td><td>accepted connections
 *       that may wait to authenticate; one more turns the oldest away</td></tr>
 *   <tr><td>rankwire.tcp.wireUpTimeoutMs</td><td>60000</td><td>address exchange limit</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveIdleMs</td><td>10000</td><td>silence before keep-alive probes
 *       (0: keep-alive off); see {@link KeepAlive}</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveIntervalMs</td><td>2000</td><td>between probes</td></tr>
 *   <tr><td>rankwire.tcp.keepAliveProbes</td><td>3</td><td>unanswered probes that fail the peer</td></tr>
 * </table>
 */
final class TcpSettings
{
    static final String PREFIX = "rankwire.tcp.";
    static final int MIN_FRAME = 1 + Frames.TMH + 64;

    final String bind;
    final int port;
    final String advertise;
    final int eagerLimit;
    final int maxFrame;
    final int readChunk;
    final boolean eagerConnect;
    final int ioThreads;
    final boolean busyPoll;
    final boolean tls;
    final boolean engineIo;
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

    TcpSettings(final Map<String, String> settings)
    {
        bind = settings.getOrDefault(PREFIX + "bind", "127.0.0.1");
        port = intSetting(settings, "port", 0, 0, 65535);
        advertise = settings.getOrDefault(PREFIX + "advertise", "");
        maxFrame = intSetting(settings, "maxFrame", (1 << 20) + 128, MIN_FRAME, Integer.MAX_VALUE - 16);
        eagerLimit = intSetting(settings, "eagerLimit", 64 * 1024, 0, maxFrame - 1 - Frames.TMH);
        readChunk = Math.min(
            intSetting(settings, "readChunk", 256 * 1024, 1, Integer.MAX_VALUE), maxFrame - 1 - Frames.READ_DATA_FIXED);
        final String connect = settings.getOrDefault(PREFIX + "connect", "lazy");
        if (!"lazy".equals(connect) && !"eager".equals(connect))
        {
            throw new IllegalArgumentException(PREFIX + "connect : " + connect + " (expected: lazy|eager)");
        }
        eagerConnect = "eager".equals(connect);
        ioThreads = intSetting(settings, "ioThreads", 1, 1, 64);
        busyPoll = Boolean.parseBoolean(settings.getOrDefault(PREFIX + "busyPoll", "false"));
        tls = Boolean.parseBoolean(settings.getOrDefault(PREFIX + "tls", "false"));
        engineIo = Boolean.parseBoolean(settings.getOrDefault(PREFIX + "engineIo", "true"));
        inboundQueue = intSetting(settings, "inboundQueue", 65536, 2, 1 << 24);
        sendQueue = intSetting(settings, "sendQueue", 4096, 2, 1 << 24);
        sendQueueBytes = intSetting(settings, "sendQueueBytes", 16 << 20, maxFrame, Integer.MAX_VALUE);
        connectTimeoutMs = intSetting(settings, "connectTimeoutMs", 10_000, 1, Integer.MAX_VALUE);
        helloTimeoutMs = intSetting(settings, "helloTimeoutMs", (int)Math.min(5_000, connectTimeoutMs), 1,
            (int)connectTimeoutMs);
        pendingHandshakes = intSetting(settings, "pendingHandshakes", 0, 1, 1 << 16);
        wireUpTimeoutMs = intSetting(settings, "wireUpTimeoutMs", 60_000, 1, Integer.MAX_VALUE);
        keepAliveIdleMs = intSetting(settings, "keepAliveIdleMs", 10_000, 0, 86_400_000);
        keepAliveIntervalMs = intSetting(settings, "keepAliveIntervalMs", 2_000, 1, 3_600_000);
        keepAliveProbes = intSetting(settings, "keepAliveProbes", 3, 1, 127);
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
