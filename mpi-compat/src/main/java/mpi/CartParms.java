package mpi;

/** A Cartesian topology as {@link CartComm#getTopo()} reports it: dimensions, periodicity, and the caller's coordinates. */
public final class CartParms
{
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    /** The dimensions, their periodicity and the calling process's coordinates. */
    protected CartParms(final int[] dims, final boolean[] periods, final int[] coords)
    {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /** The number of dimensions. */
    public int getDimCount()
    {
        return dims.length;
    }

    /** The number of processes along dimension {@code i}. */
    public int getDim(final int i)
    {
        return dims[i];
    }

    /** True when dimension {@code i} is periodic. */
    public boolean getPeriod(final int i)
    {
        return periods[i];
    }

    /** The calling process's coordinate along dimension {@code i}. */
    public int getCoord(final int i)
    {
        return coords[i];
    }
}
