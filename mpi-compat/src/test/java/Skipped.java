import mpi.MPI;

/** Needs more ranks than it gets: says so and exits 77 ("skipped") on every rank. */
public class Skipped
{
    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int size = MPI.COMM_WORLD.getSize();
        MPI.Finalize();
        if (size < 64)
        {
            System.out.println("skipped: needs 64 ranks, got " + size);
            System.exit(77);
        }
    }
}
