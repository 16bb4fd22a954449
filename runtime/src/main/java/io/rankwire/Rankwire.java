package io.rankwire;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.bootstrap.RankClaims;
import io.rankwire.core.Contexts;
import io.rankwire.core.Engine;
import io.rankwire.core.ProgressAgent;
import io.rankwire.core.ProgressThread;
import io.rankwire.progress.Wakeup;
import io.rankwire.proto.Group;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.BootstrapException;
import io.rankwire.spi.TransportException;
import io.rankwire.spi.TransportProvider;

/**
 * One rank of a Rankwire job: the runtime's entry point.
 *
 * <pre>{@code
 * try (Rankwire rw = Rankwire.init(args))
 * {
 *     Comm world = rw.world();
 *     ...
 * }
 * }</pre>
 *
 * <p>{@link #init(String[])} and {@link #init(RankwireConfig)} block until every rank of the job
 * has started (wire-up). {@link #close()} blocks until every rank has reached it, then fails
 * whatever is still pending and closes the transport. A rank that ends without {@link #close()}
 * (its {@code main} returns, its process exits) fails the job, as a process that exits without
 * {@code MPI_Finalize} does under {@code mpirun}: the other ranks' operations on it fail with
 * {@link Status#PEER_FAILED}, their {@code close()} fails at once, and {@code rwrun} exits
 * non-zero saying which rank ended without closing.
 *
 * <p>JVMs that embed Rankwire need {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}
 * (Agrona's buffers use it; {@code =org.agrona} when Agrona is on the module path):
 * {@code init} checks it first and fails with an {@code IllegalStateException} naming the option.
 */
public final class Rankwire implements AutoCloseable, ObservedRank
{
    /** How long {@link #close()} waits for the other ranks when it is called as an exception leaves try-with-resources. */
    static final long UNWINDING_CLOSE_MILLIS = 2_000;

    private final RankwireConfig config;
    private final Bootstrap bootstrap;
    private final Transport transport;
    private final Engine engine;
    private final Contexts contexts;
    private final Comm world;
    private final RankClaims.Claim claim;
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile ProgressThread progressThread;
    private volatile RankObservers observers;

    private Rankwire(
        final RankwireConfig config,
        final Bootstrap bootstrap,
        final Transport transport,
        final Wakeup wakeup,
        final RankClaims.Claim claim)
    {
        this.config = config;
        this.claim = claim;
        this.bootstrap = bootstrap;
        this.transport = transport;
        this.engine = new Engine(transport, config.engineSettings(), config.rank(), config.size(), wakeup, Requests.FACTORY,
            Requests.FAILURES);
        this.contexts = new Contexts(engine, config.timeout().toNanos());
        this.world = new Comm(this, Group.world(config.size(), config.rank()));
    }

    /**
     * Starts this rank of a job launched by {@code rwrun} (rank, size, job id, secret, transport
     * and settings come from the launcher's environment). A process started without the launcher
     * runs as a job of one rank with the configuration from system properties. Blocks until every
     * rank has started.
     *
     * @param args the program's arguments (not interpreted; accepted for symmetry with MPI_Init)
     */
    public static Rankwire init(final String[] args)
    {
        JdkAccess.check();
        return init(JobConfigs.fromEnvironment());
    }

    /**
     * Starts a rank like {@link #init(String[])}, with {@code defaults} ({@code rankwire.*}
     * settings) in effect unless the environment sets the same key: a system property or a
     * launcher setting ({@code rwrun -x}) wins. For bindings that know more than the defaults do,
     * e.g. {@code MPI.InitThread} asking for {@code THREAD_FUNNELED}.
     */
    public static Rankwire init(final String[] args, final java.util.Map<String, String> defaults)
    {
        JdkAccess.check();
        final RankwireConfig config;
        try
        {
            config = JobConfigs.fromEnvironment(defaults);
        }
        catch (final BootstrapException e)
        {
            throw new RankwireException(e.getMessage(), e);
        }
        return init(config);
    }

    /**
     * Starts a rank from an explicit configuration (rank, size, job id, secret and bootstrap set
     * with {@link RankwireConfig#job} and {@link RankwireConfig#bootstrap}; without a bootstrap,
     * a job of one rank). Blocks until every rank has started.
     *
     * @throws IllegalArgumentException for an unknown {@code rankwire.*} setting or a bad value,
     *                                  naming the key ({@link SettingsCheck})
     * @throws IllegalStateException if this rank of this job is already initialized in this JVM
     *                               and not closed (refused before anything is opened)
     * @throws RankwireException     if the transport cannot wire up (a port taken, a peer out of reach)
     */
    public static Rankwire init(final RankwireConfig config)
    {
        JdkAccess.check();
        final RankwireConfig c = config.copy().conclude();
        SettingsCheck.onClassPath().check(c.settings(), c.size());
        RankObservers.beforeStart(c);
        final RankClaims.Claim claim = RankClaims.claim(c.jobId(), c.rank());
        try
        {
            return start(c, claim);
        }
        catch (final TransportException | BootstrapException e)
        {
            claim.close();
            throw new RankwireException(e.getMessage(), e);
        }
        catch (final RuntimeException | Error e)
        {
            claim.close();
            throw e;
        }
    }

