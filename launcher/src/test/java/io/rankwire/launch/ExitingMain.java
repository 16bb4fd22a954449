package io.rankwire.launch;

import io.rankwire.bootstrap.JobEnvironment;

/** Rank 1 calls System.exit(3); the others wait. */
final class ExitingMain
{
    private ExitingMain()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        if (env.rank() == 1)
        {
            System.exit(3);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
