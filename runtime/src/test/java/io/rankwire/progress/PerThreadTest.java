package io.rankwire.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class PerThreadTest
{
    @Test
    void shouldGiveTheSameThreadTheSameValueAndCreateItOnce()
    {
        final AtomicInteger created = new AtomicInteger();
        final PerThread<Object> values = new PerThread<>(() ->
        {
            created.incrementAndGet();
            return new Object();
        });
        final Object first = values.get();
        assertSame(first, values.get());
        assertSame(first, values.get());
        assertEquals(1, created.get());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void shouldKeepEachThreadsOwnValueWhenThreadsTakeTurns() throws InterruptedException
    {
        final AtomicInteger created = new AtomicInteger();
        final PerThread<Object> values = new PerThread<>(() ->
        {
            created.incrementAndGet();
            return new Object();
        });
        final Object mine = values.get();
        final AtomicReference<Object> theirsFirst = new AtomicReference<>();
        final AtomicReference<Object> theirsAgain = new AtomicReference<>();
        final CountDownLatch firstDone = new CountDownLatch(1);
        final CountDownLatch mineChecked = new CountDownLatch(1);
        final Thread other = new Thread(() ->
        {
            theirsFirst.set(values.get());
            firstDone.countDown();
            try
            {
                mineChecked.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return;
            }
            theirsAgain.set(values.get());
        });
        other.start();
        firstDone.await();
        assertNotSame(mine, theirsFirst.get(), "another thread gets its own value");
        assertSame(mine, values.get(), "the first thread still gets its own after the other asked");
        mineChecked.countDown();
        other.join();
        assertSame(theirsFirst.get(), theirsAgain.get(), "the other thread gets its value back");
        assertEquals(2, created.get(), "one value per thread, none per switch");
    }
}