    private static Rankwire start(final RankwireConfig c, final RankClaims.Claim claim)
    {
        Bootstrap b = c.bootstrap();
        if (b == null)
        {
            if (c.size() != 1)
            {
                throw new IllegalArgumentException("bootstrap : null (expected: a bootstrap for a job of " + c.size() + " ranks)");
            }
            b = new InMemoryBootstrap(1).forRank(0);
        }
        final TransportProvider provider = provider(c.transport());
        final Wakeup wakeup = new Wakeup();
        final TransportContext ctx = new TransportContext(
            c.rank(), c.size(), c.jobId(), c.secret(), b, c.settings(), wakeup::wake);
        final Transport transport = provider.open(ctx);
        Rankwire rw = null;
        try
        {
            rw = new Rankwire(c, b, transport, wakeup, claim);
            b.join(rw.engine::peerExited, rw::peerAborted); // from now on, ending without close() fails the job
            rw.engine.start();
        }
        catch (final RuntimeException | Error e)
        {
            if (rw != null)
            {
                rw.engine.shutdown("failed to start");
            }
            else
            {
                transport.close();
            }
            throw e;
        }
        if (c.progressThread())
        {
            rw.progressThread = new ProgressThread(rw.engine, "rankwire-progress-" + c.rank()).start();
        }
        rw.observers = RankObservers.started(rw, c);
        return rw;
    }

    private static TransportProvider provider(final String name)
    {
        final StringBuilder known = new StringBuilder();
        for (final TransportProvider p : ServiceLoader.load(TransportProvider.class))
        {
            if (p.name().equals(name))
            {
                return p;
            }
            known.append(known.length() == 0 ? "" : ", ").append(p.name());
        }
        throw new IllegalArgumentException(RankwireConfig.TRANSPORT_PROP + " : '" + name +
            "' (expected: one of [" + known + "] found on the class path)");
    }

    /**
     * This rank's progress as an Agrona {@code Agent}, for applications that run their own agent
     * threads (an {@code AgentRunner}, or a {@code CompositeAgent} beside their own work): its
     * {@code doWork()} advances rendezvous, ssend and control traffic while no thread of the
     * application is inside a Rankwire call, never blocks, and returns the work done. An
     * alternative to {@code rankwire.progressThread=true}; needs the default thread level.
     */
    public org.agrona.concurrent.Agent progressAgent()
    {
        return new ProgressAgent(engine, "rankwire-progress-" + rank());
    }

    /** The communicator of all ranks of the job. */
    public Comm world()
    {
        return world;
    }

    /** This rank in the job. */
    public int rank()
    {
        return engine.rank();
    }

    /** The number of ranks in the job. */
    public int size()
    {
        return engine.size();
    }

    /** The configuration in effect. */
    public RankwireConfig config()
    {
        return config.copy();
    }

    /**
     * The eager limit in effect: payloads up to this many bytes may be sent eagerly to any rank.
     * When ranks are reached through different transports (shared memory within a host, TCP
     * across hosts) it is the smallest of their limits; a peer behind a transport with a larger
     * limit takes larger eager payloads too.
     */
    public int eagerLimit()
    {
        return engine.eagerLimit();
    }

