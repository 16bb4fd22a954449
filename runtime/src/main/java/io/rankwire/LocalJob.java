package io.rankwire;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.bootstrap.InMemoryBootstrap;

/**
 * Runs a job of N ranks as threads of this JVM, for tests and experiments:
 *
 * <pre>{@code
 * LocalJob.run(4, "sim", rw -> {
 *     Comm world = rw.world();
 *     ...
 * });
 * }</pre>
 *
 * Each run gets a fresh job id and secret and an in-memory bootstrap. {@code run} blocks until
 * every rank's body has returned and its runtime is closed. If a rank throws, the other ranks are
 * aborted (their pending calls fail) and {@code run} throws a {@link RankwireException} naming the
 * first failing rank, with its exception as the cause; if a rank called {@link Rankwire#abort(int)},
 * the exception names that rank and its error code instead. If the job does not finish within the
 * timeout (default {@link #DEFAULT_TIMEOUT}), every rank is aborted and {@code run} fails.
 */
public final class LocalJob
{
    /** The default time a job may take. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    /** The code one rank runs. */
    @FunctionalInterface
    public interface RankBody
    {
        void run(Rankwire rank) throws Exception;
    }

    private LocalJob()
    {
    }

    /** Runs {@code body} on {@code n} ranks over {@code transport} with default settings. */
    public static void run(final int n, final String transport, final RankBody body)
    {
        run(n, transport, new RankwireConfig(), DEFAULT_TIMEOUT, body);
    }

    /** Runs {@code body} on {@code n} ranks over {@code transport} with {@code config}. */
    public static void run(final int n, final String transport, final RankwireConfig config, final RankBody body)
    {
        run(n, transport, config, DEFAULT_TIMEOUT, body);
    }

    /** Runs {@code body} on {@code n} ranks; fails if the job takes longer than {@code timeout}. */
    public static void run(
        final int n, final String transport, final RankwireConfig config, final Duration timeout, final RankBody body)
    {
        if (n < 1)
        {
            throw new IllegalArgumentException("n : " + n + " (expected: >= 1)");
        }
        final String jobId = "local-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(n);
        final Ranks ranks = new Ranks(n);
        for (int i = 0; i < n; i++)
        {
            final int rank = i;
            final RankwireConfig rc = config.copy().transport(transport).job(rank, n, jobId, secret)
                .bootstrap(bootstrap.forRank(rank));
            ranks.threads[i] = new Thread(() -> runRank(rank, rc, body, ranks), "rank-" + rank);
            ranks.threads[i].setDaemon(true);
        }
        for (final Thread t : ranks.threads)
        {
            t.start();
        }
        boolean finished;
        try
        {
            finished = ranks.done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished)
        {
            ranks.fail(-1, new RankwireException("job of " + n + " ranks timed out after " + timeout.toMillis() + " ms"));
        }
        joinAll(ranks.threads);
        final Failure f = ranks.failure.get();
        final int aborting = bootstrap.abortingRank();
        if (aborting >= 0)
        {
            // an abort is the job's reason, whichever rank's failure was recorded first (a
            // survivor's receive can fail on the closed connection before the abort throws)
            throw new RankwireException("rank " + aborting + " aborted the job with error code " +
                bootstrap.abortCode(), f != null ? f.cause : null);
        }
        if (f != null)
        {
            if (f.rank < 0)
            {
                throw (RankwireException)f.cause;
            }
            throw new RankwireException("rank " + f.rank + " failed: " + f.cause, f.cause);
        }
    }

    private static void runRank(final int rank, final RankwireConfig config, final RankBody body, final Ranks ranks)
    {
        Rankwire rw = null;
        try
        {
            rw = Rankwire.init(config);
            ranks.started(rank, rw);
            body.run(rw);
        }
        catch (final Throwable t)
        {
            ranks.fail(rank, t);
        }
        finally
        {
            finish(rank, rw, ranks);
        }
    }

    private static void finish(final int rank, final Rankwire rw, final Ranks ranks)
    {
        try
        {
            if (rw != null)
            {
                if (ranks.failure.get() == null)
                {
                    ranks.closing(rank, true);
                    rw.close();
                }
                else
                {
                    rw.abort("another rank failed");
                }
            }
        }
        catch (final Throwable t)
        {
            ranks.fail(rank, t);
        }
        finally
        {
            ranks.closing(rank, false);
            Thread.interrupted();
            ranks.done.countDown();
        }
    }

    /** The ranks of one job: their runtimes and threads, the first failure, the end latch. */
    private static final class Ranks
    {
        final Rankwire[] runtimes;
        final Thread[] threads;
        final boolean[] inClose;
        final CountDownLatch done;
        final AtomicReference<Failure> failure = new AtomicReference<>();

        Ranks(final int n)
        {
            runtimes = new Rankwire[n];
            threads = new Thread[n];
            inClose = new boolean[n];
            done = new CountDownLatch(n);
        }

        synchronized void started(final int rank, final Rankwire rw)
        {
            runtimes[rank] = rw;
            if (failure.get() != null)
            {
                rw.abort("another rank failed");
            }
        }

        synchronized void closing(final int rank, final boolean closing)
        {
            inClose[rank] = closing;
        }

        void fail(final int rank, final Throwable t)
        {
            if (failure.compareAndSet(null, new Failure(rank, t)))
            {
                abortAll(rank < 0 ? "job timed out" : "rank " + rank + " failed");
            }
        }

        /** Aborts every runtime and wakes ranks waiting in close for the others. */
        synchronized void abortAll(final String reason)
        {
            for (int i = 0; i < runtimes.length; i++)
            {
                if (runtimes[i] != null)
                {
                    runtimes[i].abort(reason);
                }
                if (inClose[i] && threads[i] != Thread.currentThread())
                {
                    threads[i].interrupt();
                }
            }
        }
    }

    private static void joinAll(final Thread[] threads)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (final Thread t : threads)
        {
            try
            {
                final long left = deadline - System.nanoTime();
                t.join(Math.max(1, left / 1_000_000));
                if (t.isAlive())
                {
                    t.interrupt();
                    t.join(1_000);
                }
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static final class Failure
    {
        final int rank;
        final Throwable cause;

        Failure(final int rank, final Throwable cause)
        {
            this.rank = rank;
            this.cause = cause;
        }
    }
}
