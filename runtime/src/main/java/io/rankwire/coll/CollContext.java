package io.rankwire.coll;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.rankwire.core.Engine;
import io.rankwire.proto.Group;

/**
 * What the collectives of one communicator share: its engine and group, the algorithm settings,
 * the count of calls, which gives each call its own tag on the internal context (so a fast rank's
 * next call cannot be confused with the current one), and the plan each call fills and gives back.
 */
final class CollContext
{
    final Engine engine;
    final Group group;
    final CollSettings settings;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicReference<Plan> plan = new AtomicReference<>();

    CollContext(final Engine engine, final Group group, final CollSettings settings)
    {
        this.engine = engine;
        this.group = group;
        this.settings = settings;
    }

    /** The plan of the next call, blocking or not, on its own tag (the communicator's plan when it is free). */
    Plan plan()
    {
        return Plan.take(plan, engine, group, Collectives.TAG_BASE - (calls.getAndIncrement() & 0xFFFF));
    }

    /** {@code root} if it is a rank of the group; otherwise an error naming it and the range. */
    int root(final int root)
    {
        if (root < 0 || root >= group.size())
        {
            throw new IllegalArgumentException("root : " + root + " (expected: 0.." + (group.size() - 1) + ")");
        }
        return root;
    }
}
