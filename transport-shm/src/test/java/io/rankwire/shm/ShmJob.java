package io.rankwire.shm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.conformance.CompletionCopy;
import io.rankwire.spi.Completion;
import io.rankwire.spi.TransportContext;

/** N ranks as shm transports of this JVM, wired up in parallel through one in-memory bootstrap. */
final class ShmJob implements AutoCloseable
{
    final ShmTransport[] ranks;
    final String jobId;

    /** A copy of one completion. */
    static final class Seen extends CompletionCopy
    {
        Seen(final Completion c)
        {
            super(c);
        }
    }

    ShmJob(final int size, final Map<String, String> settings) throws Exception
    {
        this.jobId = "shm-test-" + System.nanoTime();
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        ranks = new ShmTransport[size];
        for (int r = 0; r < size; r++)
        {
            final TransportContext context = new TransportContext(
                r, size, jobId, new byte[16], bootstrap.forRank(r), settings, () -> { });
            ranks[r] = (ShmTransport)new ShmTransportProvider().open(context);
        }
        final ExecutorService pool = Executors.newFixedThreadPool(size);
        try
        {
            final List<Future<?>> done = new ArrayList<>();
            for (final ShmTransport t : ranks)
            {
                done.add(pool.submit(t::wireUp));
            }
            for (final Future<?> f : done)
            {
                f.get(60, TimeUnit.SECONDS);
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /** Settings from key/value pairs ({@code rankwire.shm.} is prefixed), with the job directory under {@code dir}. */
    static Map<String, String> settings(final Path dir, final String... keyValues)
    {
        final Map<String, String> map = new HashMap<>();
        map.put(ShmSettings.DIR, dir.toString());
        for (int i = 0; i < keyValues.length; i += 2)
        {
            map.put(ShmSettings.PREFIX + keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** Polls {@code rank} until {@code count} completions passing {@code filter} arrived (others are kept too), or 30 s. */
    static List<Seen> await(final ShmTransport rank, final int count, final Predicate<Seen> filter)
    {
        return await(rank, count, filter, () -> { });
    }

    /** Like {@link #await(ShmTransport, int, Predicate)}, running {@code meanwhile} between polls (e.g. other ranks' polls). */
    static List<Seen> await(final ShmTransport rank, final int count, final Predicate<Seen> filter, final Runnable meanwhile)
    {
        final List<Seen> seen = new ArrayList<>();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int matching = 0;
        while (matching < count)
        {
            final List<Seen> batch = new ArrayList<>();
            rank.poll(c -> batch.add(new Seen(c)), 64);
            for (final Seen s : batch)
            {
                seen.add(s);
                matching += filter.test(s) ? 1 : 0;
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("rank : " + matching + " of " + count + " completions within 30 s; seen " + seen);
            }
            meanwhile.run();
            Thread.onSpinWait();
        }
        return seen;
    }

    /** Polls every rank but {@code except} once, dropping their completions (owners stream while a reader waits). */
    void pollOthers(final int except)
    {
        for (int r = 0; r < ranks.length; r++)
        {
            if (r != except)
            {
                ranks[r].poll(c -> { }, 64);
            }
        }
    }

    @Override
    public void close()
    {
        for (final ShmTransport t : ranks)
        {
            t.close();
        }
    }
}
