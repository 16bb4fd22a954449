package mpi;

/**
 * What {@link Comm} caches and reports: attributes (user keys from {@link #createKeyval()} and the
 * predefined {@link MPI#TAG_UB} .. {@link MPI#UNIVERSE_SIZE}), info hints, the error handler and the
 * name.
 */
abstract class CommAttributes extends CommNeighbors
{
    CommAttributes(final int which)
    {
        super(which);
    }

    CommAttributes(final io.rankwire.Comm fixed, final CommState state)
    {
        super(fixed, state);
    }

    CommAttributes(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        super(creation, state);
    }

    /** A new attribute key for communicators ({@code MPI_COMM_CREATE_KEYVAL}). */
    public static int createKeyval()
    {
        Binding.current();
        return Keyvals.create(Keyvals.COMM);
    }

    /** Frees a key made by {@link #createKeyval()}; {@link MPI#ERR_KEYVAL} for predefined, unknown or freed keys. */
    public static void freeKeyval(final int keyval)
    {
        Binding.current();
        Keyvals.free(keyval, Keyvals.COMM);
    }

    /**
     * Caches {@code value} under {@code keyval} on this communicator. The value is stored
     * serialized, as Open MPI's bindings store it: it must be {@link java.io.Serializable}
     * ({@link MPI#ERR_ARG} otherwise), later changes to {@code value} are not seen, and
     * {@link Comm#dup()} copies it. Predefined keys are read-only ({@link MPI#ERR_KEYVAL}).
     */
    public final void setAttr(final int keyval, final Object value)
    {
        rw();
        Keyvals.check(keyval, Keyvals.COMM);
        state().attributes.set(keyval, value);
    }

    /**
     * A copy of the value cached under {@code keyval}, or null when none is. The predefined keys
     * give: {@link MPI#TAG_UB} the largest tag ({@code Integer}), {@link MPI#HOST}
     * {@code PROC_NULL}, {@link MPI#IO} {@code ANY_SOURCE} (every rank can do I/O),
     * {@link MPI#WTIME_IS_GLOBAL} {@code Boolean.FALSE}, {@link MPI#APPNUM} 0,
     * {@link MPI#LASTUSEDCODE} {@link MPI#ERR_LASTCODE} and {@link MPI#UNIVERSE_SIZE} the number of
     * ranks of the job, on every communicator.
     */
    public final Object getAttr(final int keyval)
    {
        final io.rankwire.Comm c = rw();
        switch (keyval)
        {
            case MPI.TAG_UB: return io.rankwire.Comm.TAG_UB;
            case MPI.HOST: return MPI.PROC_NULL;
            case MPI.IO: return MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL: return Boolean.FALSE;
            case MPI.APPNUM: return 0;
            case MPI.LASTUSEDCODE: return MPI.ERR_LASTCODE;
            case MPI.UNIVERSE_SIZE: return binding().rw.size();
            default:
                Keyvals.check(keyval, Keyvals.COMM);
                return state().attributes.get(keyval);
        }
    }

    /** Removes the value cached under {@code keyval} (nothing happens when none is). */
    public final void deleteAttr(final int keyval)
    {
        rw();
        Keyvals.check(keyval, Keyvals.COMM);
        state().attributes.delete(keyval);
    }

    /** Sets the communicator's info hints to a copy of {@code info} ({@code MPI_COMM_SET_INFO}). */
    public final void setInfo(final Info info)
    {
        rw();
        state().info = Info.hintsOf(info);
    }

    /** A new info object with the communicator's hints ({@code MPI_COMM_GET_INFO}); the caller frees it. */
    public final Info getInfo()
    {
        rw();
        return state().info.dup();
    }

    /** Sets the error handler. Errors raise {@link MPIException} either way (see docs/COMPATIBILITY.md). */
    public final void setErrhandler(final Errhandler errhandler)
    {
        if (errhandler == null)
        {
            throw new MPIException(MPI.ERR_ARG, "errhandler : null (expected: MPI.ERRORS_RETURN or MPI.ERRORS_ARE_FATAL)");
        }
        state().errhandler = errhandler;
    }

    /** The error handler. */
    public final Errhandler getErrhandler()
    {
        return state().errhandler;
    }

    /**
     * Invokes the communicator's error handler with {@code errorCode}
     * ({@code MPI_COMM_CALL_ERRHANDLER}): under {@link MPI#ERRORS_RETURN} nothing happens, as in
     * Open MPI; under {@link MPI#ERRORS_ARE_FATAL} it raises {@link MPIException} of that class,
     * which ends the rank, and then the job, unless caught.
     */
    public void callErrhandler(final int errorCode)
    {
        rw();
        if (state().errhandler.isFatal())
        {
            throw new MPIException(errorCode, "raised by callErrhandler on " + getName() + " (ERRORS_ARE_FATAL)");
        }
    }

    /** Sets the communicator's name. */
    public final void setName(final String name)
    {
        if (name == null || name.length() >= MPI.MAX_OBJECT_NAME)
        {
            throw new MPIException(MPI.ERR_ARG, "name : " + (name == null ? "null" : name.length() + " characters") +
                " (expected: fewer than MPI.MAX_OBJECT_NAME = " + MPI.MAX_OBJECT_NAME + ")");
        }
        state().name = name;
    }

    /** The communicator's name. */
    public final String getName()
    {
        final String n = state().name;
        if (n.isEmpty())
        {
            return which == WORLD ? "MPI_COMM_WORLD" : which == SELF ? "MPI_COMM_SELF" : which == NULL ? "MPI_COMM_NULL" : "";
        }
        return n;
    }
}
