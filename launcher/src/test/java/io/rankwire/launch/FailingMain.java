package io.rankwire.launch;

import java.time.Duration;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * Rank 2 throws once every rank has started; rank 0 starts a {@code sleep} process and prints its
 * pid; every rank but 2 then waits in a barrier that cannot complete.
 */
final class FailingMain
{
    private FailingMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        if (env.rank() == 0 && args.length > 0 && args[0].equals("--grandchild"))
        {
            final Process sleeper = new ProcessBuilder("sleep", "300").start();
            System.out.println("grandchild " + sleeper.pid());
        }
        env.bootstrap().put("up", new byte[0]);
        for (int peer = 0; peer < env.size(); peer++)
        {
            env.bootstrap().get(peer, "up", ExchangeMain.WAIT);
        }
        if (env.rank() == 2)
        {
            throw new IllegalStateException("rank 2 gives up");
        }
        env.bootstrap().barrier(Duration.ofMinutes(10));
    }
}
