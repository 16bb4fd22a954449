package io.rankwire.launch;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * Counts its own runs in a static field: in an in-JVM job each rank must see 1, since each has its
 * own copy of this class.
 */
final class CounterMain
{
    private static int runs;

    private CounterMain()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        runs++;
        env.bootstrap().put("ran", new byte[] {(byte)runs});
        env.bootstrap().barrier(ExchangeMain.WAIT);
        final int[] seen = new int[1];
        final Thread child = new Thread(() -> seen[0] = JobEnvironment.current().orElseThrow().rank());
        child.start();
        child.join();
        System.out.print("rank " + env.rank() + " runs=" + runs);
        System.out.println(" child-thread-rank=" + seen[0] + " pid=" + ProcessHandle.current().pid() +
            " loader=" + CounterMain.class.getClassLoader().getName() +
            " shared=" + JobEnvironment.class.getClassLoader().getName() +
            " peer-runs=" + env.bootstrap().get((env.rank() + 1) % env.size(), "ran", ExchangeMain.WAIT)[0]);
    }
}
