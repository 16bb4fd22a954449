package io.rankwire;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.core.Engine;
import io.rankwire.core.ProbeResult;
import io.rankwire.match.Envelope;
import io.rankwire.match.UnexpectedMsg;
import io.rankwire.proto.Group;

/**
 * The probes of a communicator: the blocking ones poll the engine's nonblocking probe, idling between
 * polls, until a message matches (tag, mask), and fail once the expected source (world rank, -1
 * for ANY_SOURCE in the group) can send nothing any more because it finalized.
 */
final class Probing
{
    private static final ThreadLocal<ProbeResult> RESULTS = ThreadLocal.withInitial(ProbeResult::new);

    private Probing()
    {
    }

    static Status probe(final PointToPointCalls calls, final int source, final int recvTag)
    {
        return probe(calls, source, recvTag, new MutableStatus()).toStatus();
    }

    /** The status of a message that could be received now, or null. */
    static Status iprobe(final PointToPointCalls calls, final int source, final int recvTag)
    {
        final ProbeResult found = RESULTS.get();
        if (!calls.engine().iprobe(calls.recvTag(source, recvTag), Envelope.recvMask(source, recvTag), found))
        {
            return null;
        }
        return new Status(found.source(), found.tag(), found.length(), Status.OK, false);
    }

    /** {@link #probe} writing into {@code status}; allocates nothing. */
    static MutableStatus probe(final PointToPointCalls calls, final int source, final int recvTag, final MutableStatus status)
    {
        final Engine engine = calls.engine();
        final Group group = calls.group();
        final long tag = calls.recvTag(source, recvTag);
        final long mask = Envelope.recvMask(source, recvTag);
        final int expected = calls.expected(source);
        final ProbeResult found = RESULTS.get();
        if (!engine.iprobe(tag, mask, found))
        {
            final IdleStrategy idler = idler(engine);
            while (!engine.iprobe(tag, mask, found))
            {
                engine.checkSatisfiable(expected, group);
                idler.idle();
            }
        }
        status.set(found.source(), found.tag(), found.length(), Status.OK, false);
        return status;
    }

    /** The nonblocking probe writing into {@code status}: true when a message matched. Allocates nothing. */
    static boolean iprobe(final PointToPointCalls calls, final int source, final int recvTag, final MutableStatus status)
    {
        final ProbeResult found = RESULTS.get();
        if (!calls.engine().iprobe(calls.recvTag(source, recvTag), Envelope.recvMask(source, recvTag), found))
        {
            return false;
        }
        status.set(found.source(), found.tag(), found.length(), Status.OK, false);
        return true;
    }

    /** Blocks until a matching message can be taken out of matching, and takes it. */
    static UnexpectedMsg take(final PointToPointCalls calls, final int source, final int recvTag)
    {
        final Engine engine = calls.engine();
        final Group group = calls.group();
        final long tag = calls.recvTag(source, recvTag);
        final long mask = Envelope.recvMask(source, recvTag);
        final int expected = calls.expected(source);
        UnexpectedMsg msg = engine.improbe(tag, mask);
        if (msg == null)
        {
            final IdleStrategy idler = idler(engine);
            while ((msg = engine.improbe(tag, mask)) == null)
            {
                engine.checkSatisfiable(expected, group);
                idler.idle();
            }
        }
        return msg;
    }

    private static IdleStrategy idler(final Engine engine)
    {
        final IdleStrategy idler = engine.idler();
        idler.reset();
        return idler;
    }
}
