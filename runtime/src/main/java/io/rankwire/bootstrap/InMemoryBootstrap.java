package io.rankwire.bootstrap;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.rankwire.RankwireException;
import io.rankwire.spi.Bootstrap;

/**
 * The bootstrap of a job whose ranks are threads of one JVM: one shared table, one view per
 * rank ({@link #forRank}). Used by {@code LocalJob} and by transport tests.
 */
public final class InMemoryBootstrap
{
    private final int size;
    private final Map<String, byte[]> table = new HashMap<>();
    private int barrierArrived;
    private long barrierGeneration;

    /** A table for a job of {@code size} ranks. */
    public InMemoryBootstrap(final int size)
    {
        if (size < 1)
        {
            throw new IllegalArgumentException("size : " + size + " (expected: >= 1)");
        }
        this.size = size;
    }

    /** The view of rank {@code rank}. */
    public Bootstrap forRank(final int rank)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        return new View(rank);
    }

    private synchronized void put(final int rank, final String key, final byte[] value)
    {
        table.put(rank + "/" + key, value.clone());
        notifyAll();
    }

    private synchronized byte[] get(final int rank, final String key, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final String k = rank + "/" + Objects.requireNonNull(key, "key");
        byte[] value;
        while ((value = table.get(k)) == null)
        {
            waitUntil(deadline, "key '" + key + "' of rank " + rank);
        }
        return Arrays.copyOf(value, value.length);
    }

    private synchronized void barrier(final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final long generation = barrierGeneration;
        if (++barrierArrived == size)
        {
            barrierArrived = 0;
            barrierGeneration++;
            notifyAll();
            return;
        }
        while (barrierGeneration == generation)
        {
            try
            {
                waitUntil(deadline, "the bootstrap barrier");
            }
            catch (final RuntimeException e)
            {
                barrierArrived--; // withdraw, so a later barrier cannot release early
                throw e;
            }
        }
    }

    private void waitUntil(final long deadline, final String what)
    {
        final long left = deadline - System.nanoTime();
        if (left <= 0)
        {
            throw new RankwireException("bootstrap: timed out waiting for " + what);
        }
        try
        {
            wait(Math.max(1, left / 1_000_000));
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new RankwireException("bootstrap: interrupted waiting for " + what, e);
        }
    }

    private final class View implements Bootstrap
    {
        private final int rank;

        View(final int rank)
        {
            this.rank = rank;
        }

        @Override
        public int rank()
        {
            return rank;
        }

        @Override
        public int size()
        {
            return size;
        }

        @Override
        public void put(final String key, final byte[] value)
        {
            InMemoryBootstrap.this.put(rank, key, value);
        }

        @Override
        public byte[] get(final int rank, final String key, final Duration timeout)
        {
            return InMemoryBootstrap.this.get(rank, key, timeout);
        }

        @Override
        public void barrier(final Duration timeout)
        {
            InMemoryBootstrap.this.barrier(timeout);
        }
    }
}
