import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 1 returns from {@code main} without {@code MPI.Finalize} while the others duplicate the
 * world with {@code iDup} and wait for it: each prints how the wait failed and how its
 * {@code Finalize} failed, and returns; nothing waits forever.
 */
public class IdupPeerGone
{
    public static void main(final String[] args)
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        if (rank == 1)
        {
            System.out.println("rank 1 returns without finalizing");
            return;
        }
        final Intracomm copy = MPI.COMM_WORLD.iDup();
        try
        {
            copy.getRequest().waitFor();
            System.out.println("rank " + rank + " iDup completed?");
        }
        catch (final MPIException e)
        {
            System.out.println("rank " + rank + " iDup failed: class " + e.getErrorClass() + ": " + e.getMessage());
        }
        try
        {
            MPI.Finalize();
            System.out.println("rank " + rank + " finalized?");
        }
        catch (final MPIException e)
        {
            System.out.println("rank " + rank + " finalize failed");
        }
    }
}
