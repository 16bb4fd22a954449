package io.rankwire.launch;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.RankwireException;

/**
 * Rank 1 starts Rankwire and returns from {@code main} without closing it; every other rank waits
 * in a receive from rank 1, prints how it failed, then how its {@code close()} failed, and
 * returns normally: the job must still fail, within seconds, naming rank 1.
 */
final class NotClosingMain
{
    private NotClosingMain()
    {
    }

    public static void main(final String[] args)
    {
        final Rankwire rw = Rankwire.init(args);
        final Comm world = rw.world();
        if (world.rank() == 1)
        {
            System.out.println("rank 1 returns without closing");
            return;
        }
        try
        {
            world.recv(new byte[16], 0, 16, 1, 1);
            System.out.println("rank " + world.rank() + " received?");
        }
        catch (final RankwireException e)
        {
            System.out.println("rank " + world.rank() + " recv failed: " + e.getMessage());
        }
        try
        {
            rw.close();
            System.out.println("rank " + world.rank() + " closed?");
        }
        catch (final RankwireException e)
        {
            System.out.println("rank " + world.rank() + " close failed: " + e.getMessage());
        }
    }
}
