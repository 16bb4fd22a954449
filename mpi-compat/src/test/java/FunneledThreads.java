import mpi.MPI;

/**
 * Asks for THREAD_FUNNELED, then probes from a second thread: with the funneled runtime that
 * call is refused (prints "second thread: refused ..."), with every thread allowed it returns
 * ("second thread: allowed"). The main thread then passes a token around the ring.
 */
public class FunneledThreads
{
    public static void main(final String[] args) throws Exception
    {
        final int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        final int rank = MPI.COMM_WORLD.getRank();
        final int size = MPI.COMM_WORLD.getSize();
        System.out.println("provided " + provided);
        final String[] outcome = new String[1];
        final Thread other = new Thread(() ->
        {
            try
            {
                MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, 99);
                outcome[0] = "allowed";
            }
            catch (final RuntimeException e)
            {
                outcome[0] = "refused " + e.getMessage();
            }
        }, "second");
        other.start();
        other.join();
        System.out.println("second thread: " + outcome[0]);
        final int[] token = {rank == 0 ? 1 : 0};
        if (rank == 0)
        {
            MPI.COMM_WORLD.send(token, 1, MPI.INT, 1 % size, 7);
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, size - 1, 7);
            System.out.println("token back: " + token[0]);
        }
        else
        {
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, rank - 1, 7);
            token[0]++;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, (rank + 1) % size, 7);
        }
        MPI.Finalize();
    }
}
