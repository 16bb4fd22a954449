package io.rankwire;

import java.util.Optional;

import io.rankwire.launch.JobEnvironment;

/** Builds a rank's configuration from the launcher's environment. */
final class JobConfigs
{
    private JobConfigs()
    {
    }

    /**
     * The configuration of a rank started by {@code rwrun} (rank, size, job id, secret, transport,
     * bootstrap and {@code rankwire.*} settings from {@link JobEnvironment#current()}, on top of
     * system-property defaults), or of a one-rank job when there is no launcher environment.
     */
    static RankwireConfig fromEnvironment()
    {
        return fromEnvironment(java.util.Map.of());
    }

    /**
     * Like {@link #fromEnvironment()}, with {@code defaults} applied first: a system property or
     * a launcher setting of the same key wins over them.
     */
    static RankwireConfig fromEnvironment(final java.util.Map<String, String> defaults)
    {
        final RankwireConfig config = new RankwireConfig();
        defaults.forEach((key, value) ->
        {
            if (System.getProperty(key) == null)
            {
                config.set(key, value);
            }
        });
        final Optional<JobEnvironment> env = JobEnvironment.current();
        if (env.isEmpty())
        {
            return config;
        }
        final JobEnvironment e = env.get();
        config.setAll(e.settings());
        return config.transport(e.transport())
            .job(e.rank(), e.size(), e.jobId(), e.secret())
            .bootstrap(e.bootstrap());
    }
}
