package io.rankwire.tcp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.rankwire.settings.Setting;

/**
 * Settings of the TCP transport ({@code rankwire.tcp.*} keys), each declared once below and read
 * from the transport context through its descriptor; docs/SETTINGS.md lists them, docs/TCP.md
 * explains them.
 *
 * <p>Gone, and refused with a message that says so: {@code rankwire.tcp.engineIo} (the rank's
 * thread does every connection's I/O; there is no other data path) and
 * {@code rankwire.tcp.busyPoll} (it made event loops spin; they only run handshakes now).
 */
final class TcpSettings
{
    static final String PREFIX = "rankwire.tcp.";
    static final int MIN_FRAME = 1 + Frames.TMH + 64;
    /** What a MESSAGE frame's length field counts beyond the payload: the frame type and the TMH. */
    static final int MESSAGE_OVERHEAD = 1 + Frames.TMH;
    /** The connect limit's default for each rank that may share a core ({@link #oversubscription}), and its most. */
    static final int CONNECT_TIMEOUT_PER_SHARE_MS = 10_000;
    static final int CONNECT_TIMEOUT_MOST_MS = 120_000;
    /** The HELLO limit's default for each rank that may share a core, at most the connect limit. */
    static final int HELLO_TIMEOUT_PER_SHARE_MS = 5_000;

    static final Setting<String> BIND = Setting.address(PREFIX + "bind", "127.0.0.1", "interface to listen on");
    static final Setting<Integer> PORT = Setting.integer(PREFIX + "port", 0, 0, 65535, "port to listen on; 0: ephemeral");
    static final Setting<String> ADVERTISE = Setting.address(PREFIX + "advertise", "",
        "host name or address peers connect to (needed when binding 0.0.0.0)")
        .withDefault("the bind address (this host's address when binding 0.0.0.0)");
    static final Setting<Integer> MAX_FRAME = Setting.bytes(PREFIX + "maxFrame", (1 << 20) + 128, MIN_FRAME,
        Integer.MAX_VALUE - 16, "largest value of a frame's length field; Capabilities.maxMessageSize() is " +
            "maxFrame - 1 (TMH + payload)");
    static final Setting<Integer> EAGER_LIMIT = Setting.bytes(PREFIX + "eagerLimit", 64 << 10, 0,
        Integer.MAX_VALUE - 16 - MESSAGE_OVERHEAD, "Capabilities.eagerLimit(): largest payload the runtime should " +
            "send eagerly; at most maxFrame - " + MESSAGE_OVERHEAD);
    static final Setting<Integer> READ_CHUNK = Setting.bytes(PREFIX + "readChunk", 1 << 20, 1, Integer.MAX_VALUE,
        "bytes per READ_DATA frame (capped to fit maxFrame)");
    static final Setting<String> CONNECT = Setting.oneOf(PREFIX + "connect", "lazy",
        "lazy: connect on the first send or read to a peer; eager: wireUp() connects every pair and returns when " +
            "all are ready", "lazy", "eager");
    static final Setting<Integer> IO_THREADS = Setting.integer(PREFIX + "ioThreads", 1, 1, 64,
        "Netty event loop threads per rank (accept, connect, handshake; no session I/O)");
    static final Setting<Boolean> TLS = Setting.flag(PREFIX + "tls", false,
        "TLS on every connection (self-signed certificate generated at start); same data path");
    static final Setting<Integer> INBOUND_QUEUE = Setting.integer(PREFIX + "inboundQueue", 65536, 2, 1 << 24,
        "a rank's messages to itself waiting for poll()");
    static final Setting<Integer> SEND_QUEUE = Setting.integer(PREFIX + "sendQueue", 4096, 2, 1 << 24,
        "frames queued per peer before postSend returns BACK_PRESSURED");
    static final Setting<Integer> SEND_QUEUE_BYTES = Setting.bytes(PREFIX + "sendQueueBytes", 16 << 20, MIN_FRAME,
        Integer.MAX_VALUE, "bytes queued per peer before BACK_PRESSURED; at least maxFrame");
    static final Setting<Long> CONNECT_TIMEOUT = scaled(Setting.duration(PREFIX + "connectTimeoutMs",
        TimeUnit.MILLISECONDS, CONNECT_TIMEOUT_PER_SHARE_MS, 1, Integer.MAX_VALUE,
        "limit for a connection (and its handshake) to a peer, retries after a busy listener included"),
        (long)CONNECT_TIMEOUT_MOST_MS, null);
    static final Setting<Long> HELLO_TIMEOUT = scaled(Setting.duration(PREFIX + "helloTimeoutMs", TimeUnit.MILLISECONDS,
        HELLO_TIMEOUT_PER_SHARE_MS, 1, Integer.MAX_VALUE, "how long an accepted connection has for its HELLO, " +
            "counted from the end of its TLS handshake with TLS; at most connectTimeoutMs"), null, "connectTimeoutMs");
    static final Setting<Integer> PENDING_HANDSHAKES = Setting.integer(PREFIX + "pendingHandshakes", 0, 1, 1 << 16,
        "accepted connections that may wait to authenticate; one more turns the oldest away")
        .withDefault(InboundAdmission.defaultBudget(0) + " + ranks, at most " + InboundAdmission.MAX_DEFAULT_BUDGET);
    static final Setting<Long> WIRE_UP_TIMEOUT = Setting.duration(PREFIX + "wireUpTimeoutMs", TimeUnit.MILLISECONDS,
        60_000, 1, Integer.MAX_VALUE, "limit for the address exchange (and eager connect) in wireUp()");
    static final Setting<Long> KEEP_ALIVE_IDLE = Setting.duration(PREFIX + "keepAliveIdleMs", TimeUnit.MILLISECONDS,
        10_000, 0, 86_400_000, "TCP keep-alive: silence on a connection before the kernel probes the peer's host, " +
            "rounded up to whole seconds; 0: keep-alive off (kernel defaults)");
    static final Setting<Long> KEEP_ALIVE_INTERVAL = Setting.duration(PREFIX + "keepAliveIntervalMs",
        TimeUnit.MILLISECONDS, 2_000, 1, 3_600_000, "between keep-alive probes (whole seconds)");
    static final Setting<Integer> KEEP_ALIVE_PROBES = Setting.integer(PREFIX + "keepAliveProbes", 3, 1, 127,
        "unanswered keep-alive probes after which the connection, and so the peer, fails");
    static final Setting<String> ENGINE_IO = Setting.removed(PREFIX + "engineIo",
        "engine-thread I/O is the only data path, TLS included");
    static final Setting<String> BUSY_POLL = Setting.removed(PREFIX + "busyPoll",
        "event loops only run handshakes; rankwire.idle=spin makes a waiting rank spin");

