import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Checks that every pair of ranks can exchange a message; {@code -v} prints each pair. */
public class Connectivity
{
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        final boolean verbose = args.length > 0 && args[0].equals("-v");
        final int[] peer = new int[1];
        for (int i = 0; i < size; i++)
        {
            if (rank == i)
            {
                for (int j = i + 1; j < size; j++)
                {
                    if (verbose)
                    {
                        System.out.println("checking connection between rank " + i + " and rank " + j);
                    }
                    MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, j, rank);
                    final Status s = MPI.COMM_WORLD.recv(peer, 1, MPI.INT, j, j);
                    if (peer[0] != j || s.getSource() != j)
                    {
                        System.out.println("rank " + rank + " got " + peer[0] + " from " + s.getSource() + ", expected " + j);
                        MPI.COMM_WORLD.abort(1);
                    }
                }
            }
            else if (rank > i)
            {
                MPI.COMM_WORLD.recv(peer, 1, MPI.INT, i, i);
                MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, i, rank);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0)
        {
            System.out.println("Connectivity test on " + size + " processes PASSED.");
        }
        MPI.Finalize();
    }
}
