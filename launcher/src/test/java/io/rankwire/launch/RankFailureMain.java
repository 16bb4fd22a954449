package io.rankwire.launch;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * Rank 1 fails once Rankwire is up, the others wait: {@code exit} calls {@code System.exit(3)}
 * while the others receive from rank 1; {@code throw-recv} throws inside try-with-resources while
 * the others receive from rank 1; {@code throw-pair} throws inside try-with-resources while ranks
 * 0 and 2 receive from each other (so nothing rank 1 does fails their receives); {@code throw-init}
 * throws before Rankwire is up while the others start it.
 */
final class RankFailureMain
{
    private RankFailureMain()
    {
    }

    public static void main(final String[] args)
    {
        final String mode = args[0];
        if (mode.equals("throw-init") && "1".equals(System.getenv("RANKWIRE_RANK")))
        {
            throw new IllegalStateException("rank 1 gives up before init");
        }
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.rank() == 1)
            {
                if (mode.equals("exit"))
                {
                    System.exit(3);
                }
                throw new IllegalStateException("rank 1 gives up");
            }
            final int from = mode.equals("throw-pair") ? 2 - world.rank() : 1;
            world.recv(new byte[16], 0, 16, from, 1);
        }
    }
}
