package mpi;

/**
 * A Cartesian grid: {@code dims[i]} processes along dimension i, periodic or not, ranks in
 * row-major order (the last dimension varies fastest), as MPI_CART_CREATE lays them out.
 * Neighbours, for the neighbour collectives, are for each dimension the process one step back
 * and then the one a step forward ({@code PROC_NULL} past the edge of a non-periodic dimension).
 * The message to the forward neighbour arrives in that neighbour's "back" block and the other way
 * round, so each direction has its own tag: a process that is both neighbours of another (a
 * periodic dimension of one or two processes) still gets each block in its place.
 */
final class CartTopology extends Topology
{
    final int[] dims;
    final boolean[] periods;

    CartTopology(final int[] dims, final boolean[] periods)
    {
        this.dims = dims.clone();
        this.periods = periods.clone();
    }

    @Override
    int kind()
    {
        return MPI.CART;
    }

    /** The number of processes of the grid. */
    int size()
    {
        int n = 1;
        for (final int d : dims)
        {
            n *= d;
        }
        return n;
    }

    int[] coords(final int rank)
    {
        final int[] c = new int[dims.length];
        int r = rank;
        for (int i = dims.length - 1; i >= 0; i--)
        {
            c[i] = r % dims[i];
            r /= dims[i];
        }
        return c;
    }

    /** The rank at {@code coords} (wrapped in periodic dimensions); -1 when outside a non-periodic one. */
    int rank(final int[] coords)
    {
        int r = 0;
        for (int i = 0; i < dims.length; i++)
        {
            int c = coords[i];
            if (c < 0 || c >= dims[i])
            {
                if (!periods[i])
                {
                    return -1;
                }
                c = Math.floorMod(c, dims[i]);
            }
            r = r * dims[i] + c;
        }
        return r;
    }

    /** The rank {@code disp} steps from {@code rank} along {@code direction}, or {@code PROC_NULL} past a non-periodic edge. */
    int step(final int rank, final int direction, final int disp)
    {
        final int[] c = coords(rank);
        c[direction] += disp;
        final int r = rank(c);
        return r < 0 ? MPI.PROC_NULL : r;
    }

    @Override
    int[] sources(final int rank)
    {
        return neighbours(rank);
    }

    @Override
    int[] destinations(final int rank)
    {
        return neighbours(rank);
    }

    private int[] neighbours(final int rank)
    {
        final int[] n = new int[2 * dims.length];
        for (int d = 0; d < dims.length; d++)
        {
            n[2 * d] = step(rank, d, -1);
            n[2 * d + 1] = step(rank, d, 1);
        }
        return n;
    }

    @Override
    int sendTag(final int k)
    {
        return k;
    }

    @Override
    int recvTag(final int k)
    {
        return k ^ 1;
    }
}
