package io.rankwire.launch;

import java.nio.file.Path;

import io.rankwire.Rankwire;

/**
 * Starts Rankwire and prints where the rank stands as its environment says: Open MPI's
 * {@code OMPI_COMM_WORLD_*} variables, Rankwire's local rank and size, the transport it opened and
 * its working directory: {@code rank 1 ompi 1/2 local 1/2 node 1 rankwire 1/2 over tcp in /tmp}.
 */
final class RankPlaceMain
{
    private RankPlaceMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            System.out.println("rank " + rw.world().rank() +
                " ompi " + System.getenv("OMPI_COMM_WORLD_RANK") + "/" + System.getenv("OMPI_COMM_WORLD_SIZE") +
                " local " + System.getenv("OMPI_COMM_WORLD_LOCAL_RANK") + "/" + System.getenv("OMPI_COMM_WORLD_LOCAL_SIZE") +
                " node " + System.getenv("OMPI_COMM_WORLD_NODE_RANK") +
                " rankwire " + System.getenv("RANKWIRE_LOCAL_RANK") + "/" + System.getenv("RANKWIRE_LOCAL_SIZE") +
                " over " + System.getenv("RANKWIRE_TRANSPORT") +
                " in " + Path.of("").toAbsolutePath());
            System.err.println("rank " + rw.world().rank() + " says so on stderr");
        }
    }
}
