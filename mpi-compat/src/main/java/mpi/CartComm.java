package mpi;

/**
 * A communicator with a Cartesian topology ({@link Intracomm#createCart}): ranks laid out on a
 * grid in row-major order, with coordinate and shift queries, sub-grids, and the neighbour
 * collectives of {@link Comm} over the grid's neighbours (for each dimension the process a step
 * back, then the one a step forward).
 */
public final class CartComm extends Intracomm
{
    CartComm(final int which)
    {
        super(which);
    }

    CartComm(final io.rankwire.Comm fixed, final CartTopology topology)
    {
        super(fixed);
        state().topology = topology;
    }

    private CartTopology topo()
    {
        rw();
        return (CartTopology)state().topology;
    }

    /** A new communicator with the same group, topology, attributes and info hints. Collective. */
    @Override
    public CartComm dup()
    {
        return copyState(new CartComm(dupRw(), topo()), null);
    }

    @Override
    public CartComm clone()
    {
        return dup();
    }

    /** A new communicator with the same group, topology and attributes and the hints of {@code info}. Collective. */
    @Override
    public CartComm dupWithInfo(final Info info)
    {
        return copyState(new CartComm(dupRw(), topo()), info);
    }

    /** The grid's dimensions and periodicity, and the calling process's coordinates. */
    public CartParms getTopo()
    {
        final CartTopology t = topo();
        return new CartParms(t.dims.clone(), t.periods.clone(), t.coords(getRank()));
    }

    /**
     * The rank at {@code coords}, wrapped along periodic dimensions ({@code MPI_CART_RANK});
     * {@link MPI#ERR_ARG} for a coordinate outside a non-periodic dimension.
     */
    public int getRank(final int[] coords)
    {
        final CartTopology t = topo();
        if (Args.notNull(coords, "coords").length != t.dims.length)
        {
            throw new MPIException(MPI.ERR_ARG, "coords.length : " + coords.length + " (expected: " + t.dims.length + ", one per dimension)");
        }
        final int r = t.rank(coords);
        if (r < 0)
        {
            throw new MPIException(MPI.ERR_ARG, "coords : " + java.util.Arrays.toString(coords) + " (expected: within the dimensions " +
                java.util.Arrays.toString(t.dims) + " where they are not periodic)");
        }
        return r;
    }

    /** The coordinates of {@code rank} ({@code MPI_CART_COORDS}). */
    public int[] getCoords(final int rank)
    {
        final CartTopology t = topo();
        return t.coords(Group.checkRank(rank, getSize(), "rank"));
    }

    /**
     * The ranks a shift of {@code disp} steps along {@code direction} sends to and receives from
     * ({@code MPI_CART_SHIFT}); {@link MPI#PROC_NULL} past the edge of a non-periodic dimension.
     */
    public ShiftParms shift(final int direction, final int disp)
    {
        final CartTopology t = topo();
        if (direction < 0 || direction >= t.dims.length)
        {
            throw new MPIException(MPI.ERR_DIMS, "direction : " + direction + " (expected: 0.." + (t.dims.length - 1) + ")");
        }
        final int me = getRank();
        return new ShiftParms(t.step(me, direction, -disp), t.step(me, direction, disp));
    }

    /**
     * The sub-grid of the dimensions with {@code remainDims[i]} true that holds this process
     * ({@code MPI_CART_SUB}): one communicator per slice, ranked in the sub-grid's row-major order.
     * Entries of {@code remainDims} past the grid's dimensions are not read, as in Open MPI.
     * Collective.
     */
    public CartComm sub(final boolean[] remainDims)
    {
        final CartTopology t = topo();
        if (Args.notNull(remainDims, "remainDims").length < t.dims.length)
        {
            throw new MPIException(MPI.ERR_ARG, "remainDims.length : " + remainDims.length + " (expected: >= " + t.dims.length + ", the dimensions)");
        }
        final int[] c = t.coords(getRank());
        int kept = 0;
        for (int i = 0; i < t.dims.length; i++)
        {
            kept += remainDims[i] ? 1 : 0;
        }
        final int[] dims = new int[kept];
        final boolean[] periods = new boolean[kept];
        int color = 0;
        int key = 0;
        for (int i = 0, k = 0; i < t.dims.length; i++)
        {
            if (remainDims[i])
            {
                dims[k] = t.dims[i];
                periods[k++] = t.periods[i];
                key = key * t.dims[i] + c[i];
            }
            else
            {
                color = color * t.dims[i] + c[i];
            }
        }
        return new CartComm(splitRw(color, key), new CartTopology(dims, periods));
    }

    /**
     * The rank this process would have in a grid of {@code dims} ({@code MPI_CART_MAP}): Rankwire
     * keeps ranks in place, so its own rank, or {@link MPI#UNDEFINED} when the grid is smaller.
     */
    public int map(final int[] dims, final boolean[] periods)
    {
        return Topologies.mapCart(getRank(), getSize(), dims, periods);
    }

    /**
     * Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes} over
     * the non-zero ones, largest first ({@code MPI_DIMS_CREATE}); {@link MPI#ERR_DIMS} when the
     * fixed entries do not divide {@code nnodes} or one is negative.
     */
    public static void createDims(final int nnodes, final int[] dims)
    {
        Topologies.createDims(nnodes, dims);
    }
}
