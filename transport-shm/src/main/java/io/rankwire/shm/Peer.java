package io.rankwire.shm;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * One rank of the host as this rank sees it (itself included): its segment and shared heap as
 * mapped here, the ring this rank writes its frames into, and the two staging areas between
 * them. {@code failed} and {@code gone} are written by the thread driving the engine; other
 * threads read them as hints.
 */
final class Peer
{
    /** World rank. */
    final int rank;
    /** Index among the ranks of the host (ascending world rank). */
    final int index;
    final RankSegment segment;
    /** The peer's shared heap as mapped here, or null. */
    final UnsafeBuffer heap;
    /** Where this rank's frames to the peer go. */
    final RingBuffer out;
    /** Fragments this rank streams from its memory to the peer (in the peer's segment). */
    final Staging toPeer;
    /** Fragments the peer streams from its memory to this rank (in this rank's segment). */
    final Staging fromPeer;
    /** The peer's process, or -1 when it is this process. */
    final long pid;
    final long startMillis;
    /** The peer failed (process ended, frame corrupt): nothing more is sent to it. */
    volatile boolean failed;
    /** The peer closed in order: nothing more is sent to it, and that is no failure. */
    volatile boolean gone;

    Peer(
        final int rank,
        final int index,
        final RankSegment segment,
        final UnsafeBuffer heap,
        final RingBuffer out,
        final Staging toPeer,
        final Staging fromPeer)
    {
        this.rank = rank;
        this.index = index;
        this.segment = segment;
        this.heap = heap;
        this.out = out;
        this.toPeer = toPeer;
        this.fromPeer = fromPeer;
        final long p = segment.pid();
        this.pid = p == ProcessHandle.current().pid() ? -1 : p;
        this.startMillis = segment.startMillis();
    }

    /** True when nothing may be sent to the peer any more. */
    boolean unreachable()
    {
        return failed || gone;
    }

    /** Whether the peer's process still runs (peers in this process always do). */
    boolean processAlive()
    {
        if (pid < 0)
        {
            return true;
        }
        return ProcessHandle.of(pid)
            .filter(ProcessHandle::isAlive)
            .map(h -> startMillis == 0 || h.info().startInstant().map(i -> i.toEpochMilli() == startMillis).orElse(true))
            .orElse(false);
    }

    /** Asks for a bell when the peer sleeps: true when it was sleeping (the caller rings). */
    boolean claimBell()
    {
        final UnsafeBuffer c = segment.control;
        return c.getIntVolatile(RankSegment.SLEEPING_OFFSET) != 0 &&
            c.compareAndSetInt(RankSegment.SLEEPING_OFFSET, 1, 0);
    }

    /** Whether any of {@code peers} has a streamed fragment waiting for this rank. */
    static boolean anyFragmentFrom(final Peer[] peers)
    {
        for (final Peer p : peers)
        {
            if (p.fromPeer.hasFragment())
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString()
    {
        return "rank " + rank;
    }
}
