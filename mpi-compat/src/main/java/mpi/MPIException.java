package mpi;

/**
 * An MPI error: an error code and its class (the {@code MPI.ERR_*} constants). Unchecked, so code
 * written for bindings where it is checked compiles unchanged whether it declares it, catches it,
 * or neither.
 */
public class MPIException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /**
     * An error of class {@code errorClass} described by {@code message}; the exception's message
     * is the class's name and meaning followed by {@code message}, e.g.
     * {@code "MPI_ERR_RANK: invalid rank: dest : 5 (expected: 0..3)"}.
     */
    public MPIException(final int errorClass, final String message)
    {
        super(ErrorStrings.of(errorClass) + ": " + message);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** An error of class {@code errorClass} described by {@code message} (prefixed as above) and caused by {@code cause}. */
    public MPIException(final int errorClass, final String message, final Throwable cause)
    {
        super(ErrorStrings.of(errorClass) + ": " + message, cause);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** An error of class {@link MPI#ERR_UNKNOWN} whose message is {@code message}. */
    public MPIException(final String message)
    {
        super(message);
        this.errorCode = MPI.ERR_UNKNOWN;
        this.errorClass = MPI.ERR_UNKNOWN;
    }

    /** An error of class {@link MPI#ERR_UNKNOWN} caused by {@code cause}. */
    public MPIException(final Throwable cause)
    {
        super(String.valueOf(cause), cause);
        this.errorCode = MPI.ERR_UNKNOWN;
        this.errorClass = MPI.ERR_UNKNOWN;
    }

    /** The error code (equal to the error class in this implementation). */
    public int getErrorCode()
    {
        return errorCode;
    }

    /** The error class, one of {@code MPI.ERR_*}. */
    public int getErrorClass()
    {
        return errorClass;
    }
}
