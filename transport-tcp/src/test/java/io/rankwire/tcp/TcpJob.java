package io.rankwire.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.conformance.CompletionCopy;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.TransportContext;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * N ranks as TCP transports in this JVM, each with its own port, wired up through a shared bootstrap.
 *
 * <p>With engine-thread I/O (the default) a rank moves data only while some thread polls it: it
 * answers a peer's READ_REQUEST, and reads what its peers sent, inside {@code poll()}, as an MPI
 * rank makes progress inside its calls. So {@link #await} on one rank of a job also polls the
 * job's other ranks on the same thread, one at a time, and keeps what they deliver for their own
 * later {@link #await} ({@link #held}), in order. A test that drives some rank from a thread of
 * its own marks it {@link #driven}, and that rank is then left alone.
 */
final class TcpJob implements AutoCloseable
{
    /** The job each transport belongs to, for the static helpers. */
    private static final Map<TcpTransport, TcpJob> JOBS = new ConcurrentHashMap<>();

    final TcpTransport[] ranks;
    /** Completions of each rank polled while another rank was awaited. */
    private final Map<TcpTransport, ArrayDeque<Seen>> held = new ConcurrentHashMap<>();
    /** Ranks that a thread of the test polls itself: never polled on behalf of another rank. */
    private final Map<TcpTransport, Boolean> driven = new ConcurrentHashMap<>();

    /** A copy of one completion. */
    static final class Seen extends CompletionCopy
    {
        Seen(final Completion c)
        {
            super(c);
        }
    }

    /** A job over transports that are already wired up. */
    TcpJob(final TcpTransport[] ranks)
    {
        this.ranks = ranks;
        register();
    }

    private void register()
    {
        for (final TcpTransport t : ranks)
        {
            JOBS.put(t, this);
            held.put(t, new ArrayDeque<>());
        }
    }

    /** Leaves every rank to the test's own threads: {@link #await} on one rank polls only that rank. */
    TcpJob allDriven()
    {
        for (final TcpTransport t : ranks)
        {
            driven.put(t, Boolean.TRUE);
        }
        return this;
    }

    /**
     * Polls {@code rank} until what it posted to {@code peer} is written to the socket (with
     * engine-thread I/O the rank's own polls write what the socket did not take at once, and the
     * frames posted before the connection was ready); completions polled meanwhile are kept for
     * its next {@link #await}. Returns at once for a connection driven by an event loop, and when
     * the link failed or closed.
     */
    static void flush(final TcpTransport rank, final int peer)
    {
        final TcpJob job = JOBS.get(rank);
        final ArrayDeque<Seen> keep = job != null ? job.held.get(rank) : new ArrayDeque<>();
        while (!rank.isClosed())
        {
            final int state = rank.linkState(peer);
            final EngineSession session = rank.sessionOf(peer);
            if (state != PeerLink.CONNECTING && state != PeerLink.READY || state == PeerLink.READY && session == null)
            {
                return;
            }
            rank.poll(c -> keep.add(new Seen(c)), 64);
            if (session != null && (session.isDone() || !session.writer.hasPending()))
            {
                return;
            }
            idle();
        }
    }

    TcpJob(final int size, final Map<String, String> settings) throws Exception
    {
        this(size, settings, "job-" + System.nanoTime(), "s3cret-0123456789".getBytes(StandardCharsets.UTF_8));
    }

    TcpJob(final int size, final Map<String, String> settings, final String jobId, final byte[] secret)
        throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        ranks = new TcpTransport[size];
        for (int r = 0; r < size; r++)
        {
            ranks[r] = open(r, size, jobId, secret, bootstrap, settings);
        }
        register();
        final ExecutorService pool = Executors.newFixedThreadPool(size);
        try
        {
            final List<Future<?>> done = new ArrayList<>();
            for (final TcpTransport t : ranks)
            {
                done.add(pool.submit(t::wireUp));
            }
            for (final Future<?> f : done)
            {
                f.get();
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    static TcpTransport open(
        final int rank, final int size, final String jobId, final byte[] secret, final InMemoryBootstrap bootstrap,
        final Map<String, String> settings)
    {
        final TransportContext context = new TransportContext(
            rank, size, jobId, secret, bootstrap.forRank(rank), settings, () -> { });
        return (TcpTransport)new TcpTransportProvider().open(context);
    }

    static Map<String, String> settings(final String... keyValues)
    {
        final Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2)
        {
            map.put(TcpSettings.PREFIX + keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** A message buffer: TMH (EAGER, tag) followed by {@code payload}. */
    static UnsafeBuffer message(final long tag, final byte[] payload)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH + payload.length));
        TmHeader.write(buffer, 0, TmHeader.EAGER, 0, 0, tag);
        buffer.putBytes(TmHeader.LENGTH, payload);
        return buffer;
    }

    /**
     * Polls {@code rank} until {@code count} completions matching {@code filter} arrived (the
     * test's @Timeout bounds it), polling the other ranks of its job meanwhile (see the class
     * comment); completions that do not match are dropped.
     */
    static List<Seen> await(final TcpTransport rank, final int count, final Predicate<Seen> filter)
    {
        final TcpJob job = JOBS.get(rank);
        final List<Seen> seen = new ArrayList<>();
        final ArrayDeque<Seen> earlier = job == null ? null : job.held.get(rank);
        while (earlier != null && !earlier.isEmpty() && seen.size() < count)
        {
            final Seen s = earlier.poll();
            if (filter.test(s))
            {
                seen.add(s);
            }
        }
        while (seen.size() < count)
        {
            final int n = rank.poll(c ->
            {
                final Seen s = new Seen(c);
                if (filter.test(s))
                {
                    seen.add(s);
                }
            }, 64);
            if (n == 0 && (job == null || job.pumpOthers(rank) == 0))
            {
                idle();
            }
        }
        return seen;
    }

    static List<Seen> await(final TcpTransport rank, final int count)
    {
        return await(rank, count, s -> true);
    }

    /** Retries a post while it reports back-pressure, polling {@code rank} into {@code sink} (and its job's other ranks). */
    static int retry(final TcpTransport rank, final java.util.function.IntSupplier post, final List<Seen> sink)
    {
        final TcpJob job = JOBS.get(rank);
        int rc;
        while ((rc = post.getAsInt()) == io.rankwire.spi.ReturnCode.BACK_PRESSURED)
        {
            rank.poll(c -> sink.add(new Seen(c)), 64);
            if (job != null)
            {
                job.pumpOthers(rank);
            }
            idle();
        }
        return rc;
    }

    /**
     * One step of progress while a test waits for something other than a completion: polls
     * {@code rank} and its job's other ranks (see the class comment), keeping their completions
     * for their next {@link #await}, then yields.
     */
    static void progress(final TcpTransport rank)
    {
        final TcpJob job = JOBS.get(rank);
        if (job != null)
        {
            final ArrayDeque<Seen> keep = job.held.get(rank);
            rank.poll(c -> keep.add(new Seen(c)), 64);
            job.pumpOthers(rank);
        }
        idle();
    }

    /** Polls every rank of this job but {@code awaited} and those a test thread drives; returns the completions kept. */
    int pumpOthers(final TcpTransport awaited)
    {
        int count = 0;
        for (final TcpTransport t : ranks)
        {
            if (t != awaited && !driven.containsKey(t))
            {
                final ArrayDeque<Seen> sink = held.get(t);
                count += t.poll(c -> sink.add(new Seen(c)), 64);
            }
        }
        return count;
    }

    /** Yields while waiting; ends the wait when the test's timeout interrupts it. */
    static void idle()
    {
        Thread.yield();
        if (Thread.currentThread().isInterrupted())
        {
            throw new IllegalStateException("interrupted while waiting (test timeout)");
        }
    }

    @Override
    public void close()
    {
        for (final TcpTransport t : ranks)
        {
            t.close();
            JOBS.remove(t);
        }
    }
}
