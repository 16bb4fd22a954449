package io.rankwire.launch;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/** Starts Rankwire, prints its process id, then waits forever in a receive nobody answers. */
final class OrphanMain
{
    private OrphanMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            System.out.println("rank " + world.rank() + " pid " + ProcessHandle.current().pid());
            world.recv(new byte[16], 0, 16, Comm.ANY_SOURCE, 99);
        }
    }
}
