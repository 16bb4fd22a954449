package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class NicLockTest
{
    @Test
    void shouldExcludeThreadsFromEachOther() throws Exception
    {
        final NicLock lock = new NicLock();
        final int threads = 4;
        final int rounds = 50_000;
        final long[] shared = new long[2];
        final CountDownLatch go = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            workers[t] = new Thread(() ->
            {
                try
                {
                    go.await();
                    for (int i = 0; i < rounds; i++)
                    {
                        lock.lock();
                        try
                        {
                            // two plain writes that only stay equal if no other thread interleaves
                            final long v = shared[0] + 1;
                            shared[0] = v;
                            if (shared[1] != v - 1)
                            {
                                throw new AssertionError("torn update: " + shared[0] + " / " + shared[1]);
                            }
                            shared[1] = v;
                        }
                        finally
                        {
                            lock.unlock();
                        }
                    }
                }
                catch (final Throwable e)
                {
                    failure.compareAndSet(null, e);
                }
            });
            workers[t].start();
        }
        go.countDown();
        for (final Thread w : workers)
        {
            w.join();
        }
        assertNull(failure.get());
        assertEquals((long)threads * rounds, shared[0]);
        assertEquals((long)threads * rounds, shared[1]);
    }
}
