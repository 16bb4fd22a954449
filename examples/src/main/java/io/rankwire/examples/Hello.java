package io.rankwire.examples;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/**
 * The smallest Rankwire program: every rank says who it is, then all ranks meet at a barrier.
 * Used to measure job start-up against {@code mpirun} of the same trivial program in C.
 */
public final class Hello
{
    private Hello()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            System.out.printf("Hello from rank %d of %d%n", world.rank(), world.size());
            world.barrier();
        }
    }
}
