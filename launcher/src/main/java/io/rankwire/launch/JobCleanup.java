package io.rankwire.launch;

import java.io.PrintStream;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;

import io.rankwire.spi.TransportProvider;

/**
 * Once a job has ended, whatever happened (every rank exited, one failed or was killed, the
 * timeout passed, the launcher was stopped), asks every transport on the launcher's class path
 * (Rankwire's {@code lib/}, which holds every transport of the build) to remove what the job may
 * have left on this host ({@link TransportProvider#cleanUp}): e.g. the shared-memory transport's
 * job directories of a rank killed during wire-up. The launcher does not know any transport by
 * name. Ranks started on other hosts (ssh, Slurm) clean up there themselves; this covers the
 * launcher's host. Never fails the job: a problem is one line on stderr.
 */
final class JobCleanup
{
    private JobCleanup()
    {
    }

    /** Cleans up after job {@code jobId} run with the launcher's {@code rankwire.*} {@code settings}. */
    static void run(final String command, final String jobId, final Map<String, String> settings, final PrintStream err)
    {
        eachProvider(p ->
        {
            try
            {
                p.cleanUp(jobId, settings);
            }
            catch (final RuntimeException | LinkageError e)
            {
                err.println(command + ": cleaning up after the " + p.name() + " transport failed: " + e.getMessage());
            }
        });
    }

    /** Hands every transport on the launcher's class path to {@code use}, skipping broken service entries. */
    static void eachProvider(final Consumer<TransportProvider> use)
    {
        final Iterator<TransportProvider> it = ServiceLoader.load(TransportProvider.class, JobCleanup.class.getClassLoader())
            .iterator();
        for (int errors = 0; errors < 64; )
        {
            final TransportProvider p;
            try
            {
                if (!it.hasNext())
                {
                    return;
                }
                p = it.next();
            }
            catch (final ServiceConfigurationError e)
            {
                errors++;
                continue;
            }
            use.accept(p);
        }
    }
}
