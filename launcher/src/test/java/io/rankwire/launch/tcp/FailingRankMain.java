package io.rankwire.launch.tcp;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * Rank 2 throws inside try-with-resources once every rank has started, while every other rank
 * waits in a receive from rank 2: the job must fail promptly, not at the closing timeout.
 */
public final class FailingRankMain
{
    private FailingRankMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.rank() == 2)
            {
                throw new IllegalStateException("rank 2 gives up");
            }
            world.recv(new byte[16], 0, 16, 2, 1);
        }
    }
}
