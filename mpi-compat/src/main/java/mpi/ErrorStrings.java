package mpi;

/**
 * The name and a short description of each error class, which starts the message of every
 * {@link MPIException} (as {@code MPI_ERROR_STRING} starts Open MPI's), e.g.
 * {@code "MPI_ERR_RANK: invalid rank: dest : 5 (expected: 0..3 or PROC_NULL)"}.
 */
final class ErrorStrings
{
    private static final String[] STRINGS = {
        "MPI_SUCCESS: no error",
        "MPI_ERR_BUFFER: invalid buffer",
        "MPI_ERR_COUNT: invalid count",
        "MPI_ERR_TYPE: invalid datatype",
        "MPI_ERR_TAG: invalid tag",
        "MPI_ERR_COMM: invalid communicator",
        "MPI_ERR_RANK: invalid rank",
        "MPI_ERR_REQUEST: invalid request",
        "MPI_ERR_ROOT: invalid root",
        "MPI_ERR_GROUP: invalid group",
        "MPI_ERR_OP: invalid reduction operation",
        "MPI_ERR_TOPOLOGY: invalid topology",
        "MPI_ERR_DIMS: invalid dimensions",
        "MPI_ERR_ARG: invalid argument",
        "MPI_ERR_UNKNOWN: unknown error",
        "MPI_ERR_TRUNCATE: message truncated",
        "MPI_ERR_OTHER: other error",
        "MPI_ERR_INTERN: internal error",
        "MPI_ERR_IN_STATUS: error in a status",
        "MPI_ERR_PENDING: request pending",
        "MPI_ERR_ACCESS: access denied",
        "MPI_ERR_AMODE: invalid access mode",
        "MPI_ERR_ASSERT: invalid assertion",
        "MPI_ERR_BAD_FILE: invalid file name",
        "MPI_ERR_BASE: invalid base",
        "MPI_ERR_CONVERSION: data conversion failed",
        "MPI_ERR_DISP: invalid displacement",
        "MPI_ERR_DUP_DATAREP: data representation already defined",
        "MPI_ERR_FILE_EXISTS: file exists",
        "MPI_ERR_FILE_IN_USE: file in use",
        "MPI_ERR_FILE: invalid file",
        "MPI_ERR_INFO_KEY: invalid info key",
        "MPI_ERR_INFO_NOKEY: info key not set",
        "MPI_ERR_INFO_VALUE: invalid info value",
        "MPI_ERR_INFO: invalid info object",
        "MPI_ERR_IO: input/output error",
        "MPI_ERR_KEYVAL: invalid attribute key",
        "MPI_ERR_LOCKTYPE: invalid lock type",
        "MPI_ERR_NAME: invalid name",
        "MPI_ERR_NO_MEM: out of memory",
        "MPI_ERR_NOT_SAME: arguments differ between processes",
        "MPI_ERR_NO_SPACE: no space left",
        "MPI_ERR_NO_SUCH_FILE: no such file",
        "MPI_ERR_PORT: invalid port",
        "MPI_ERR_QUOTA: quota exceeded",
        "MPI_ERR_READ_ONLY: read-only",
        "MPI_ERR_RMA_CONFLICT: conflicting one-sided accesses",
        "MPI_ERR_RMA_SYNC: one-sided synchronization error",
        "MPI_ERR_SERVICE: invalid service name",
        "MPI_ERR_SIZE: invalid size",
        "MPI_ERR_SPAWN: spawn failed",
        "MPI_ERR_UNSUPPORTED_DATAREP: unsupported data representation",
        "MPI_ERR_UNSUPPORTED_OPERATION: unsupported operation",
        "MPI_ERR_WIN: invalid window",
    };

    private ErrorStrings()
    {
    }

    /** The string of error class or code {@code code}. */
    static String of(final int code)
    {
        if (code >= 0 && code < STRINGS.length)
        {
            return STRINGS[code];
        }
        if (code == MPI.ERR_LASTCODE)
        {
            return "MPI_ERR_LASTCODE: last error code";
        }
        if (code == MPI.ERR_SYSRESOURCE)
        {
            return "MPI_ERR_SYSRESOURCE: out of system resources";
        }
        return "MPI error " + code + ": unknown error code";
    }
}
