package io.rankwire.jmh.baseline;

import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/** A daemon thread that busy-spins on a unit of work (returning how much it did) until stopped. */
final class SpinningPartner
{
    private final Thread thread;
    private volatile boolean running = true;

    private SpinningPartner(final String name, final IntSupplier work)
    {
        thread = new Thread(() -> run(work), name);
        thread.setDaemon(true);
    }

    static SpinningPartner start(final String name, final IntSupplier work)
    {
        final SpinningPartner p = new SpinningPartner(name, work);
        p.thread.start();
        return p;
    }

    private void run(final IntSupplier work)
    {
        while (running)
        {
            if (work.getAsInt() == 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    void stop() throws InterruptedException
    {
        running = false;
        thread.join(TimeUnit.SECONDS.toMillis(10));
        if (thread.isAlive())
        {
            throw new IllegalStateException("partner thread " + thread.getName() + " : alive (expected: stopped within 10 s)");
        }
    }
}
