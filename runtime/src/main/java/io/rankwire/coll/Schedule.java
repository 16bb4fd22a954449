package io.rankwire.coll;

import java.util.concurrent.CompletableFuture;

import io.rankwire.core.Engine;
import io.rankwire.core.Rounds;
import io.rankwire.proto.Group;

/**
 * A collective call as a schedule of rounds, as libNBC builds them: each round is a list of steps
 * run in order when the round starts (local copies and reductions run at once, sends and receives
 * are posted on the call's tag of the communicator's internal context); a round ends when every
 * message it posted has completed, and the next one starts. Every algorithm of this package adds
 * its rounds to a schedule; a blocking call {@linkplain #run() runs} it on the calling thread, a
 * nonblocking one {@linkplain #start() starts} it.
 *
 * <pre>
 *   round 0: [copy] [send a -> 1] [recv tmp from 3]      posted, then wait for both
 *   round 1: [reduce tmp into a] [send a -> 2] ...     starts when round 0's messages are done
 * </pre>
 *
 * <p>The rounds run on the engine's round engine ({@link Rounds}, started without waiting), the
 * same one the engine's own barrier and context agreements run on; this class adds the steps
 * of the collectives (copies and reductions of primitive arrays). Progress: no thread of its own
 * (see {@link Rounds}). A failed message, or a failing local step, fails the whole schedule.
 */
public final class Schedule
{
    private final Rounds rounds;

    Schedule(final Engine engine, final Group group, final int tag)
    {
        this.rounds = new Rounds(engine, group, tag);
    }

    /**
     * A schedule of an inter-communicator's collective: {@code send}/{@code recv} address the
     * local group with {@code tag}, {@code sendRemote}/{@code recvRemote} the remote group with
     * {@code remoteTag} (both groups on one context, so the tags must differ).
     */
    Schedule(final Engine engine, final Group group, final int tag, final Group remote, final int remoteTag)
    {
        this.rounds = new Rounds(engine, group, tag, remote, remoteTag);
    }

    int rank()
    {
        return rounds.rank();
    }

    int size()
    {
        return rounds.size();
    }

    // ---- building (the calling thread, before start)

    Schedule send(final Object buf, final int off, final int count, final int peer)
    {
        rounds.send(buf, off, count, peer);
        return this;
    }

    Schedule recv(final Object buf, final int off, final int count, final int peer)
    {
        rounds.recv(buf, off, count, peer);
        return this;
    }

    /** A message to rank {@code peer} of the remote group (inter-communicator schedules only). */
    Schedule sendRemote(final Object buf, final int off, final int count, final int peer)
    {
        rounds.sendRemote(buf, off, count, peer);
        return this;
    }

    /** A message from rank {@code peer} of the remote group (inter-communicator schedules only). */
    Schedule recvRemote(final Object buf, final int off, final int count, final int peer)
    {
        rounds.recvRemote(buf, off, count, peer);
        return this;
    }

    /** An empty message to {@code peer} (barriers). */
    Schedule signal(final int peer)
    {
        rounds.signal(peer);
        return this;
    }

    /** An empty message from {@code peer}. */
    Schedule awaitSignal(final int peer)
    {
        rounds.awaitSignal(peer);
        return this;
    }

    /** The engine's dissemination barrier ({@link Rounds#barrier()}), in rounds of its own. */
    Schedule barrier()
    {
        rounds.barrier();
        return this;
    }

    Schedule copy(final Object src, final int srcOff, final Object dst, final int dstOff, final int count)
    {
        rounds.local(() -> Bufs.copy(src, srcOff, dst, dstOff, count));
        return this;
    }

    /** {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]}. */
    Schedule reduce(final Reduction op, final Object in, final int inOff, final Object inout, final int ioOff, final int count)
    {
        rounds.local(() -> op.apply(in, inOff, inout, ioOff, count));
        return this;
    }

    /** Ends the round being built (nothing happens for an empty one). */
    Schedule round()
    {
        rounds.round();
        return this;
    }

    /** Ends the last round and starts the schedule; returns it. */
    Schedule start()
    {
        rounds.start();
        return this;
    }

    /** Ends the last round and runs the schedule on the calling thread (blocking collectives). */
    void run()
    {
        rounds.run();
    }

    // ---- running (any thread)

    /** True once this rank's part is done, successfully or not. */
    public boolean isDone()
    {
        return rounds.isDone();
    }

    /** The failure of a done schedule, or null. */
    public Throwable failure()
    {
        return rounds.failure();
    }

    /** Completes when the schedule is done (exceptionally when it failed). */
    public CompletableFuture<Void> future()
    {
        return rounds.future();
    }

    /** Drives the engine once (which advances every schedule whose messages completed). */
    public int progress()
    {
        return rounds.progress();
    }

    /** The engine the schedule runs on. */
    public Engine engine()
    {
        return rounds.engine();
    }

    @Override
    public String toString()
    {
        return "Schedule" + rounds;
    }
}
