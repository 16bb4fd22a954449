package io.rankwire;

import java.util.Optional;

import io.rankwire.bootstrap.JobEnvironment;
import io.rankwire.bootstrap.JobIdentity;

/** Builds a rank's configuration from the launcher's environment. */
final class JobConfigs
{
    private JobConfigs()
    {
    }

    /**
     * The configuration of a rank started by {@code rwrun} (its {@link JobIdentity} and bootstrap
     * from {@link JobEnvironment#current()}, on top of system-property defaults), or of a
     * one-rank job when there is no launcher environment.
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
        final JobIdentity id = env.get().identity();
        config.setAll(id.settings());
        return config.transport(id.transport())
            .job(id.rank(), id.size(), id.jobId(), id.secret())
            .bootstrap(env.get().bootstrap());
    }
}
