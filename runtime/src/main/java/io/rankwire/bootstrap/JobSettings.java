package io.rankwire.bootstrap;

import java.util.concurrent.TimeUnit;

import io.rankwire.settings.Setting;

/**
 * The settings of joining a job, read here and by the runtime above: the transport, the
 * interface ranks listen on, and the bootstrap's time limit.
 */
public final class JobSettings
{
    /** The transport every rank opens. */
    public static final Setting<String> TRANSPORT = Setting.text("rankwire.transport", "auto",
        "a transport name: auto, shm, tcp, sim or another found on the class path",
        name -> name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}"),
        "the transport: auto (shared memory within a host, TCP across hosts), shm, tcp, sim, or another found " +
            "on the class path");

    /** The interface the launcher chose for the ranks; travels as {@value JobVariables#BIND}. */
    public static final Setting<String> BIND = Setting.address(JobVariables.BIND_SETTING, null,
        "the interface ranks listen on, for the bootstrap service and as the transports' default")
        .withDefault("chosen by the launcher (rwrun --bind)");

    /**
     * The limit of a rank's login to the bootstrap service, of wire-up and of the closing
     * rendezvous: generous, since a rank JVM on a crowded host may need many seconds to get there.
     */
    public static final Setting<Long> BOOTSTRAP_TIMEOUT = Setting.duration(JobVariables.BOOTSTRAP_TIMEOUT_SETTING,
        TimeUnit.MILLISECONDS, 60_000, 1, 86_400_000,
        "limit for a rank's login to the bootstrap service (connect and authenticate, retries included), " +
            "for wire-up and for the closing rendezvous");

    private JobSettings()
    {
    }
}
