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

    /** An error of class {@code errorClass} described by {@code message}. */
    public MPIException(final int errorClass, final String message)
    {
        super(message);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** An error of class {@code errorClass} caused by {@code cause}. */
    public MPIException(final int errorClass, final String message, final Throwable cause)
    {
        super(message, cause);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** An error of class {@link MPI#ERR_UNKNOWN} described by {@code message}. */
    public MPIException(final String message)
    {
        this(MPI.ERR_UNKNOWN, message);
    }

    /** An error of class {@link MPI#ERR_UNKNOWN} caused by {@code cause}. */
    public MPIException(final Throwable cause)
    {
        this(MPI.ERR_UNKNOWN, String.valueOf(cause), cause);
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
