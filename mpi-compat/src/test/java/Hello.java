import mpi.MPI;
import mpi.MPIException;

/** Every rank says hello. */
public class Hello
{
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello, world, I am " + rank + " of " + size);
        MPI.Finalize();
    }
}
