package io.rankwire.jmh.sim;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.InMemoryBootstrap;

/**
 * A job of two ranks as threads of this JVM that outlives a benchmark's iterations (unlike
 * {@code LocalJob}, whose job ends when its bodies return). Rank 0 belongs to the caller (the
 * benchmark thread); rank 1 runs {@link Exchanges#partnerLoop} on its own daemon thread until
 * {@link #close()} stops it.
 */
public final class InJvmPair implements AutoCloseable
{
    private static final long JOIN_MS = TimeUnit.SECONDS.toMillis(30);

    private final Rankwire rank0;
    private final Exchanges.Role role;
    private final Thread partner;
    private final AtomicReference<Throwable> partnerFailure;

    private InJvmPair(final Rankwire rank0, final Exchanges.Role role, final Thread partner,
        final AtomicReference<Throwable> partnerFailure)
    {
        this.rank0 = rank0;
        this.role = role;
        this.partner = partner;
        this.partnerFailure = partnerFailure;
    }

    /** Starts both ranks over {@code config}'s transport; returns once both have wired up. */
    public static InJvmPair start(final RankwireConfig config, final Exchanges.Role role)
    {
        final String jobId = "bench-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final RankwireConfig c1 = config.copy().job(1, 2, jobId, secret).bootstrap(bootstrap.forRank(1));
        final Thread partner = new Thread(() -> runPartner(c1, role, failure), "rank-1-" + role);
        partner.setDaemon(true);
        partner.start();
        final Rankwire rank0 = Rankwire.init(config.copy().job(0, 2, jobId, secret).bootstrap(bootstrap.forRank(0)));
        return new InJvmPair(rank0, role, partner, failure);
    }

    /**
     * Starts both ranks (rank 1 starting on a second thread, since each blocks until the other
     * has started) and returns them, for a caller that drives both from one thread.
     */
    public static Rankwire[] startBoth(final RankwireConfig config) throws InterruptedException
    {
        final String jobId = "bench-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final Rankwire[] ranks = new Rankwire[2];
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread starter = new Thread(() ->
        {
            try
            {
                ranks[1] = Rankwire.init(config.copy().job(1, 2, jobId, secret).bootstrap(bootstrap.forRank(1)));
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "rank-1-init");
        starter.start();
        ranks[0] = Rankwire.init(config.copy().job(0, 2, jobId, secret).bootstrap(bootstrap.forRank(0)));
        starter.join(JOIN_MS);
        if (failure.get() != null || ranks[1] == null)
        {
            throw new IllegalStateException("rank 1 : not started (expected: started within " + JOIN_MS + " ms)", failure.get());
        }
        return ranks;
    }

    /** Closes two ranks started by {@link #startBoth} (each close waits for the other). */
    public static void closeBoth(final Rankwire[] ranks) throws InterruptedException
    {
        final Thread closer = new Thread(ranks[1]::close, "rank-1-close");
        closer.start();
        ranks[0].close();
        closer.join(JOIN_MS);
    }

    private static void runPartner(final RankwireConfig config, final Exchanges.Role role,
        final AtomicReference<Throwable> failure)
    {
        try (Rankwire rank1 = Rankwire.init(config))
        {
            Exchanges.partnerLoop(rank1.world(), role);
        }
        catch (final Throwable t)
        {
            failure.set(t);
        }
    }

    /** Rank 0, for the benchmark thread. */
    public Rankwire rank0()
    {
        return rank0;
    }

    /** Stops the partner's loop, closes both ranks and rethrows a partner failure if any. */
    @Override
    public void close() throws InterruptedException
    {
        try
        {
            Exchanges.stop(rank0.world(), role);
        }
        finally
        {
            rank0.close();
        }
        partner.join(JOIN_MS);
        if (partner.isAlive())
        {
            throw new IllegalStateException("partner " + partner.getName() + " : alive (expected: stopped within " + JOIN_MS + " ms)");
        }
        final Throwable t = partnerFailure.get();
        if (t != null)
        {
            throw new IllegalStateException("partner " + partner.getName() + " failed: " + t, t);
        }
    }
}
