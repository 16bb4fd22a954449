package io.rankwire;

import io.rankwire.core.Operation;

/** Completes requests into {@link MutableStatus} holders without building a {@link Status}. */
final class StatusCopy
{
    private StatusCopy()
    {
    }

    /**
     * Waits for {@code request} and writes its outcome into {@code into}; allocates nothing for
     * the runtime's own requests.
     */
    static MutableStatus await(final Request request, final MutableStatus into)
    {
        if (into == null)
        {
            throw new IllegalArgumentException("status : null (expected: a MutableStatus)");
        }
        if (request instanceof Operation)
        {
            return join((Operation)request, into);
        }
        final Status s = request.await();
        into.set(s.source(), s.tag(), s.bytes(), s.error(), s.cancelled());
        return into;
    }

    /** Waits for the runtime's own {@code op} and writes its outcome into {@code into}. */
    static MutableStatus join(final Operation op, final MutableStatus into)
    {
        op.join();
        into.set(op.resultSource(), op.resultTag(), op.resultBytes(), op.resultError(), op.resultCancelled());
        return into;
    }

    static void checkStatuses(final MutableStatus[] statuses, final int count)
    {
        if (statuses.length < count)
        {
            throw new IllegalArgumentException(
                "statuses.length : " + statuses.length + " (expected: >= " + count + ", one per request)");
        }
        for (int i = 0; i < count; i++)
        {
            if (statuses[i] == null)
            {
                throw new IllegalArgumentException("statuses[" + i + "] : null (expected: a MutableStatus)");
            }
        }
    }
}
