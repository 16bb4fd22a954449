package io.rankwire.launch;

import java.util.Optional;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * Says hello after the job's start barrier; without a job environment it just says hello (the
 * baseline for start-up measurements in docs/LAUNCHER.md).
 */
final class HelloMain
{
    private HelloMain()
    {
    }

    public static void main(final String[] args)
    {
        final Optional<JobEnvironment> env = JobEnvironment.current();
        if (env.isPresent())
        {
            env.get().bootstrap().barrier(ExchangeMain.WAIT);
            System.out.println("hello from rank " + env.get().rank() + " of " + env.get().size());
        }
        else
        {
            System.out.println("hello");
        }
    }
}
