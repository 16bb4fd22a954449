package io.rankwire.sim.stress;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import io.rankwire.Comm;

/**
 * One random round of traffic, derived from a seed alone so that every rank builds the same one:
 * messages (source, destination, communicator, tag, size; eager and rendezvous sizes) in each
 * sender's program order, and each rank's receives in posting order (one per message addressed
 * to it, with ANY_SOURCE and ANY_TAG drawn at random, plus a few that may match nothing),
 * shuffled. Wildcards mean a receive may take a message meant for another; those left over are
 * drained afterwards.
 */
final class StressRound
{
    /** A message: {@code id} indexes {@link #messages}. */
    static final class Msg
    {
        final int id;
        final int src;
        final int dst;
        final int comm;
        final int tag;
        final int size;

        Msg(final int id, final int src, final int dst, final int comm, final int tag, final int size)
        {
            this.id = id;
            this.src = src;
            this.dst = dst;
            this.comm = comm;
            this.tag = tag;
            this.size = size;
        }

        @Override
        public String toString()
        {
            return "msg" + id + "{" + src + "->" + dst + " comm " + comm + " tag " + tag + " " + size + " B}";
        }
    }

    /** A receive: source and tag may be wildcards. */
    static final class Recv
    {
        final int comm;
        final int source;
        final int tag;

        Recv(final int comm, final int source, final int tag)
        {
            this.comm = comm;
            this.source = source;
            this.tag = tag;
        }

        @Override
        public String toString()
        {
            return "recv{comm " + comm + " src " + (source == Comm.ANY_SOURCE ? "*" : source) +
                " tag " + (tag == Comm.ANY_TAG ? "*" : tag) + "}";
        }
    }

    static final int TAGS = 4;

    final long seed;
    final int comms;
    final int capacity;
    final List<Msg> messages = new ArrayList<>();
    final List<List<Recv>> recvs = new ArrayList<>();

    StressRound(final long seed, final int ranks, final int comms, final int eagerLimit)
    {
        this.seed = seed;
        this.comms = comms;
        this.capacity = 3 * eagerLimit + 64;
        final Random r = new Random(seed);
        final int count = 2 + r.nextInt(4 * ranks);
        for (int i = 0; i < count; i++)
        {
            messages.add(new Msg(i, r.nextInt(ranks), r.nextInt(ranks), r.nextInt(comms), r.nextInt(TAGS),
                size(r, eagerLimit)));
        }
        for (int d = 0; d < ranks; d++)
        {
            recvs.add(new ArrayList<>());
        }
        for (final Msg m : messages)
        {
            recvs.get(m.dst).add(new Recv(m.comm,
                r.nextInt(10) < 3 ? Comm.ANY_SOURCE : m.src,
                r.nextInt(10) < 3 ? Comm.ANY_TAG : m.tag));
        }
        for (int d = 0; d < ranks; d++)
        {
            final List<Recv> mine = recvs.get(d);
            for (int extra = r.nextInt(3); extra > 0; extra--)
            {
                mine.add(new Recv(r.nextInt(comms), r.nextInt(ranks), r.nextInt(TAGS)));
            }
            Collections.shuffle(mine, r);
        }
    }

    private static int size(final Random r, final int eagerLimit)
    {
        final int kind = r.nextInt(10);
        if (kind < 4)
        {
            return 8 + r.nextInt(57);
        }
        if (kind < 7)
        {
            return 65 + r.nextInt(Math.max(1, eagerLimit - 64));
        }
        if (kind < 8)
        {
            return Math.max(8, eagerLimit);
        }
        return eagerLimit + 1 + r.nextInt(2 * eagerLimit);
    }

    /** The payload of {@code m}: its id, then bytes derived from the round's seed and the id. */
    byte[] payload(final Msg m)
    {
        final byte[] b = new byte[m.size];
        final Random r = new Random(seed * 1_000_003L + m.id);
        r.nextBytes(b);
        b[0] = (byte)(m.id >>> 24);
        b[1] = (byte)(m.id >>> 16);
        b[2] = (byte)(m.id >>> 8);
        b[3] = (byte)m.id;
        return b;
    }

    static int idOf(final byte[] payload)
    {
        return ((payload[0] & 0xFF) << 24) | ((payload[1] & 0xFF) << 16) | ((payload[2] & 0xFF) << 8) | (payload[3] & 0xFF);
    }
}
