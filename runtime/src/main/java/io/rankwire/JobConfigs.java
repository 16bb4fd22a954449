package io.rankwire;

/** Builds a rank's configuration from the launcher's environment. */
final class JobConfigs
{
    private JobConfigs()
    {
    }

    /** The configuration of a process started by {@code rwrun}, or a one-rank job otherwise. */
    static RankwireConfig fromEnvironment()
    {
        return new RankwireConfig();
    }
}