    /**
     * The name of the transport that carries this rank's messages to world rank {@code rank}, e.g.
     * {@code shm} or {@code tcp} (with {@code auto} each peer gets its own), or the configured
     * transport's name when the transport does not say.
     */
    public String transportOf(final int rank)
    {
        if (rank < 0 || rank >= size())
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size() - 1) + ")");
        }
        final String name = transport.transportOf(rank);
        return name != null ? name : config.transport();
    }

    /** Eager payload bytes this rank currently buffers for unexpected messages. */
    public long unexpectedBytes()
    {
        return engine.counters().unexpectedBytes;
    }

    /** The most eager payload bytes this rank ever buffered for unexpected messages. */
    public long unexpectedBytesHighWater()
    {
        return engine.counters().unexpectedBytesHighWater;
    }

    /** The flow-control bound on {@link #unexpectedBytes()}. */
    public long unexpectedBytesBound()
    {
        return engine.counters().unexpectedBytesBound;
    }

    /**
     * A direct buffer of {@code capacity} bytes in the memory this rank's transport moves fastest,
     * like {@code MPI_Alloc_mem}: over {@code shm}, the rank's shared heap, which the other ranks
     * of the host read directly, so a large message sent from it takes one copy instead of two.
     * When the transport has no such memory (or none left) it is an ordinary direct buffer. Give
     * it back with {@link #free(ByteBuffer)} when done; any thread.
     *
     * @param capacity bytes, {@code >= 0}
     * @return a buffer with position 0 and limit {@code capacity}, in native byte order
     */
    public ByteBuffer allocate(final int capacity)
    {
        if (capacity < 0)
        {
            throw new IllegalArgumentException("capacity : " + capacity + " (expected: >= 0)");
        }
        final ByteBuffer b = engine.isClosed() ? null : transport.allocate(capacity);
        return (b != null ? b : ByteBuffer.allocateDirect(capacity)).order(java.nio.ByteOrder.nativeOrder());
    }

    /**
     * Gives back a buffer {@link #allocate(int)} returned, like {@code MPI_Free_mem}; it must not be
     * used afterwards (nor any view of it). A buffer that did not come from the transport is left
     * to the garbage collector. Any thread.
     */
    public void free(final ByteBuffer buffer)
    {
        java.util.Objects.requireNonNull(buffer, "buffer");
        transport.free(buffer);
    }

    /**
     * A snapshot of this rank's counters (messages and bytes, unexpected memory, matches, flow
     * control, active operations). The same counters are the attributes of the rank's MBean,
     * {@code io.rankwire:type=Rank,rank=N} in the platform MBean server, from init to close
     * (unless {@code rankwire.jmx=false}).
     */
    public RankStats stats()
    {
        return RankStats.of(engine.counters());
    }

    Engine engine()
    {
        return engine;
    }

    Contexts contexts()
    {
        return contexts;
    }

    /**
     * Finalizes this rank: tells every peer it finalizes (a FINALIZE notice after everything this
     * rank sent it, which fails the peer's receives that only this rank could satisfy), waits (up
     * to {@code rankwire.bootstrapTimeout}) until every rank has called close, still answering
     * peers meanwhile, then fails whatever is pending with
     * {@link Status#CLOSED} and closes the transport. Idempotent.
     * <p>
     * Called while an exception leaves a try-with-resources statement (the rank is failing), it
     * waits at most {@value #UNWINDING_CLOSE_MILLIS} ms for the other ranks: those waiting on this
     * rank fail at once (the FINALIZE notice) and arrive within that time, but those busy with
     * each other may never arrive, and the exception, which ends the rank and so the job, must
     * not wait for them.
     *
     * @throws RankwireException if the other ranks did not arrive in time (resources are released anyway)
     */
    @Override
    public void close()
    {
        if (!closing.compareAndSet(false, true))
        {
            return;
        }
        RankwireException failure = null;
        if (size() > 1 && !engine.isClosed())
        {
            engine.finalizeNotice();
            final ProgressThread helper = progressThread == null ?
                new ProgressThread(engine, "rankwire-finalize-" + rank()).start() : null;
            try
            {
                final Duration limit = config.bootstrapTimeout();
                bootstrap.barrier(UnwindingClose.fromExceptionHandler(Rankwire.class) ?
                    Duration.ofMillis(Math.min(UNWINDING_CLOSE_MILLIS, limit.toMillis())) : limit);
            }
            catch (final BootstrapException e)
            {
                failure = new RankwireException(e.getMessage(), e);
            }
            finally
            {
                if (helper != null)
                {
                    helper.stop();
                }
            }
        }
        final RankObservers o = observers;
        if (o != null)
        {
            o.closing(this, bootstrap);
        }
        bootstrap.leave();
        stopProgressThread();
        engine.shutdown("closed");
        claim.close();
        if (o != null)
        {
            o.closed();
        }
        if (failure != null)
        {
            throw new RankwireException("rank " + rank() + ": close: " + failure.getMessage(), failure);
        }
    }

    /**
     * Aborts the whole job with {@code errorCode}, like {@code MPI_Abort}: tells the job (the other
     * ranks and {@code rwrun}, which ends them and exits with {@code errorCode}), closes this rank's
     * connections in order (so no peer mistakes the end for a crash), and ends the process with
     * {@code errorCode}. Does not return. Where ranks share one JVM as threads ({@link LocalJob},
     * {@code rwrun --transport sim}) it ends only this rank, by throwing. Any thread.
     *
     * @throws RankwireException only where ranks share the JVM: naming the rank and the code
     */
    public void abort(final int errorCode)
    {
        final String reason = "rank " + rank() + " aborted the job with error code " + errorCode;
        bootstrap.abort(errorCode);
        abort(reason);
        if (size() > 1 && InMemoryBootstrap.isInMemory(bootstrap))
        {
            throw new RankwireException(reason);
        }
        System.out.flush();
        System.err.flush();
        System.exit(errorCode);
    }

    /** Another rank aborted the job: this rank's connections close in order, its pending calls fail. */
    private void peerAborted(final int rank, final int errorCode)
    {
        abort("rank " + rank + " aborted the job with error code " + errorCode);
    }

    /** Closes at once without waiting for other ranks (a failed job). Idempotent; any thread. */
    void abort(final String reason)
    {
        closing.set(true);
        stopProgressThread();
        engine.shutdownFromAnyThread(reason);
        claim.close();
        final RankObservers o = observers;
        if (o != null)
        {
            o.closed();
        }
    }

    private void stopProgressThread()
    {
        final ProgressThread p = progressThread;
        if (p != null)
        {
            progressThread = null;
            p.stop();
        }
    }

    @Override
    public String toString()
    {
        return "Rankwire{rank=" + rank() + ", size=" + size() + ", transport=" + config.transport() + '}';
    }
}
