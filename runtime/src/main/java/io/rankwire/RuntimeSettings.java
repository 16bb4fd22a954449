package io.rankwire;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.rankwire.bootstrap.JobSettings;
import io.rankwire.bootstrap.JobVariables;
import io.rankwire.progress.Idles;
import io.rankwire.proto.ProtocolSettings;
import io.rankwire.settings.Setting;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.TransportContext;

/**
 * The runtime's own settings, each declared once: those {@link RankwireConfig} reads, those of
 * "Observing a rank" ({@link RankObservers}), and those declared where a lower layer reads them
 * too (the bootstrap's {@link JobSettings}, the transports' {@link TransportContext#IDLE_SPIN_MICROS},
 * {@link HostIdentity#HOST_ID}). {@link SettingsCheck} lists them as the runtime's.
 */
final class RuntimeSettings
{
    static final Setting<String> TRANSPORT = JobSettings.TRANSPORT;
    static final Setting<Integer> EAGER_LIMIT = Setting.bytes("rankwire.eagerLimit", -1, 0, 1 << 30,
        "largest payload sent eagerly, clamped to the transport's maxMessageSize - 16; auto: the transport's " +
            "Capabilities.eagerLimit() (its own rankwire.<transport>.eagerLimit)")
        .withSpecial(-1, "auto", "-1");
    static final Setting<Long> UNEXPECTED_BYTES = Setting.longBytes("rankwire.unexpectedBytes", 32L << 20, 0,
        Long.MAX_VALUE, "bound on eager payload bytes buffered for unexpected messages; each peer gets unexpectedBytes / size");
    static final Setting<Integer> CREDITS = Setting.integer("rankwire.credits", 64, 1, 1 << 20,
        "eager messages per (sender, receiver) before credits must come back");
    static final Setting<Long> SEND_BUFFER_BYTES = Setting.longBytes("rankwire.sendBufferBytes", 64L << 20, 0,
        Long.MAX_VALUE, "bound on the copies of small sends that found no eager credit (they complete at once); each " +
            "copy counts its payload + " + ProtocolSettings.SEND_BUFFER_COPY_OVERHEAD + " bytes; 0: such sends wait for their match");
    static final Setting<Long> CREDIT_WAIT_MICROS = Setting.duration("rankwire.creditWaitMicros", TimeUnit.MICROSECONDS,
        100, 0, 1_000_000, "how long a blocking small send without credits asks for them and polls before it is " +
            "copied into the send buffer; 0: copy at once");
    static final Setting<Idles.Mode> IDLE = Setting.choice("rankwire.idle", Idles.Mode.BACKOFF,
        "how a blocked caller waits: spin; yield; backoff (64 spins, 16 yields, then park 1 us doubling to 100 us)");
    static final Setting<Long> SPIN_MICROS = TransportContext.IDLE_SPIN_MICROS;
    static final Setting<Boolean> PROGRESS_THREAD = Setting.flag("rankwire.progressThread", false,
        "an asynchronous progress thread per rank");
    static final Setting<String> THREADS = Setting.oneOf("rankwire.threads", "multiple",
        "MPI's thread level: multiple (or serialized), any thread may call, a lock per call; funneled (or single), " +
            "only the thread that initialized the rank, no lock; not with rankwire.progressThread",
        "multiple", "serialized", "funneled", "single");
    static final Setting<Long> TIMEOUT = Setting.duration("rankwire.timeout", TimeUnit.MILLISECONDS, 0, 0,
        TimeUnit.DAYS.toMillis(365), "time after which a blocking call throws RankwireException (a timed-out receive " +
            "is withdrawn); 0: none");
    static final Setting<Long> BOOTSTRAP_TIMEOUT = JobSettings.BOOTSTRAP_TIMEOUT;
    static final Setting<Integer> OFFLOAD_MIN_BYTES = Setting.bytes("rankwire.offloadMinBytes", 1024, 0,
        Integer.MAX_VALUE, "receives smaller than this stay in software (never offered to a tag-matching NIC)");
    static final Setting<Integer> SRQ_BUFFERS = Setting.integer("rankwire.srqBuffers", 256, 1, 1 << 16,
        "plain SRQ buffers posted on a transport with an offload port");
    static final Setting<String> LOG_LEVEL = Setting.oneOf(JobVariables.LOG_LEVEL_SETTING, "warning",
        "level of Rankwire's own log (rwrun -v sets info, -vv debug); no effect when the application configured logging",
        "error", "warning", "info", "debug", "trace", "off");
    static final Setting<Boolean> JMX = Setting.flag("rankwire.jmx", true,
        "register the rank's MBean io.rankwire:type=Rank,rank=N from init to close");
    static final Setting<Boolean> REPORT_STATS = Setting.flag(JobVariables.REPORT_STATS_SETTING, false,
        "publish the rank's counters to the launcher at close (rwrun --stats sets it)");
    static final Setting<String> BIND = JobSettings.BIND;
    static final Setting<String> HOST_ID = HostIdentity.HOST_ID;

    /** Every one of them, in the order docs/SETTINGS.md lists them. */
    static final List<Setting<?>> ALL = List.of(TRANSPORT, EAGER_LIMIT, UNEXPECTED_BYTES, CREDITS, SEND_BUFFER_BYTES,
        CREDIT_WAIT_MICROS, IDLE, SPIN_MICROS, PROGRESS_THREAD, THREADS, TIMEOUT, BOOTSTRAP_TIMEOUT, OFFLOAD_MIN_BYTES,
        SRQ_BUFFERS, LOG_LEVEL, JMX, REPORT_STATS, BIND, HOST_ID);

    private RuntimeSettings()
    {
    }
}
