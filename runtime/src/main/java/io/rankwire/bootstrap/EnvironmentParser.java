package io.rankwire.bootstrap;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/** Reads a {@link JobEnvironment} from the variables {@code rwrun} (or a batch system) sets. */
final class EnvironmentParser
{
    private EnvironmentParser()
    {
    }

    /**
     * The environment described by {@code env}, with {@code rankwire.*} entries of
     * {@code properties} overriding the launcher's settings. Without {@value JobVariables#RANK}:
     * in a task of a Slurm step, the rank is the task's ({@code SLURM_PROCID}) and the job is
     * {@code rwrun}'s when {@value JobVariables#BOOTSTRAP} is set, else the step's own
     * ({@link SlurmRendezvous}); anywhere else the result is empty. A rank whose launcher gave it
     * {@value JobVariables#LAUNCHER_PID} starts watching that launcher ({@link LauncherWatch}).
     */
    static Optional<JobEnvironment> parse(final Map<String, String> env, final Properties properties)
    {
        Map<String, String> variables = env;
        if (env.get(JobVariables.RANK) == null)
        {
            if (!SlurmEnvironment.inStep(env))
            {
                return Optional.empty();
            }
            if (env.get(JobVariables.BOOTSTRAP) == null)
            {
                return Optional.of(SlurmRendezvous.join(env, properties,
                    loginTimeout(Settings.fromProperties(properties))));
            }
            // rwrun started the ranks through srun: the rank is the task's
            variables = new TreeMap<>(env);
            variables.put(JobVariables.RANK, env.get(SlurmEnvironment.PROCID));
        }
        final JobIdentity identity = JobIdentity.fromEnvironment(variables, properties);
        if (identity.bootstrap() == null)
        {
            throw new IllegalStateException(
                JobVariables.RANK + " is set but " + JobVariables.BOOTSTRAP + " is not (a launcher sets both)");
        }
        LauncherWatch.watchParent(env, "rank " + identity.rank());
        final Duration login = loginTimeout(identity.settings());
        return Optional.of(new JobEnvironment(identity, job ->
            BootstrapClient.connect(job.bootstrap(), job.secretView(), job.rank(), job.size(), login)
                .hostedBy(BootstrapClient.HOST_LAUNCHER)));
    }

    /**
     * The login deadline: {@value JobVariables#BOOTSTRAP_TIMEOUT_SETTING} among {@code settings}
     * (a system property wins over the launcher's setting), else its default.
     *
     * @throws IllegalArgumentException naming the setting when it is not a duration it takes
     */
    static Duration loginTimeout(final Map<String, String> settings)
    {
        return Duration.ofMillis(JobSettings.BOOTSTRAP_TIMEOUT.read(settings));
    }
}
