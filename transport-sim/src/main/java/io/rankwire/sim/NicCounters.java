package io.rankwire.sim;

import java.util.Arrays;

/**
 * The mutable counters of one NIC, updated under the NIC lock. The NIC's {@code hwUnexp} lives
 * here too, not in {@link SimNic}: a sender's thread raises it for every unexpected message, and
 * keeping that write off the NIC object's cache lines spares the receiving engine, which reads
 * the NIC's other fields on every poll and SRQ post, a cache miss per message. For the same
 * reason the values sit in the middle of a padded array: 128 bytes on either side, so that no
 * object the receiving engine reads can share a line with what every arrival writes.
 */
final class NicCounters
{
    static final int MATCHED = 0;
    static final int TO_SOFTWARE = 1;
    static final int NO_TAG = 2;
    static final int UNTAGGED = 3;
    static final int SYNC_REQ = 4;
    static final int ADDS = 5;
    static final int DELS = 6;
    static final int SYNCS = 7;
    static final int OP_ERRORS = 8;
    static final int RNDV_READS = 9;
    static final int BYTES_READ = 10;
    static final int RNDV_INCOMPLETE = 11;
    static final int LENGTH_ERRORS = 12;
    static final int REMOTE_ACCESS_ERRORS = 13;
    static final int RNR_WAITS = 14;
    static final int CQ_OVERFLOWS = 15;
    static final int DROPPED = 16;
    static final int INLINE_CQES = 17;
    private static final int COUNT = 18;
    /** Longs of padding on either side: a line and its prefetch pair. */
    private static final int PAD = 16;
    /** Slot of {@code hwUnexp}, after the counters. */
    private static final int HW_UNEXP = PAD + COUNT;

    private final long[] values = new long[PAD + COUNT + 1 + PAD];

    void increment(final int counter)
    {
        values[PAD + counter]++;
    }

    void add(final int counter, final long delta)
    {
        values[PAD + counter] += delta;
    }

    void set(final int counter, final long value)
    {
        values[PAD + counter] = value;
    }

    /** Tagged messages the NIC delivered as unexpected (DESIGN.md's {@code hwUnexp}). */
    int hwUnexp()
    {
        return (int)values[HW_UNEXP];
    }

    void raiseHwUnexp()
    {
        values[HW_UNEXP]++;
    }

    SimCounters snapshot(final int rank)
    {
        return new SimCounters(rank, Arrays.copyOfRange(values, PAD, PAD + COUNT), hwUnexp());
    }
}
