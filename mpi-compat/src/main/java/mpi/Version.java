package mpi;

/** The version of the MPI standard this library reports ({@link MPI#getVersion()}). */
public final class Version
{
    private final int version;
    private final int subVersion;

    Version(final int version, final int subVersion)
    {
        this.version = version;
        this.subVersion = subVersion;
    }

    /** The major version. */
    public int getVersion()
    {
        return version;
    }

    /** The minor version. */
    public int getSubVersion()
    {
        return subVersion;
    }

    @Override
    public String toString()
    {
        return version + "." + subVersion;
    }
}
