package mpi;

/** The ranks {@link CartComm#shift} finds: where a shifted message comes from and where it goes ({@code PROC_NULL} past an edge). */
public final class ShiftParms
{
    private final int rankSource;
    private final int rankDest;

    /** The source and destination ranks of a shift. */
    protected ShiftParms(final int rankSource, final int rankDest)
    {
        this.rankSource = rankSource;
        this.rankDest = rankDest;
    }

    /** The rank the caller receives from in the shift. */
    public int getRankSource()
    {
        return rankSource;
    }

    /** The rank the caller sends to in the shift. */
    public int getRankDest()
    {
        return rankDest;
    }
}
