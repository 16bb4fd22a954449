package io.rankwire.sim;

import java.util.Objects;

import org.agrona.collections.Long2LongHashMap;

/**
 * A fabric of simulated tag-matching NICs, one per rank, in one JVM. Ranks of a job opened
 * through {@link SimTransportProvider} share one fabric found by job id; tests may create one
 * directly and drive it:
 *
 * <pre>{@code
 * SimFabric fabric = SimFabric.create(2, new SimConfig().mode(SimConfig.Mode.SCHEDULED).seed(7));
 * SimTransport a = fabric.open(0), b = fabric.open(1);
 * ... post work on a and b ...
 * fabric.runUntilIdle();          // scheduled mode: execute every pending event
 * b.poll(handler, 16);
 * }</pre>
 *
 * In inline mode every post takes effect at once on the posting thread and {@link #step()} has
 * nothing to do. In scheduled mode posts become events at virtual times drawn from the seeded
 * random source; {@link #step()}, {@link #runUntilIdle()} and each transport's {@code poll}
 * (up to {@code eventsPerPoll} events) execute them.
 */
public final class SimFabric
{
    private final SimConfig config;
    private final int size;
    private final SimNic[] nics;
    private final SimTransport[] transports;
    private final MessagePool pool;
    private final EventScheduler scheduler;
    private final Long2LongHashMap lastArrival = new Long2LongHashMap(0);
    private final long[] lastOp;
    private final boolean[] signalPending;
    private boolean anySignalPending;
    private int closedCount;
    private Runnable onAllClosed = () -> { };

    private SimFabric(final int size, final SimConfig config)
    {
        this.config = config;
        this.size = size;
        this.pool = new MessagePool(Math.max(64, 16 * size), config.maxMessageSize());
        this.scheduler = config.mode() == SimConfig.Mode.SCHEDULED ? new EventScheduler(config.seed()) : null;
        this.lastOp = new long[size];
        this.signalPending = new boolean[size];
        this.nics = new SimNic[size];
        this.transports = new SimTransport[size];
        for (int i = 0; i < size; i++)
        {
            nics[i] = new SimNic(i, this, config);
        }
    }

    /** A fabric of {@code size} NICs configured by {@code config} (validated here). */
    public static SimFabric create(final int size, final SimConfig config)
    {
        if (size < 1 || size > (1 << 20))
        {
            throw new IllegalArgumentException("size : " + size + " (expected: 1.." + (1 << 20) + ")");
        }
        return new SimFabric(size, Objects.requireNonNull(config, "config").conclude());
    }

    public int size()
    {
        return size;
    }

    public SimConfig config()
    {
        return config;
    }

    /** Opens rank {@code rank}'s endpoint, with no wake-up signal. */
    public SimTransport open(final int rank)
    {
        return open(rank, () -> { });
    }

    /**
     * Opens rank {@code rank}'s endpoint; {@code signal} runs after completions are published
     * for it from any thread.
     *
     * @throws IllegalStateException when the rank is already open
     */
    public synchronized SimTransport open(final int rank, final Runnable signal)
    {
        checkRank(rank);
        if (transports[rank] != null)
        {
            throw new IllegalStateException("rank : " + rank + " (expected: not yet open on this fabric)");
        }
        nics[rank].signal(Objects.requireNonNull(signal, "signal"));
        final SimTransport t = new SimTransport(this, nics[rank]);
        transports[rank] = t;
        return t;
    }

    /** A snapshot of rank {@code rank}'s NIC counters. */
    public SimCounters counters(final int rank)
    {
        checkRank(rank);
        return nics[rank].counters();
    }

    /** Scheduled mode: runs the earliest pending event; false when none (always in inline mode). */
    public boolean step()
    {
        if (scheduler == null)
        {
            return false;
        }
        final boolean ran = scheduler.step();
        fireSignals();
        return ran;
    }

    /** Scheduled mode: runs events until none is pending; returns how many ran. */
    public long runUntilIdle()
    {
        long n = 0;
        while (step())
        {
            n++;
        }
        return n;
    }

    /** Scheduled mode: the virtual time in nanoseconds (0 in inline mode). */
    public long now()
    {
        return scheduler == null ? 0 : scheduler.now();
    }

    /** Scheduled mode: events waiting to run. */
    public int pendingEvents()
    {
        return scheduler == null ? 0 : scheduler.pending();
    }

