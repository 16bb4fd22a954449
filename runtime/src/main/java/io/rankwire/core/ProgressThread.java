package io.rankwire.core;

import org.agrona.concurrent.IdleStrategy;
import io.rankwire.progress.Idles;

/**
 * An optional thread that drives a rank's progress while the application computes (for example
 * to answer rendezvous and ssend traffic without the application being inside a call): the
 * rank's {@link ProgressAgent} with a background idle strategy. It takes the engine lock only
 * with {@code tryLock}, so application threads always get in.
 */
public final class ProgressThread implements Runnable
{
    private final Engine engine;
    private final Thread thread;
    private volatile boolean running = true;

    public ProgressThread(final Engine engine, final String name)
    {
        this.engine = engine;
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    /**
     * Starts the thread. With a confined engine ({@code rankwire.threads=funneled}) the calling
     * thread, its owner, hands it over to this thread first and must not use it until
     * {@link #stop()} hands it back.
     */
    public ProgressThread start()
    {
        engine.handOver(thread);
        thread.start();
        return this;
    }

    @Override
    public void run()
    {
        final IdleStrategy idler = Idles.background(engine.wakeup());
        final ProgressAgent agent = new ProgressAgent(engine, thread.getName());
        while (running && !engine.isClosed())
        {
            idler.idle(agent.doWork());
        }
    }

    /**
     * Stops the thread and waits for it to end; a confined engine goes back to the calling thread
     * once this thread has ended.
     */
    public void stop()
    {
        running = false;
        if (Thread.currentThread() != thread)
        {
            try
            {
                thread.join(10_000);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
            }
            if (!thread.isAlive())
            {
                engine.handOver(Thread.currentThread());
            }
        }
    }
}
