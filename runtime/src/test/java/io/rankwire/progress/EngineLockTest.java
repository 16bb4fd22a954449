package io.rankwire.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link EngineLock}: mutual exclusion, reentrancy, and blocked callers that get in after a release. */
class EngineLockTest
{
    private long counter;

    @Test
    @Timeout(60)
    void shouldExcludeConcurrentHolders() throws Exception
    {
        final EngineLock lock = new EngineLock();
        final int threads = 4;
        final int rounds = 50_000;
        final Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++)
        {
            workers[t] = new Thread(() ->
            {
                for (int i = 0; i < rounds; i++)
                {
                    if ((i & 1) == 0)
                    {
                        lock.lock();
                    }
                    else
                    {
                        while (!lock.tryLock())
                        {
                            Thread.onSpinWait();
                        }
                    }
                    try
                    {
                        counter++;
                    }
                    finally
                    {
                        lock.unlock();
                    }
                }
            });
            workers[t].start();
        }
        for (final Thread w : workers)
        {
            w.join();
        }
        assertEquals((long)threads * rounds, counter);
    }

    @Test
    @Timeout(20)
    void shouldBeReentrantForItsHolder() throws Exception
    {
        final EngineLock lock = new EngineLock();
        lock.lock();
        assertTrue(lock.tryLock());
        lock.unlock();
        assertTrue(lock.isHeldByCurrentThread());
        final AtomicBoolean other = new AtomicBoolean(true);
        final Thread t = new Thread(() -> other.set(lock.tryLock()));
        t.start();
        t.join();
        assertFalse(other.get());
        lock.unlock();
        assertFalse(lock.isHeldByCurrentThread());
    }

    @Test
    @Timeout(20)
    void shouldRejectAnUnlockByAThreadThatDoesNotHoldIt()
    {
        final EngineLock lock = new EngineLock();
        final IllegalStateException e = assertThrows(IllegalStateException.class, lock::unlock);
        assertTrue(e.getMessage().startsWith("engine lock holder : "), e.getMessage());
    }

    @Test
    @Timeout(20)
    void shouldLetABlockedCallerInAfterTheHolderReleases() throws Exception
    {
        final EngineLock lock = new EngineLock();
        lock.lock();
        final CountDownLatch acquired = new CountDownLatch(1);
        final Thread blocked = new Thread(() ->
        {
            lock.lock();
            acquired.countDown();
            lock.unlock();
        });
        Parked.startAndAwait(blocked);
        assertEquals(1, acquired.getCount());
        lock.unlock();
        acquired.await();
        blocked.join();
        assertTrue(lock.tryLock());
        lock.unlock();
    }

    @Test
    @Timeout(30)
    void shouldLetOnlyTheConfinedThreadInAndHandOverAtQuiescentPoints() throws Exception
    {
        final EngineLock lock = new EngineLock();
        final Thread main = Thread.currentThread();
        lock.confine(main);
        lock.lock();
        assertTrue(lock.tryLock());
        assertTrue(lock.isHeldByCurrentThread());
        assertThrows(IllegalStateException.class, () -> lock.confine(main), "hand-over while held");
        lock.unlock();
        lock.unlock();
        assertFalse(lock.isHeldByCurrentThread());
        assertThrows(IllegalStateException.class, lock::unlock, "release without a hold");

        final Throwable[] refused = new Throwable[1];
        final Thread intruder = new Thread(() ->
        {
            try
            {
                lock.tryLock();
            }
            catch (final Throwable e)
            {
                refused[0] = e;
            }
        }, "intruder");
        intruder.start();
        intruder.join();
        assertTrue(refused[0] instanceof IllegalStateException, String.valueOf(refused[0]));
        assertTrue(refused[0].getMessage().contains("'intruder'") && refused[0].getMessage().contains("'" + main.getName() + "'"),
            refused[0].getMessage());

        final boolean[] helperHeld = new boolean[1];
        final Thread helper = new Thread(() ->
        {
            lock.lock();
            helperHeld[0] = lock.isHeldByCurrentThread();
            lock.unlock();
        }, "helper");
        lock.confine(helper);
        helper.start();
        helper.join();
        assertTrue(helperHeld[0]);
        assertThrows(IllegalStateException.class, lock::lock, "the old owner after the hand-over");
        lock.confine(main);
        lock.lock();
        lock.unlock();
    }
}
