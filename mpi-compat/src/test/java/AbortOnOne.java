import mpi.MPI;

/** Rank 1 aborts the job with the code given as the first argument; the others wait for a message that never comes. */
public class AbortOnOne
{
    public static void main(final String[] args)
    {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 1)
        {
            MPI.COMM_WORLD.abort(Integer.parseInt(args[0]));
        }
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 0);
        MPI.Finalize();
    }
}
