package io.rankwire.match;

import java.util.ArrayList;
import java.util.List;

/**
 * An obviously correct matcher for differential tests and benchmarks: two plain lists in MPI
 * order, scanned linearly. A receive takes the earliest-arrived matching message; a message
 * takes the earliest-posted matching receive. No pools, no hashing, no offload.
 */
public final class ReferenceMatcher
{
    /** A posted receive; {@link #matched} is set once a message matched it. */
    public static final class Recv
    {
        public final int id;
        public final long tag;
        public final long mask;
        public final int capacity;
        public Msg matched;

        Recv(final int id, final long tag, final long mask, final int capacity)
        {
            this.id = id;
            this.tag = tag;
            this.mask = mask;
            this.capacity = capacity;
        }

        /** True when the matched message is longer than the receive's capacity. */
        public boolean truncated()
        {
            return matched != null && matched.length > capacity;
        }

        @Override
        public String toString()
        {
            return "Recv#" + id;
        }
    }

    /** An arrived message; {@link #matched} is set once a receive took it. */
    public static final class Msg
    {
        public final int id;
        public final long tag;
        public final int length;
        public Recv matched;

        Msg(final int id, final long tag, final int length)
        {
            this.id = id;
            this.tag = tag;
            this.length = length;
        }

        @Override
        public String toString()
        {
            return "Msg#" + id;
        }
    }

    private final List<Recv> posted = new ArrayList<>();
    private final List<Msg> unexpected = new ArrayList<>();
    private int nextRecvId;
    private int nextMsgId;

    /** Posts a receive with the next receive id; see {@link #post(int, long, long, int)}. */
    public Recv post(final long tag, final long mask, final int capacity)
    {
        return post(nextRecvId++, tag, mask, capacity);
    }

    /**
     * Posts a receive: it takes the earliest-arrived matching unexpected message (then
     * {@link Recv#matched} is set and the receive is not queued), or it is queued last.
     */
    public Recv post(final int id, final long tag, final long mask, final int capacity)
    {
        final Recv recv = new Recv(id, tag, mask, capacity);
        for (int i = 0; i < unexpected.size(); i++)
        {
            final Msg msg = unexpected.get(i);
            if (Envelope.matches(msg.tag, tag, mask))
            {
                unexpected.remove(i);
                recv.matched = msg;
                msg.matched = recv;
                return recv;
            }
        }
        posted.add(recv);
        return recv;
    }

    /** A message arrives with the next message id; see {@link #arrive(int, long, int)}. */
    public Msg arrive(final long tag, final int length)
    {
        return arrive(nextMsgId++, tag, length);
    }

    /**
     * A message arrives: it takes the earliest-posted matching receive (then {@link Msg#matched}
     * is set), or it is queued last as unexpected.
     */
    public Msg arrive(final int id, final long tag, final int length)
    {
        final Msg msg = new Msg(id, tag, length);
        for (int i = 0; i < posted.size(); i++)
        {
            final Recv recv = posted.get(i);
            if (Envelope.matches(tag, recv.tag, recv.mask))
            {
                posted.remove(i);
                recv.matched = msg;
                msg.matched = recv;
                return msg;
            }
        }
        unexpected.add(msg);
        return msg;
    }

    /** Removes a posted receive; false when it is not posted (matched or cancelled before). */
    public boolean cancel(final Recv recv)
    {
        return posted.remove(recv);
    }

    /** The posted receive with this id, or null. */
    public Recv postedById(final int id)
    {
        for (final Recv recv : posted)
        {
            if (recv.id == id)
            {
                return recv;
            }
        }
        return null;
    }

    /** The earliest unexpected message matching (tag, mask), left in place; or null. */
    public Msg probe(final long tag, final long mask)
    {
        for (final Msg msg : unexpected)
        {
            if (Envelope.matches(msg.tag, tag, mask))
            {
                return msg;
            }
        }
        return null;
    }

    /** The earliest unexpected message matching (tag, mask), removed; or null. */
    public Msg take(final long tag, final long mask)
    {
        final Msg msg = probe(tag, mask);
        if (msg != null)
        {
            unexpected.remove(msg);
        }
        return msg;
    }

    public int postedCount()
    {
        return posted.size();
    }

    public int unexpectedCount()
    {
        return unexpected.size();
    }
}
