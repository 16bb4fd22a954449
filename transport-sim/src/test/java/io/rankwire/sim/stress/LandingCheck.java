package io.rankwire.sim.stress;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import io.rankwire.match.Envelope;
import io.rankwire.match.ReferenceMatcher;

/**
 * Decides whether what one rank observed is an MPI-legal outcome of a round in which every
 * receive was posted (in a fixed order) before any message arrived: there must be an
 * interleaving of the senders' streams (each in its own program order) under which the
 * {@link ReferenceMatcher} puts every message exactly where it landed (or leaves it unexpected).
 *
 * <p>The search is greedy and still complete: a sender whose next message the reference would
 * place where it was observed can always go next, because taking a different receive (or none)
 * never changes where another sender's next message would go.
 */
final class LandingCheck
{
    private LandingCheck()
    {
    }

    /**
     * @param round    the round
     * @param rank     the receiving rank
     * @param landing  for each message id addressed to {@code rank}: the index of the receive (in
     *                 posting order) it landed in, or -1 when it was left unexpected
     * @return null when legal, else a description of the first message no interleaving explains
     */
    static String check(final StressRound round, final int rank, final int[] landing)
    {
        final int ranks = round.recvs.size();
        final List<ArrayDeque<StressRound.Msg>> streams = new ArrayList<>();
        for (int s = 0; s < ranks; s++)
        {
            streams.add(new ArrayDeque<>());
        }
        int left = 0;
        for (final StressRound.Msg m : round.messages)
        {
            if (m.dst == rank)
            {
                streams.get(m.src).addLast(m);
                left++;
            }
        }
        final List<StressRound.Msg> arrived = new ArrayList<>();
        while (left > 0)
        {
            boolean progressed = false;
            for (int s = 0; s < ranks; s++)
            {
                final StressRound.Msg next = streams.get(s).peekFirst();
                if (next != null && referenceLanding(round, rank, arrived, next) == landing[next.id])
                {
                    arrived.add(streams.get(s).pollFirst());
                    left--;
                    progressed = true;
                }
            }
            if (!progressed)
            {
                final StringBuilder sb = new StringBuilder("no legal interleaving explains rank " + rank +
                    " after " + arrived + "; next per sender:");
                for (int s = 0; s < ranks; s++)
                {
                    final StressRound.Msg next = streams.get(s).peekFirst();
                    if (next != null)
                    {
                        sb.append(' ').append(next).append(" landed ").append(landing[next.id])
                            .append(" reference ").append(referenceLanding(round, rank, arrived, next));
                    }
                }
                return sb.append("; receives ").append(round.recvs.get(rank)).toString();
            }
        }
        return null;
    }

    /** Where the reference matcher puts {@code next} after the receives and {@code arrived}. */
    private static int referenceLanding(
        final StressRound round, final int rank, final List<StressRound.Msg> arrived, final StressRound.Msg next)
    {
        final ReferenceMatcher ref = new ReferenceMatcher();
        final List<StressRound.Recv> recvs = round.recvs.get(rank);
        for (int i = 0; i < recvs.size(); i++)
        {
            final StressRound.Recv r = recvs.get(i);
            ref.post(i, Envelope.recvTag(r.comm, r.source, r.tag), Envelope.recvMask(r.source, r.tag), round.capacity);
        }
        for (final StressRound.Msg m : arrived)
        {
            ref.arrive(m.id, Envelope.pack(m.comm, m.src, m.tag), m.size);
        }
        final ReferenceMatcher.Msg msg = ref.arrive(next.id, Envelope.pack(next.comm, next.src, next.tag), next.size);
        return msg.matched == null ? -1 : msg.matched.id;
    }
}
