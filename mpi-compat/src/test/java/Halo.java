import java.nio.ByteBuffer;

import mpi.CartComm;
import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * A halo exchange on a periodic 2-D grid, written as an Open MPI Java program: Cartesian
 * topology, a column datatype for the east and west halos, a group of the even ranks, an
 * attribute query and a MAXLOC over DOUBLE_INT records. Prints PASSED on rank 0 or aborts.
 */
public class Halo
{
    private static final int ROWS = 4;
    private static final int COLS = 5;
    private static final int W = COLS + 2;

    public static void main(final String[] args) throws MPIException
    {
        MPI.Init(args);
        final int size = MPI.COMM_WORLD.getSize();
        final int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        final CartComm grid = MPI.COMM_WORLD.createCart(dims, new boolean[] {true, true}, false);
        final int me = grid.getRank();
        final double[] block = new double[(ROWS + 2) * W];
        for (int r = 1; r <= ROWS; r++)
        {
            for (int c = 1; c <= COLS; c++)
            {
                block[r * W + c] = me;
            }
        }
        final Datatype column = Datatype.createVector(ROWS, 1, W, MPI.DOUBLE);
        column.commit();
        final ShiftParms ns = grid.shift(0, 1);
        final ShiftParms we = grid.shift(1, 1);
        grid.sendRecv(MPI.slice(block, ROWS * W + 1), COLS, MPI.DOUBLE, ns.getRankDest(), 0,
            MPI.slice(block, 1), COLS, MPI.DOUBLE, ns.getRankSource(), 0);
        grid.sendRecv(MPI.slice(block, W + COLS), 1, column, we.getRankDest(), 1,
            MPI.slice(block, W), 1, column, we.getRankSource(), 1);
        check(block[1] == ns.getRankSource(), "north halo from rank " + ns.getRankSource() + ", got " + block[1]);
        check(block[2 * W] == we.getRankSource(), "west halo from rank " + we.getRankSource() + ", got " + block[2 * W]);
        check(block[W + COLS + 1] == 0, "the east halo was not written");
        final Group even = MPI.COMM_WORLD.getGroup().rangeIncl(new int[][] {{0, size - 1, 2}});
        final Intracomm evens = MPI.COMM_WORLD.create(even);
        check(evens.isNull() == (me % 2 == 1), "only even ranks are in the even communicator");
        check((Integer)MPI.COMM_WORLD.getAttr(MPI.TAG_UB) >= 32767, "MPI_TAG_UB is at least 32767");
        final ByteBuffer pair = MPI.newByteBuffer(MPI.doubleInt.getExtent());
        final DoubleInt.Data d = MPI.doubleInt.getData(pair);
        d.putValue(me == size / 2 ? 100.0 : me);
        d.putIndex(me);
        MPI.COMM_WORLD.allReduce(pair, 1, MPI.DOUBLE_INT, MPI.MAXLOC);
        check(d.getIndex() == size / 2 && d.getValue() == 100.0, "MAXLOC found rank " + size / 2 + ", got " + d.getIndex());
        column.free();
        grid.free();
        MPI.COMM_WORLD.barrier();
        if (me == 0)
        {
            System.out.println("Halo test on " + size + " processes PASSED.");
        }
        MPI.Finalize();
    }

    private static void check(final boolean ok, final String what)
    {
        if (!ok)
        {
            System.out.println("FAILED: " + what);
            MPI.COMM_WORLD.abort(1);
        }
    }
}
