package mpi;

/**
 * A matched message ({@code MPI_Message}): {@link #mProbe}/{@link #imProbe} take a message out of
 * matching, and exactly one {@link #mRecv}/{@link #imRecv} receives it. A probe of
 * {@link MPI#PROC_NULL} gives the no-process message, whose receive completes at once.
 */
public final class Message
{
    private io.rankwire.Message msg;
    private boolean noProc;

    /** A null message. */
    public Message()
    {
    }

    /** True when this message holds nothing to receive. */
    public boolean isNull()
    {
        return msg == null && !noProc;
    }

    /** True for the message of a probe of {@link MPI#PROC_NULL}. */
    public boolean isNoProc()
    {
        return noProc;
    }

    /** Blocks until a matching message arrives, takes it out of matching and returns its status. */
    public Status mProbe(final int source, final int tag, final Comm comm)
    {
        final io.rankwire.Communicator c = comm.rw();
        if (!Comm.checkSource(c, source, tag))
        {
            msg = null;
            noProc = true;
            return Status.procNull();
        }
        try
        {
            msg = c.mprobe(source, tag);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        noProc = false;
        return Status.of(msg.status());
    }

    /**
     * Like {@link #mProbe} but never blocks: the status of the matched message, which this object
     * now holds, or null when no message matches (this object is then left null).
     */
    public Status imProbe(final int source, final int tag, final Comm comm)
    {
        final io.rankwire.Communicator c = comm.rw();
        if (!Comm.checkSource(c, source, tag))
        {
            msg = null;
            noProc = true;
            return Status.procNull();
        }
        try
        {
            msg = c.improbe(source, tag).orElse(null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        noProc = false;
        return msg == null ? null : Status.of(msg.status());
    }

    /** Receives the message into {@code count} elements of {@code type}; the message becomes null. */
    public Status mRecv(final Object buf, final int count, final Datatype type)
    {
        return imRecv(buf, count, type).waitStatus();
    }

    /** Starts receiving the message; the message becomes null. */
    public Request imRecv(final Object buf, final int count, final Datatype type)
    {
        final Buf b = Buf.of(buf, count, type);
        if (noProc)
        {
            noProc = false;
            return new Request(Status.procNull());
        }
        if (msg == null)
        {
            throw new MPIException(MPI.ERR_REQUEST, "message : null (expected: a message from mProbe or imProbe)");
        }
        final io.rankwire.Message m = msg;
        msg = null;
        return Transfer.imrecv(m, b);
    }
}
