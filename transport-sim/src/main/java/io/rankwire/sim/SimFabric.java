package io.rankwire.sim;

import java.util.Objects;

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
 *
 * <p>The fabric makes every NIC and the wires between them ({@code Wires}), and hands them, and the
 * endpoints it opens, one {@code FabricContext}; none of them holds the fabric.
 */
public final class SimFabric
{
    private final int size;
    private final SimNic[] nics;
    private final SimTransport[] transports;
    private final Wires wires;
    private final FabricContext context;
    private int closedCount;
    private Runnable onAllClosed = () -> { };

    private SimFabric(final int size, final SimConfig config)
    {
        this.size = size;
        this.nics = new SimNic[size];
        this.transports = new SimTransport[size];
        final MessagePool pool = new MessagePool(Math.max(64, 16 * size), config.maxMessageSize());
        this.wires = new Wires(config, nics, pool);
        this.context = new FabricContext(config, nics, pool, wires);
        for (int i = 0; i < size; i++)
        {
            nics[i] = new SimNic(i, context);
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
        final SimNic nic = nics[rank];
        nic.signal(Objects.requireNonNull(signal, "signal"));
        final SimTransport t = new SimTransport(context, nic, () -> closed(nic));
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
        return wires.step();
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
        return wires.now();
    }

    /** Scheduled mode: events waiting to run. */
    public int pendingEvents()
    {
        return wires.pendingEvents();
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

    /** {@code nic}'s endpoint closed: the NIC drops what arrives from now on; the last one runs {@link #onAllClosed}'s action. */
    private void closed(final SimNic nic)
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
}