    private void checkRank(final int rank)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
    }

    synchronized void onAllClosed(final Runnable action)
    {
        this.onAllClosed = action;
    }

    void closed(final SimNic nic)
    {
        nic.close();
        final Runnable action;
        synchronized (this)
        {
            if (++closedCount < size)
            {
                return;
            }
            action = onAllClosed;
        }
        action.run();
    }

    SimNic nic(final int rank)
    {
        return nics[rank];
    }

    MessagePool pool()
    {
        return pool;
    }

    boolean isScheduled()
    {
        return scheduler != null;
    }

    /** Scheduled mode: lets a poller execute events so ranks run by threads make progress. */
    void progress()
    {
        if (scheduler != null && config.eventsPerPoll() > 0)
        {
            scheduler.run(config.eventsPerPoll());
            fireSignals();
        }
    }

    /**
     * Wakes rank {@code nic}'s engine. Inline mode: at once. Scheduled mode: marked, and run by
     * {@link #fireSignals()} outside the scheduler's monitor, so a signal that takes a lock
     * cannot deadlock with an engine posting work.
     */
    void signal(final SimNic nic)
    {
        if (scheduler == null)
        {
            nic.signal();
            return;
        }
        synchronized (scheduler)
        {
            signalPending[nic.rank()] = true;
            anySignalPending = true;
        }
    }

    private void fireSignals()
    {
        synchronized (scheduler)
        {
            if (!anySignalPending)
            {
                return;
            }
            anySignalPending = false;
        }
        for (int r = 0; r < size; r++)
        {
            final boolean pending;
            synchronized (scheduler)
            {
                pending = signalPending[r];
                signalPending[r] = false;
            }
            if (pending)
            {
                nics[r].signal();
            }
        }
    }

    /** Puts {@code m} on its wire: delivered now (inline) or after latency and jitter (scheduled). */
    void transmit(final WireMessage m)
    {
        if (scheduler == null)
        {
            deliver(m);
            return;
        }
        synchronized (scheduler)
        {
            final long wire = (long)m.source * size + m.destination;
            final long t = Math.max(
                scheduler.now() + config.latencyNanos() + scheduler.jitter(config.jitterNanos()),
                lastArrival.get(wire));
            lastArrival.put(wire, t);
            scheduler.at(t, () -> deliver(m));
            signal(nics[m.destination]);
        }
        fireSignalsUnlessRunning();
    }

    /** Fires marked signals unless this thread is executing an event (the runner fires them). */
    private void fireSignalsUnlessRunning()
    {
        if (!Thread.holdsLock(scheduler))
        {
            fireSignals();
        }
    }

    private void deliver(final WireMessage m)
    {
        if (!deliverNow(m))
        {
            pool.release(m);
        }
    }

    /**
     * Delivers {@code m} to its NIC at once. Returns true when the NIC kept it (it waits for an
     * SRQ buffer, or has already been recycled by a retry); false when the caller still owns it.
     */
    boolean deliverNow(final WireMessage m)
    {
        final SimNic dst = nics[m.destination];
        final boolean kept = dst.arrive(m);
        dst.flushOutbox();
        signal(dst);
        return kept;
    }

    /** Scheduled mode: runs a list operation of {@code nic} after the op delay, in FIFO order. */
    void scheduleOp(final SimNic nic, final Runnable op)
    {
        synchronized (scheduler)
        {
            final int r = nic.rank();
            final long t = Math.max(
                scheduler.now() + config.opDelayNanos() + scheduler.jitter(config.jitterNanos()),
                lastOp[r]);
            lastOp[r] = t;
            scheduler.at(t, () ->
            {
                op.run();
                nic.flushOutbox();
                signal(nic);
            });
            signal(nic);
        }
        fireSignalsUnlessRunning();
    }

    /** Scheduled mode: finishes a matched rendezvous after the read delay. */
    void scheduleRead(final RndvRead read)
    {
        synchronized (scheduler)
        {
            scheduler.at(scheduler.now() + config.readNanos() + scheduler.jitter(config.jitterNanos()), () ->
            {
                read.nic.finishRendezvous(read);
                read.nic.flushOutbox();
                signal(read.nic);
            });
        }
    }

    /** Scheduled mode: runs {@code action} after a round trip plus the read delay. */
    void scheduleRemoteRead(final SimNic nic, final Runnable action)
    {
        synchronized (scheduler)
        {
            scheduler.at(scheduler.now() + 2 * config.latencyNanos() + config.readNanos() +
                scheduler.jitter(config.jitterNanos()), () ->
                {
                    action.run();
                    signal(nic);
                });
            signal(nic);
        }
        fireSignalsUnlessRunning();
    }
}
