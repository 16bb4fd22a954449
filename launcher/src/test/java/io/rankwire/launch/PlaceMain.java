package io.rankwire.launch;

import io.rankwire.bootstrap.JobEnvironment;
import io.rankwire.bootstrap.SlurmEnvironment;

/**
 * Says where each rank runs, after the job's start barrier: {@code rank 2 of 4 on 127.0.0.3}
 * (the address its ssh session reached, from {@code SSH_CONNECTION}), {@code ... on slurm task 2}
 * in a Slurm step, else {@code ... on this host}. Used by the multi-host checks in {@code .ci/}.
 */
final class PlaceMain
{
    private PlaceMain()
    {
    }

    public static void main(final String[] args)
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        env.bootstrap().barrier(ExchangeMain.WAIT);
        final String ssh = System.getenv("SSH_CONNECTION");
        final String procid = System.getenv(SlurmEnvironment.PROCID);
        final String where = ssh != null ? ssh.split(" ")[2] : procid != null ? "slurm task " + procid : "this host";
        System.out.println("rank " + env.rank() + " of " + env.size() + " on " + where);
    }
}
