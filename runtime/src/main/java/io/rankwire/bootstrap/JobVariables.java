package io.rankwire.bootstrap;

/**
 * The names of the environment variables through which a launcher hands a rank its
 * {@link JobIdentity}, and of the settings some of them carry. {@code docs/LAUNCHER.md}
 * ("Contract: environment of a rank") describes each one.
 */
public final class JobVariables
{
    /** This rank, {@code 0..size-1}. */
    public static final String RANK = "RANKWIRE_RANK";
    /** The number of ranks in the job. */
    public static final String SIZE = "RANKWIRE_SIZE";
    /** This rank's index among the job's ranks on its host, {@code 0..LOCAL_SIZE-1}; set by the launcher, read by no part of Rankwire. */
    public static final String LOCAL_RANK = "RANKWIRE_LOCAL_RANK";
    /** The number of the job's ranks on this rank's host; set by the launcher, read by no part of Rankwire. */
    public static final String LOCAL_SIZE = "RANKWIRE_LOCAL_SIZE";
    /** The job's id; transports refuse peers of another job. */
    public static final String JOB_ID = "RANKWIRE_JOB_ID";
    /** The per-job secret, hex encoded; never sent over the wire in clear, never in a process argument. */
    public static final String SECRET = "RANKWIRE_SECRET";
    /** The bootstrap service, {@code host:port} or {@code [v6-address]:port}. */
    public static final String BOOTSTRAP = "RANKWIRE_BOOTSTRAP";
    /** The transport name; {@link JobSettings#TRANSPORT}'s default when unset. */
    public static final String TRANSPORT = "RANKWIRE_TRANSPORT";
    /** {@code rankwire.*} settings, one {@code key=value} per line. */
    public static final String SETTINGS = "RANKWIRE_SETTINGS";
    /** The interface ranks should listen on; read as the {@value #BIND_SETTING} setting. */
    public static final String BIND = "RANKWIRE_BIND";
    /**
     * The process id of the launcher that started this process on this host: the process ends
     * itself when its parent is no longer that process ({@link LauncherWatch}). Optional.
     */
    public static final String LAUNCHER_PID = "RANKWIRE_LAUNCHER_PID";
    /** The setting key that carries {@link #BIND}. */
    public static final String BIND_SETTING = "rankwire.bind";
    /** The TCP transport's listen interface; {@code rwrun --bind} sets it unless given with {@code -x}. */
    public static final String TCP_BIND_SETTING = "rankwire.tcp.bind";
    /**
     * The setting that bounds a rank's login to the bootstrap service (connect and authenticate,
     * retries included), as it bounds wire-up and the closing rendezvous; milliseconds.
     */
    public static final String BOOTSTRAP_TIMEOUT_SETTING = "rankwire.bootstrapTimeout";
    /**
     * The setting that asks each rank to publish its counters under {@value #STATS_KEY} in the
     * bootstrap service when it closes ({@code rwrun --stats}); {@code true} or {@code false}.
     */
    public static final String REPORT_STATS_SETTING = "rankwire.reportStats";
    /** The bootstrap key of a rank's counters: one {@code name=value} per line, UTF-8. */
    public static final String STATS_KEY = "rankwire.stats";
    /** The setting of the level of Rankwire's log ({@code rwrun -v} sets {@code info}). */
    public static final String LOG_LEVEL_SETTING = "rankwire.logLevel";
    /** The prefix of every setting key. */
    public static final String SETTING_PREFIX = "rankwire.";

    private JobVariables()
    {
    }
}
