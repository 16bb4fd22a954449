package io.rankwire.sim;

import io.rankwire.Rankwire;

/** Starts and closes a one-rank job from the environment and system properties, then prints {@code started}. */
final class InitMain
{
    private InitMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            System.out.println("started " + rw.config().settings().get("rankwire.eagerLimit"));
        }
    }
}
