package io.rankwire.sim;

import org.agrona.collections.Long2LongHashMap;

/**
 * The wires of a {@link SimFabric} and, in scheduled mode, its clock: how a message gets from one
 * NIC to another and when delayed NIC work runs. In inline mode a message is delivered on the
 * posting thread and nothing is ever scheduled. In scheduled mode every transmission, list
 * operation and read becomes an event of the seeded {@link EventScheduler}, at a virtual time
 * drawn from the configured latency, delays and jitter; events of one wire, and list operations
 * of one NIC, keep their order.
 *
 * <p>Wake-ups of a rank's engine follow delivered work: at once inline; in scheduled mode marked
 * under the scheduler's monitor and run outside it ({@link #fireSignals()}), so a signal that
 * takes a lock cannot deadlock with an engine posting work.
 */
final class Wires
{
    private final SimConfig config;
    private final int size;
    private final SimNic[] nics;
    private final MessagePool pool;
    /** Null in inline mode. */
    private final EventScheduler scheduler;
    private final Long2LongHashMap lastArrival = new Long2LongHashMap(0);
    private final long[] lastOp;
    private final boolean[] signalPending;
    private boolean anySignalPending;

    /** Wires between the NICs of {@code nics} (filled by the fabric before any message moves). */
    Wires(final SimConfig config, final SimNic[] nics, final MessagePool pool)
    {
        this.config = config;
        this.size = nics.length;
        this.nics = nics;
        this.pool = pool;
        this.scheduler = config.mode() == SimConfig.Mode.SCHEDULED ? new EventScheduler(config.seed()) : null;
        this.lastOp = new long[size];
        this.signalPending = new boolean[size];
    }

    /** Scheduled mode: runs the earliest pending event; false when none (always in inline mode). */
    boolean step()
    {
        if (scheduler == null)
        {
            return false;
        }
        final boolean ran = scheduler.step();
        fireSignals();
        return ran;
    }

    /** Scheduled mode: the virtual time in nanoseconds (0 in inline mode). */
    long now()
    {
        return scheduler == null ? 0 : scheduler.now();
    }

    /** Scheduled mode: events waiting to run. */
    int pendingEvents()
    {
        return scheduler == null ? 0 : scheduler.pending();
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
    private void signal(final SimNic nic)
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

    /** Scheduled mode: finishes a rendezvous {@code nic} matched, after the read delay. */
    void scheduleRead(final SimNic nic, final RndvRead read)
    {
        synchronized (scheduler)
        {
            scheduler.at(scheduler.now() + config.readNanos() + scheduler.jitter(config.jitterNanos()), () ->
            {
                nic.finishRendezvous(read);
                nic.flushOutbox();
                signal(nic);
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
