package io.rankwire.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.BootstrapException;

/**
 * A bootstrap for ranks in separate processes on one machine, through a shared directory: a value
 * is a file {@code <rank>.<key>} written under a temporary name and moved into place, so readers
 * never see half a value. Enough for tests that start rank JVMs themselves, without a launcher
 * that would end the job when one of them dies.
 */
public final class FileBootstrap implements Bootstrap
{
    private final Path dir;
    private final int rank;
    private final int size;
    private int barriers;

    /** Rank {@code rank} of a job of {@code size} ranks whose values live in {@code dir}. */
    public FileBootstrap(final Path dir, final int rank, final int size)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        this.dir = dir;
        this.rank = rank;
        this.size = size;
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
        try
        {
            final Path tmp = Files.createTempFile(dir, "put", ".tmp");
            Files.write(tmp, value);
            Files.move(tmp, file(rank, key), StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public byte[] get(final int from, final String key, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        final Path file = file(from, key);
        while (!Files.exists(file))
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new BootstrapException("no value for " + key + " from rank " + from + " within " + timeout);
            }
            LockSupport.parkNanos(2_000_000);
        }
        try
        {
            return Files.readAllBytes(file);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void barrier(final Duration timeout)
    {
        final String key = "barrier-" + barriers++;
        put(key, new byte[0]);
        for (int r = 0; r < size; r++)
        {
            get(r, key, timeout);
        }
    }

    private Path file(final int owner, final String key)
    {
        return dir.resolve(owner + "." + key.replaceAll("[^A-Za-z0-9._-]", "_"));
    }
}
