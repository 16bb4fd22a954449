package io.rankwire.launch;

import io.rankwire.bootstrap.JobEnvironment;

/** Prints the job setting named by its argument as the rank sees it: {@code rank 1 rankwire.job.hosts=2}. */
final class SettingMain
{
    private SettingMain()
    {
    }

    public static void main(final String[] args)
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        System.out.println("rank " + env.rank() + " " + args[0] + "=" + env.settings().get(args[0]));
    }
}
