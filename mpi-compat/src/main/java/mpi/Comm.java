package mpi;

/**
 * A communicator: point-to-point communication, probes, error handlers and communicator
 * management, as in the Open MPI Java bindings. Buffers are Java primitive arrays (from element
 * 0), heap buffers (from their position, e.g. made by {@link MPI#slice}) or direct buffers (from
 * their position). Counts are in units of the datatype whatever the element type of the buffer.
 * Nonblocking calls accept arrays as well as direct buffers; the buffer must not be touched
 * until the request completes.
 */
public class Comm implements Cloneable
{
    static final int FIXED = 0;
    static final int WORLD = 1;
    static final int SELF = 2;

    private final int which;
    private final io.rankwire.Comm fixed;
    private final CommState state;

    Comm(final int which)
    {
        this.which = which;
        this.fixed = null;
        this.state = null;
    }

    Comm(final io.rankwire.Comm fixed)
    {
        this.which = FIXED;
        this.fixed = fixed;
        this.state = new CommState();
    }

    /** The Rankwire communicator behind this one. */
    final io.rankwire.Comm rw()
    {
        if (which == FIXED)
        {
            if (fixed.isClosed())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : freed (expected: a valid communicator)");
            }
            Binding.current();
            return fixed;
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.rw.world() : b.self;
    }

    final CommState state()
    {
        if (which == FIXED)
        {
            return state;
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.worldState : b.selfState;
    }

    /** This rank's number in the communicator. */
    public final int getRank()
    {
        return rw().rank();
    }

    /** The number of ranks in the communicator. */
    public final int getSize()
    {
        return rw().size();
    }

    // ---- blocking sends and receive

    /** Sends {@code count} elements of {@code type} (standard mode). */
    public final void send(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        iSend(buf, count, type, dest, tag).waitFor();
    }

    /** Sends in buffered mode: the data is copied into the attached buffer and the call returns. */
    public final void bSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        ibSend(buf, count, type, dest, tag).waitFor();
    }

