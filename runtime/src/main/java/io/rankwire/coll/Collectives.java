package io.rankwire.coll;

import java.util.Map;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;

/**
 * The collectives of one communicator. Every collective call is one plan of rounds
 * ({@link Plan}), built by {@link Moves} or {@link Reductions} (argument checks, the choice of
 * algorithm by size, rank count and settings, a fresh internal tag per call): a blocking call
 * runs the plan on the calling thread until this rank's part is done, a nonblocking call
 * ({@link #nonblocking()}) starts the same plan as a {@link Schedule}. Buffers are primitive arrays
 * with element offsets and counts; {@link #IN_PLACE} stands for "the data is already in the
 * receive buffer" where MPI allows it.
 *
 * <p>Tags: call number {@code k} on a communicator uses tag {@code TAG_BASE - (k mod 2^16)} on
 * the communicator's internal context, so user traffic (non-negative tags, user context) and the
 * runtime's own internal traffic (tags above {@code TAG_BASE}) never match it, and two calls in
 * a row cannot be confused even when a fast rank starts the next one early.
 */
public final class Collectives
{
    /** Marker for in-place collectives: pass it as the send buffer. */
    public static final Object IN_PLACE = new Object()
    {
        @Override
        public String toString()
        {
            return "IN_PLACE";
        }
    };

    static final int TAG_BASE = -4096;

    private final Moves moves;
    private final Reductions reductions;
    private final DataMovement data;
    private final Nonblocking nonblocking;

    public Collectives(final Engine engine, final Group group, final Map<String, String> settings)
    {
        final CollContext ctx = new CollContext(engine, group, new CollSettings(settings));
        this.moves = new Moves(ctx);
        this.reductions = new Reductions(ctx);
        this.data = new DataMovement(moves);
        this.nonblocking = new Nonblocking(moves, reductions);
    }

    /** The nonblocking collectives, each a {@link Schedule} driven by the engine's progress. */
    public Nonblocking nonblocking()
    {
        return nonblocking;
    }

    /** The collectives that move data without reducing it: gathers, scatters, all-to-all. */
    public DataMovement data()
    {
        return data;
    }

    public void bcast(final Object buf, final int off, final int count, final int root)
    {
        moves.bcast(buf, off, count, root).run();
    }

    public void reduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final int root)
    {
        reductions.reduce(send, sendOff, recv, recvOff, count, op, root).run();
    }

    public void allReduce(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        reductions.allReduce(send, sendOff, recv, recvOff, count, op).run();
    }

    public void reduceScatterBlock(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op)
    {
        reductions.reduceScatterBlock(send, sendOff, recv, recvOff, count, op).run();
    }

    /**
     * Reduces {@code sum(counts)} elements and leaves block r (of {@code counts[r]} elements) at
     * rank r. In place: the input is {@code recv[recvOff, + sum(counts))} and the result goes to
     * its start.
     */
    public void reduceScatter(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int[] counts, final Reduction op)
    {
        reductions.reduceScatter(send, sendOff, recv, recvOff, counts, op).run();
    }

    public void scan(
        final Object send, final int sendOff, final Object recv, final int recvOff, final int count, final Reduction op, final boolean exclusive)
    {
        reductions.scan(send, sendOff, recv, recvOff, count, op, exclusive).run();
    }
}
