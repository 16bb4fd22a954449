package io.rankwire.examples;

import io.rankwire.Comm;
import io.rankwire.RankStats;
import io.rankwire.Rankwire;
import io.rankwire.Request;

/**
 * Where receives get matched. Rank 0 sends batches of messages to rank 1 in five situations and
 * rank 1 prints, for each batch, how its counters ({@link Rankwire#stats()}) moved: receives the
 * NIC matched, arrivals software matched, and messages that arrived before their receive
 * (unexpected). On {@code sim}, whose simulated NIC matches tags, exact-tag receives of at least
 * {@code rankwire.offloadMinBytes} (1 KiB) that were posted in time are matched by the NIC; small
 * receives, wildcard ({@code ANY_SOURCE}) receives and late receives are matched in software. On
 * {@code tcp} everything is matched in software.
 *
 * <p>Arguments: {@code [messages per batch]} (default 16).
 */
public final class OffloadStats
{
    private static final int READY = 1_000;
    private static final int SMALL = 64;
    private static final int MEDIUM = 4 * 1024;
    private static final int LARGE = 64 * 1024;    // above the eager limit: rendezvous

    private OffloadStats()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.size() < 2)
            {
                throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2)");
            }
            final int batch = args.length > 0 ? Integer.parseInt(args[0]) : 16;
            if (world.rank() > 1)
            {
                return;
            }
            final Batches b = new Batches(rw, world, batch);
            if (world.rank() == 1)
            {
                System.out.printf("OffloadStats over %s: rank 1's counters per batch of %d messages from rank 0%n",
                    rw.config().transport(), batch);
                System.out.printf("%-34s %8s %12s %11s %11s%n", "batch", "size(B)", "nic_matched", "sw_matched", "unexpected");
            }
            b.preposted("pre-posted, exact tag", MEDIUM, 0);
            b.preposted("pre-posted, exact tag, small", SMALL, 0);
            b.preposted("pre-posted, exact tag, rendezvous", LARGE, 0);
            b.preposted("pre-posted, ANY_SOURCE", MEDIUM, Comm.ANY_SOURCE);
            b.late("posted after the messages arrived", MEDIUM);
            if (world.rank() == 1)
            {
                final RankStats s = rw.stats();
                System.out.printf("totals: nic_matched=%d sw_matched=%d unexpected=%d unexpected_bytes_high_water=%d (bound %d)%n",
                    s.hardwareMatches(), s.softwareMatches(), s.unexpectedMessages(),
                    s.unexpectedBytesHighWater(), s.unexpectedBytesBound());
            }
        }
    }

    /** Runs one batch at a time; rank 1 prints how its counters moved. */
    private static final class Batches
    {
        private final Rankwire rw;
        private final Comm world;
        private final int count;
        private final byte[] buf = new byte[LARGE];
        private final Request[] requests;
        private int nextTag;

        Batches(final Rankwire rw, final Comm world, final int count)
        {
            this.rw = rw;
            this.world = world;
            this.count = count;
            this.requests = new Request[count];
        }

        /** Rank 1 posts its receives, then tells rank 0 to send. */
        void preposted(final String name, final int size, final int source)
        {
            final int firstTag = nextTag;
            nextTag += count;
            if (world.rank() == 0)
            {
                world.recv(buf, 0, 0, 1, READY);
                sendAll(firstTag, size);
                return;
            }
            final RankStats before = rw.stats();
            for (int i = 0; i < count; i++)
            {
                // Each receive has its own buffer region, as a real application's would.
                requests[i] = world.irecv(new byte[size], 0, size, source, firstTag + i);
            }
            world.send(buf, 0, 0, 0, READY);
            Request.waitAll(requests);
            print(name, size, before, rw.stats());
        }

        /** Rank 0 sends first; rank 1 posts its receives only once every message is there. */
        void late(final String name, final int size)
        {
            final int firstTag = nextTag;
            nextTag += count;
            if (world.rank() == 0)
            {
                world.recv(buf, 0, 0, 1, READY);
                sendAll(firstTag, size);
                return;
            }
            final RankStats before = rw.stats();
            world.send(buf, 0, 0, 0, READY);
            world.probe(0, firstTag + count - 1);          // the last one is in: so are the others
            for (int i = 0; i < count; i++)
            {
                requests[i] = world.irecv(new byte[size], 0, size, 0, firstTag + i);
            }
            Request.waitAll(requests);
            print(name, size, before, rw.stats());
        }

        private void sendAll(final int firstTag, final int size)
        {
            for (int i = 0; i < count; i++)
            {
                requests[i] = world.isend(buf, 0, size, 1, firstTag + i);
            }
            Request.waitAll(requests);
        }

        private static void print(final String name, final int size, final RankStats before, final RankStats after)
        {
            System.out.printf("%-34s %8d %12d %11d %11d%n", name, size,
                after.hardwareMatches() - before.hardwareMatches(),
                after.softwareMatches() - before.softwareMatches(),
                after.unexpectedMessages() - before.unexpectedMessages());
        }
    }
}