    /** Sends in synchronous mode: returns once the receiver has matched the message. */
    public final void sSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        isSend(buf, count, type, dest, tag).waitFor();
    }

    /** Sends in ready mode (a standard send here, which is always correct). */
    public final void rSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        send(buf, count, type, dest, tag);
    }

    /** Receives up to {@code count} elements of {@code type}; {@link MPI#ERR_TRUNCATE} if the message is longer. */
    public final Status recv(final Object buf, final int count, final Datatype type, final int source, final int tag)
    {
        return iRecv(buf, count, type, source, tag).waitStatus();
    }

    // ---- nonblocking

    /** Starts a standard-mode send. */
    public final Request iSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        return startSend(buf, count, type, dest, tag, false);
    }

    /** Starts a buffered-mode send (complete at once: the data is in the attached buffer). */
    public final Request ibSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final io.rankwire.Comm c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (checkDest(c, dest, tag))
        {
            Binding.current().attached.send(c, b, dest, tag);
        }
        return new Request(Status.empty());
    }

    /** Starts a synchronous-mode send: completes once the receiver has matched it. */
    public final Request isSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        return startSend(buf, count, type, dest, tag, true);
    }

    /** Starts a ready-mode send (a standard send here). */
    public final Request irSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        return startSend(buf, count, type, dest, tag, false);
    }

    /** Starts a receive. */
    public final Request iRecv(final Object buf, final int count, final Datatype type, final int source, final int tag)
    {
        final io.rankwire.Comm c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkSource(c, source, tag))
        {
            return new Request(Status.procNull());
        }
        return Transfer.irecv(c, b, source, tag);
    }

    private Request startSend(final Object buf, final int count, final Datatype type, final int dest, final int tag, final boolean sync)
    {
        final io.rankwire.Comm c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkDest(c, dest, tag))
        {
            return new Request(Status.procNull());
        }
        return Transfer.isend(c, b, dest, tag, sync);
    }

    // ---- persistent

    /** A persistent standard-mode send. */
    public final Prequest sendInit(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final Prequest bound = bindSend(buf, count, type, dest, tag, false);
        return bound != null ? bound : new Prequest(() -> iSend(buf, count, type, dest, tag));
    }

    /** A persistent buffered-mode send. */
    public final Prequest bSendInit(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        checkDest(rw(), dest, tag);
        return new Prequest(() -> ibSend(buf, count, type, dest, tag));
    }

    /** A persistent synchronous-mode send. */
    public final Prequest sSendInit(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final Prequest bound = bindSend(buf, count, type, dest, tag, true);
        return bound != null ? bound : new Prequest(() -> isSend(buf, count, type, dest, tag));
    }

    /** A persistent ready-mode send. */
    public final Prequest rSendInit(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final Prequest bound = bindSend(buf, count, type, dest, tag, false);
        return bound != null ? bound : new Prequest(() -> irSend(buf, count, type, dest, tag));
    }

    /** A persistent receive. */
    public final Prequest recvInit(final Object buf, final int count, final Datatype type, final int source, final int tag)
    {
        final io.rankwire.Comm c = rw();
        if (checkSource(c, source, tag))
        {
            final io.rankwire.PersistentRequest bound = Transfer.recvInit(c, Buf.of(buf, count, type), source, tag);
            if (bound != null)
            {
                return new Prequest(bound);
            }
        }
        return new Prequest(() -> iRecv(buf, count, type, source, tag));
    }

    /** A persistent send bound once to an in-place buffer; null for PROC_NULL or a buffer that needs staging. */
    private Prequest bindSend(
        final Object buf, final int count, final Datatype type, final int dest, final int tag, final boolean sync)
    {
        final io.rankwire.Comm c = rw();
        if (!checkDest(c, dest, tag))
        {
            return null;
        }
        final io.rankwire.PersistentRequest bound = Transfer.sendInit(c, Buf.of(buf, count, type), dest, tag, sync);
        return bound == null ? null : new Prequest(bound);
    }

    // ---- combined

    /** Sends and receives at once (no deadlock between ranks exchanging with each other). */
    public final Status sendRecv(
        final Object sendbuf, final int sendcount, final Datatype sendtype, final int dest, final int sendtag,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int source, final int recvtag)
    {
        final Request r = iRecv(recvbuf, recvcount, recvtype, source, recvtag);
        final Request s;
        try
        {
            s = iSend(sendbuf, sendcount, sendtype, dest, sendtag);
        }
        catch (final MPIException e)
        {
            r.cancel();
            throw e;
        }
        s.waitFor();
        return r.waitStatus();
    }

    /** Sends {@code buf} and receives into it, replacing its content. */
    public final Status sendRecvReplace(
        final Object buf, final int count, final Datatype type, final int dest, final int sendtag, final int source, final int recvtag)
    {
        final Buf b = Buf.of(buf, count, type);
        final byte[] copy = new byte[b.bytes];
        b.copyTo(copy, 0);
        return sendRecv(copy, copy.length, MPI.BYTE, dest, sendtag, buf, count, type, source, recvtag);
    }

    // ---- probes

    /** Blocks until a matching message can be received; its status. */
    public final Status probe(final int source, final int tag)
    {
        final io.rankwire.Comm c = rw();
        if (!checkSource(c, source, tag))
        {
            return Status.procNull();
        }
        try
        {
            return Status.of(c.probe(source, tag));
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** The status of a message that could be received now, or null. Never blocks. */
    public final Status iProbe(final int source, final int tag)
    {
        final io.rankwire.Comm c = rw();
        if (!checkSource(c, source, tag))
        {
            return Status.procNull();
        }
        try
        {
            return c.iprobe(source, tag).map(Status::of).orElse(null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    // ---- management

    /** Blocks until every member has called barrier. */
    public final void barrier()
    {
        try
        {
            rw().barrier();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Ends the whole job: this process exits with {@code errorcode}, and the launcher ends the other ranks. */
    public final void abort(final int errorcode)
    {
        System.err.println("MPI_ABORT was invoked on rank " + safeRank() + " with errorcode " + errorcode);
        System.out.flush();
        System.err.flush();
        System.exit(errorcode);
    }

    private String safeRank()
    {
        try
        {
            return Integer.toString(getRank());
        }
        catch (final MPIException e)
        {
            return "?";
        }
    }

    /** Sets the error handler. Errors raise {@link MPIException} either way (see docs/COMPATIBILITY.md). */
    public final void setErrhandler(final Errhandler errhandler)
    {
        state().errhandler = errhandler;
    }

    /** The error handler. */
    public final Errhandler getErrhandler()
    {
        return state().errhandler;
    }

    /** Sets the communicator's name. */
    public final void setName(final String name)
    {
        state().name = name;
    }

    /** The communicator's name. */
    public final String getName()
    {
        final String n = state().name;
        if (n.isEmpty())
        {
            return which == WORLD ? "MPI_COMM_WORLD" : which == SELF ? "MPI_COMM_SELF" : "";
        }
        return n;
    }

    /** Frees the communicator; {@code COMM_WORLD} and {@code COMM_SELF} cannot be freed. */
    public void free()
    {
        if (which != FIXED)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : " + getName() + " (expected: a communicator made by dup or split)");
        }
        fixed.close();
    }

    /** True once this communicator was freed. */
    public final boolean isNull()
    {
        return which == FIXED && fixed.isClosed();
    }

    /** A new communicator with the same group. Collective. */
    public Comm dup()
    {
        return new Comm(dupRw());
    }

    final io.rankwire.Comm dupRw()
    {
        try
        {
            return rw().dup();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    @Override
    public Comm clone()
    {
        return dup();
    }

    /**
     * Compares two communicators: {@link MPI#IDENT} (the same), {@link MPI#CONGRUENT} (same ranks
     * in the same order), {@link MPI#SIMILAR} (same ranks, another order) or {@link MPI#UNEQUAL}.
     */
    public static int compare(final Comm comm1, final Comm comm2)
    {
        final io.rankwire.Comm a = comm1.rw();
        final io.rankwire.Comm b = comm2.rw();
        if (a == b)
        {
            return MPI.IDENT;
        }
        if (a.size() != b.size())
        {
            return MPI.UNEQUAL;
        }
        final int[] wa = new int[a.size()];
        final int[] wb = new int[b.size()];
        for (int i = 0; i < wa.length; i++)
        {
            wa[i] = a.worldRank(i);
            wb[i] = b.worldRank(i);
        }
        if (java.util.Arrays.equals(wa, wb))
        {
            return MPI.CONGRUENT;
        }
        java.util.Arrays.sort(wa);
        java.util.Arrays.sort(wb);
        return java.util.Arrays.equals(wa, wb) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    // ---- argument checks

    /** Checks a send's destination and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkDest(final io.rankwire.Comm c, final int dest, final int tag)
    {
        if (tag < 0 || tag > MPI.TAG_UB)
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + MPI.TAG_UB + ")");
        }
        if (dest == MPI.PROC_NULL)
        {
            return false;
        }
        if (dest < 0 || dest >= c.size())
        {
            throw new MPIException(MPI.ERR_RANK, "dest : " + dest + " (expected: 0.." + (c.size() - 1) + " or PROC_NULL)");
        }
        return true;
    }

    /** Checks a receive's source and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkSource(final io.rankwire.Comm c, final int source, final int tag)
    {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > MPI.TAG_UB))
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + MPI.TAG_UB + " or ANY_TAG)");
        }
        if (source == MPI.PROC_NULL)
        {
            return false;
        }
        if (source != MPI.ANY_SOURCE && (source < 0 || source >= c.size()))
        {
            throw new MPIException(MPI.ERR_RANK, "source : " + source + " (expected: 0.." + (c.size() - 1) +
                ", ANY_SOURCE or PROC_NULL)");
        }
        return true;
    }

    @Override
    public String toString()
    {
        return "Comm{" + (which == WORLD ? "WORLD" : which == SELF ? "SELF" : String.valueOf(fixed)) + '}';
    }
}