    /** Every setting of the transport, in the order docs/SETTINGS.md lists them (the removed ones last). */
    static final List<Setting<?>> ALL = List.of(BIND, PORT, ADVERTISE, EAGER_LIMIT, MAX_FRAME, READ_CHUNK, CONNECT,
        IO_THREADS, TLS, INBOUND_QUEUE, SEND_QUEUE, SEND_QUEUE_BYTES, CONNECT_TIMEOUT, HELLO_TIMEOUT, PENDING_HANDSHAKES,
        WIRE_UP_TIMEOUT, KEEP_ALIVE_IDLE, KEEP_ALIVE_INTERVAL, KEEP_ALIVE_PROBES, ENGINE_IO, BUSY_POLL);

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

    /** The settings alone, as for a job of one rank (for checks). */
    TcpSettings(final Map<String, String> settings)
    {
        this(settings, 1);
    }

    /** The settings of a rank of a job of {@code size} ranks (the handshake limits' defaults grow with it). */
    TcpSettings(final Map<String, String> settings, final int size)
    {
        ENGINE_IO.read(settings);
        BUSY_POLL.read(settings);
        bind = BIND.read(settings);
        port = PORT.read(settings);
        advertise = ADVERTISE.read(settings, "");
        maxFrame = MAX_FRAME.read(settings);
        eagerLimit = EAGER_LIMIT.read(settings);
        if (settings.get(EAGER_LIMIT.key()) != null && eagerLimit > maxFrame - MESSAGE_OVERHEAD)
        {
            throw EAGER_LIMIT.refuse(settings.get(EAGER_LIMIT.key()),
                "a byte size 0.." + (maxFrame - MESSAGE_OVERHEAD) + ", rankwire.tcp.maxFrame - " + MESSAGE_OVERHEAD);
        }
        readChunk = Math.min(READ_CHUNK.read(settings), maxFrame - 1 - Frames.READ_DATA_FIXED);
        eagerConnect = CONNECT.read(settings).equals("eager");
        ioThreads = IO_THREADS.read(settings);
        tls = TLS.read(settings);
        inboundQueue = INBOUND_QUEUE.read(settings);
        sendQueue = SEND_QUEUE.read(settings);
        sendQueueBytes = SEND_QUEUE_BYTES.read(settings);
        if (settings.get(SEND_QUEUE_BYTES.key()) != null && sendQueueBytes < maxFrame)
        {
            throw SEND_QUEUE_BYTES.refuse(settings.get(SEND_QUEUE_BYTES.key()),
                "a byte size " + maxFrame + ".." + Integer.MAX_VALUE + ", at least rankwire.tcp.maxFrame");
        }
        final int factor = oversubscription(size, Runtime.getRuntime().availableProcessors());
        connectTimeoutMs = CONNECT_TIMEOUT.read(settings,
            (long)Math.min(CONNECT_TIMEOUT_MOST_MS, CONNECT_TIMEOUT_PER_SHARE_MS * factor));
        helloTimeoutMs = HELLO_TIMEOUT.read(settings, Math.min((long)HELLO_TIMEOUT_PER_SHARE_MS * factor, connectTimeoutMs));
        if (helloTimeoutMs > connectTimeoutMs)
        {
            throw HELLO_TIMEOUT.refuse(settings.get(HELLO_TIMEOUT.key()),
                "a duration 1ms.." + CONNECT_TIMEOUT.format(connectTimeoutMs) + ", at most rankwire.tcp.connectTimeoutMs");
        }
        pendingHandshakes = PENDING_HANDSHAKES.read(settings, 0);
        wireUpTimeoutMs = WIRE_UP_TIMEOUT.read(settings);
        keepAliveIdleMs = KEEP_ALIVE_IDLE.read(settings);
        keepAliveIntervalMs = KEEP_ALIVE_INTERVAL.read(settings);
        keepAliveProbes = KEEP_ALIVE_PROBES.read(settings);
    }

    /**
     * {@code s} with its default described as growing with the ranks that may share a core, up to
     * {@code most} (or what {@code otherwise} names).
     */
    private static Setting<Long> scaled(final Setting<Long> s, final Long most, final String otherwise)
    {
        return s.withDefault(s.format(s.defaultValue()) + " x f, at most " + (most != null ? s.format(most) : otherwise) +
            "; f = ceil(ranks / cores of this host)");
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
}
