import mpi.MPI;
import mpi.MPIException;

/**
 * Passes a counter around a ring of ranks; rank 0 decrements it each time it comes back, and
 * every rank leaves once it has passed on a zero.
 */
public class Ring
{
    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        final int tag = 201;
        final int next = (rank + 1) % size;
        final int prev = (rank + size - 1) % size;
        final int[] message = new int[1];
        if (rank == 0)
        {
            message[0] = args.length > 0 ? Integer.parseInt(args[0]) : 10;
            System.out.println("Process 0 sending " + message[0] + " to " + next + ", tag " + tag +
                " (" + size + " processes in ring)");
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            System.out.println("Process 0 sent to " + next);
        }
        int passes = 0;
        while (true)
        {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
            if (rank == 0)
            {
                message[0]--;
                System.out.println("Process 0 decremented value: " + message[0]);
            }
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            passes++;
            if (message[0] == 0)
            {
                System.out.println("Process " + rank + " exiting after " + passes + " passes");
                break;
            }
        }
        if (rank == 0)
        {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
        }
        MPI.Finalize();
    }
}
