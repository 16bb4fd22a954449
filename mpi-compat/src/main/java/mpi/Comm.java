package mpi;

/**
 * A communicator, as in the Open MPI Java bindings: point-to-point communication and probes, the
 * collectives, reductions and neighbour collectives (which Open MPI declares here, so they can be
 * called on a {@code Comm}-typed variable), attributes, info hints, error handlers and names, and
 * communicator management. {@link Intracomm} and {@link Intercomm} add what MPI defines for their
 * kind only.
 *
 * <p>Buffers are Java primitive arrays (from element 0), heap buffers (from their position, e.g.
 * made by {@link MPI#slice}) or direct buffers (from their position). Counts are in units of the
 * datatype whatever the element type of the buffer. Nonblocking calls accept arrays as well as
 * direct buffers; the buffer must not be touched until the request completes.
 *
 * <p>A null communicator ({@link #isNull()}), such as {@code split} returns to ranks passing
 * {@link MPI#UNDEFINED}, raises {@link MPI#ERR_COMM} from every call but {@code isNull}.
 */
public class Comm implements Freeable, Cloneable
{
    // One facade, grouped by section as the calls are in Open MPI's Comm. Each call resolves the
    // Rankwire communicator, checks its arguments and hands the work to the package-private class
    // of its concept: Transfer (point-to-point transfers), Coll and Movers (the collectives mapped
    // onto Rankwire's), Neighbors (the neighbour collectives), Keyvals and Attributes (attribute
    // keys and values), CommState (the per-communicator settings).

    /** The split type of {@link Intracomm#splitType}: processes that can share memory (on one host). */
    public static final int TYPE_SHARED = 0;

    // ---- what a communicator is made of: the Rankwire communicator behind it (the calling rank's
    // world or self communicator for MPI.COMM_WORLD and MPI.COMM_SELF, a fixed one for communicators
    // made by dup, split, create and the topology constructors, none for a null communicator), its
    // per-communicator state, and the argument checks its calls share

    static final int FIXED = 0;
    static final int WORLD = 1;
    static final int SELF = 2;
    static final int NULL = 3;

    final int which;
    /** The Rankwire communicator behind a FIXED one; null while the iDup making it is in flight. */
    private volatile io.rankwire.Communicator fixed;
    /** The iDup making this communicator, or null. */
    private final io.rankwire.CommRequest<?> creation;
    private final CommState state;
    private Request dupRequest;

    Comm(final int which)
    {
        this.which = which;
        this.fixed = null;
        this.creation = null;
        this.state = which == NULL ? new CommState() : null;
    }

    Comm(final io.rankwire.Communicator fixed)
    {
        this.which = FIXED;
        this.fixed = fixed;
        this.creation = null;
        this.state = new CommState();
    }

    /** A communicator {@code creation} (an iDup in flight) makes; its request is {@link #getRequest()}. */
    Comm(final io.rankwire.CommRequest<?> creation)
    {
        this.which = FIXED;
        this.creation = creation;
        this.state = new CommState();
        this.dupRequest = new Request(creation, null);
    }

    /**
     * The Rankwire communicator behind a FIXED communicator; for one made by iDup, the new one once
     * its request completed, {@link MPI#ERR_COMM} before (MPI makes using it before erroneous).
     */
    final io.rankwire.Communicator fixed()
    {
        final io.rankwire.Communicator f = fixed;
        return f != null ? f : adoptCreated();
    }

    private synchronized io.rankwire.Communicator adoptCreated()
    {
        if (fixed == null)
        {
            if (!creation.isDone())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : made by iDup, whose request has not completed " +
                    "(expected: the request of getRequest() completed first)");
            }
            try
            {
                fixed = adopt(creation.comm());
            }
            catch (final RuntimeException e)
            {
                throw Errors.of(e);
            }
        }
        return fixed;
    }

    /** Takes over what an iDup made (a communicator; an {@link Intercomm} has more to keep). */
    io.rankwire.Communicator adopt(final Object made)
    {
        return (io.rankwire.Communicator)made;
    }

    /** The Rankwire communicator behind a FIXED one, or its iDup while in flight (for toString). */
    final String fixedOrCreation()
    {
        final io.rankwire.Communicator f = fixed;
        return f != null ? f.toString() : String.valueOf(creation);
    }

    /**
     * True once the Rankwire communicator behind a FIXED one was closed; false while an iDup makes
     * it, or when that iDup failed (using it raises the failure).
     */
    final boolean fixedClosed()
    {
        final io.rankwire.Communicator f = fixed;
        if (f != null)
        {
            return f.isClosed();
        }
        try
        {
            return creation.isDone() && fixed().isClosed();
        }
        catch (final MPIException failed)
        {
            return false;
        }
    }

    /** The Rankwire communicator behind this one; {@link MPI#ERR_COMM} for a freed or null communicator. */
    final io.rankwire.Communicator rw()
    {
        if (which == FIXED)
        {
            final io.rankwire.Communicator f = fixed();
            if (f.isClosed())
            {
                throw new MPIException(MPI.ERR_COMM, "communicator : freed (expected: a valid communicator)");
            }
            Binding.current();
            return f;
        }
        if (which == NULL)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : MPI_COMM_NULL (expected: a valid communicator)");
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.rw.world() : b.self;
    }

    /**
     * The intra-communicator behind this one, for the calls MPI defines on intra-communicators
     * only (an {@link Intercomm} overrides those that it has too).
     */
    final io.rankwire.Comm intra()
    {
        final io.rankwire.Communicator c = rw();
        if (c instanceof io.rankwire.Comm)
        {
            return (io.rankwire.Comm)c;
        }
        throw new MPIException(MPI.ERR_COMM, "communicator : an inter-communicator (expected: an intra-communicator)");
    }

    /** The Rankwire collectives behind this communicator's, in the array form the binding computes. */
    final ArrayCollectives collRw()
    {
        return new ArrayCollectives(rw());
    }

    /**
     * How many ranks the per-rank count arrays of gathers, scatters, all-gathers and all-to-all
     * index: the group's size, the remote group's for an {@link Intercomm}.
     */
    int collPeers()
    {
        return rw().size();
    }

    /** Per-communicator settings: error handler, name, attributes, info, topology. */
    final CommState state()
    {
        if (which == FIXED || which == NULL)
        {
            return state;
        }
        final Binding b = Binding.current();
        return which == WORLD ? b.worldState : b.selfState;
    }

    /** The rank's binding: its runtime, attached buffer and staging pool. */
    static Binding binding()
    {
        return Binding.current();
    }

    /** This rank's number in the communicator. */
    public final int getRank()
    {
        return rw().rank();
    }

    /** The number of ranks in the communicator (of the local group for an inter-communicator). */
    public final int getSize()
    {
        return localSize();
    }

    /** The local group's size: the Rankwire communicator's, except for an {@link Intercomm}. */
    int localSize()
    {
        return rw().size();
    }

    /** Checks a send's destination and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkDest(final io.rankwire.Communicator c, final int dest, final int tag)
    {
        if (tag < 0 || tag > io.rankwire.Comm.TAG_UB)
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + io.rankwire.Comm.TAG_UB + ")");
        }
        if (dest == MPI.PROC_NULL)
        {
            return false;
        }
        if (dest < 0 || dest >= peers(c))
        {
            throw new MPIException(MPI.ERR_RANK, "dest : " + dest + " (expected: 0.." + (peers(c) - 1) + " or PROC_NULL)");
        }
        return true;
    }

    /** Checks a receive's source and tag; false for {@code PROC_NULL} (nothing to do). */
    static boolean checkSource(final io.rankwire.Communicator c, final int source, final int tag)
    {
        if (tag != MPI.ANY_TAG && (tag < 0 || tag > io.rankwire.Comm.TAG_UB))
        {
            throw new MPIException(MPI.ERR_TAG, "tag : " + tag + " (expected: 0.." + io.rankwire.Comm.TAG_UB + " or ANY_TAG)");
        }
        if (source == MPI.PROC_NULL)
        {
            return false;
        }
        if (source != MPI.ANY_SOURCE && (source < 0 || source >= peers(c)))
        {
            throw new MPIException(MPI.ERR_RANK, "source : " + source + " (expected: 0.." + (peers(c) - 1) +
                ", ANY_SOURCE or PROC_NULL)");
        }
        return true;
    }

    /** The ranks point-to-point calls address: the group's, the remote group's for an inter-communicator. */
    static int peers(final io.rankwire.Communicator c)
    {
        return c instanceof io.rankwire.Intercomm ? ((io.rankwire.Intercomm)c).remoteSize() : c.size();
    }

    // ---- management

    /**
     * Ends the whole job ({@code io.rankwire.Rankwire.abort}): the launcher and the other ranks are
     * told, this rank's connections close in order, and this process exits with
     * {@code errorcode}; the launcher ends the other ranks and exits with it too.
     */
    public final void abort(final int errorcode)
    {
        System.err.println("MPI_ABORT was invoked on rank " + safeRank() + " with errorcode " + errorcode);
        System.out.flush();
        System.err.flush();
        final Binding b = Binding.find();
        if (b != null && b.initialized && !b.finalized)
        {
            try
            {
                b.rw.abort(errorcode);
            }
            catch (final RuntimeException e)
            {
                // ranks sharing one JVM (an in-JVM job): this rank's end is the JVM's, as in MPI
            }
        }
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

    /**
     * Frees the communicator, dropping its attributes; {@code COMM_WORLD} and {@code COMM_SELF}
     * cannot be freed.
     */
    public final void free()
    {
        if (which == NULL)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : MPI_COMM_NULL (expected: a valid communicator)");
        }
        if (which != FIXED)
        {
            throw new MPIException(MPI.ERR_COMM, "communicator : " + getName() + " (expected: a communicator made by dup or split)");
        }
        fixed(); // ERR_COMM while the iDup making it is in flight
        state().release();
        closeFixed();
    }

    /** Closes the Rankwire communicator behind this one ({@link Intercomm} closes more). */
    void closeFixed()
    {
        fixed().close();
    }

    /** True once this communicator was freed. */
    public final boolean isNull()
    {
        return which == NULL || which == FIXED && fixedClosed();
    }

    /** The group of this communicator's members, in rank order ({@code MPI_COMM_GROUP}). */
    public final Group getGroup()
    {
        return localGroup();
    }

    /** The local group: the Rankwire communicator's members, except for an {@link Intercomm}. */
    Group localGroup()
    {
        return Group.of(intra());
    }

    /** A new communicator with the same group, attributes and info hints ({@code MPI_COMM_DUP}). Collective. */
    public Comm dup()
    {
        return copyState(new Comm(dupRw()), null);
    }

    /**
     * {@code MPI_COMM_IDUP}: starts a duplicate (same group, attributes and info hints, copied now)
     * and returns at once, without waiting for the other members; the duplicate may be used once
     * its {@link #getRequest()} completed (wait or test it, alone or beside other requests; it
     * moves on whenever this rank makes progress). Collective, in the order of this communicator's
     * other collectives. Using the duplicate before raises {@link MPI#ERR_COMM}.
     */
    public Comm iDup()
    {
        return copyState(new Comm(iDupRw()), null);
    }

    /** The request of the {@link #iDup()} that made this communicator, or {@link MPI#REQUEST_NULL}. */
    public final Request getRequest()
    {
        return dupRequest == null ? MPI.REQUEST_NULL : dupRequest;
    }

    /** Starts the Rankwire side of an iDup. */
    final io.rankwire.CommRequest<io.rankwire.Comm> iDupRw()
    {
        try
        {
            return intra().idup();
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /**
     * A new communicator with the same group and attributes and the hints of {@code info}
     * ({@code MPI_COMM_DUP_WITH_INFO}). Collective.
     */
    public Comm dupWithInfo(final Info info)
    {
        return copyState(new Comm(dupRw()), info);
    }

    /** Copies this communicator's attributes, and its hints or those of {@code info}, to {@code to}. */
    final <T extends Comm> T copyState(final T to, final Info info)
    {
        to.state().attributes.copyFrom(state().attributes);
        to.state().info = info == null ? state().info.dup() : Info.hintsOf(info);
        to.state().errhandler = state().errhandler;
        to.state().topology = state().topology;
        return to;
    }

    /**
     * The kind of topology attached: {@link MPI#CART}, {@link MPI#GRAPH}, {@link MPI#DIST_GRAPH},
     * or {@link MPI#UNDEFINED} for none.
     */
    public final int getTopology()
    {
        rw();
        final Topology t = state().topology;
        return t == null ? MPI.UNDEFINED : t.kind();
    }

    /** True for an {@link Intercomm}. */
    public final boolean isInter()
    {
        rw();
        return this instanceof Intercomm;
    }

    /**
     * An inter-communicator between {@code localComm}'s group and a disjoint remote group
     * ({@code MPI_INTERCOMM_CREATE}), called on the peer communicator as in Open MPI: it holds
     * both leaders ({@code remoteLeader} is the remote leader's rank in it) and is used at the local
     * leader only, to exchange the groups with {@code tag}. Collective over both groups.
     */
    public final Intercomm createIntercomm(final Comm localComm, final int localLeader, final int remoteLeader, final int tag)
    {
        final io.rankwire.Comm local = localComm.intra();
        if (localLeader < 0 || localLeader >= local.size())
        {
            throw new MPIException(MPI.ERR_RANK, "localLeader : " + localLeader + " (expected: 0.." + (local.size() - 1) + ")");
        }
        final io.rankwire.Comm peer = local.rank() == localLeader ? intra() : null;
        if (peer != null && (remoteLeader < 0 || remoteLeader >= peer.size()))
        {
            throw new MPIException(MPI.ERR_RANK, "remoteLeader : " + remoteLeader + " (expected: 0.." + (peer.size() - 1) + ")");
        }
        try
        {
            return new Intercomm(local.createIntercomm(localLeader, peer, remoteLeader, tag));
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    final io.rankwire.Comm dupRw()
    {
        try
        {
            return intra().dup();
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
        final io.rankwire.Comm a = comm1.intra();
        final io.rankwire.Comm b = comm2.intra();
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

    // ---- point-to-point: blocking sends and receive

    /**
     * Sends {@code count} elements of {@code type} (standard mode). Blocks until the buffer may be
     * reused: at once for a message that goes out eagerly, which then needs no request.
     */
    public final void send(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final io.rankwire.Communicator c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (checkDest(c, dest, tag))
        {
            Transfer.send(c, b, dest, tag);
        }
    }

    /**
     * Sends in buffered mode: the data is copied into the attached buffer and the call returns. A
     * message up to Rankwire's eager limit is sent eagerly, without an attached buffer, as Open MPI
     * does (see {@link #ibSend}).
     */
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
        final io.rankwire.Communicator c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkSource(c, source, tag))
        {
            return Status.procNull();
        }
        return Transfer.recv(c, b, source, tag);
    }

    // ---- point-to-point: nonblocking sends and receive

    /** Starts a standard-mode send. */
    public final Request iSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        return startSend(buf, count, type, dest, tag, false);
    }

    /**
     * Starts a buffered-mode send. The data is copied into the attached buffer
     * ({@link MPI#attachBuffer}) and the request is complete at once. A message of at most
     * Rankwire's eager limit ({@code Rankwire.eagerLimit()}) that finds no buffer attached, or no
     * room in it, goes out as an eager standard send instead, which completes locally: Open MPI
     * sends such small buffered messages inline whether or not a buffer is attached. A larger
     * message without a buffer or room fails with {@link MPI#ERR_BUFFER}.
     */
    public final Request ibSend(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final io.rankwire.Communicator c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkDest(c, dest, tag))
        {
            return new Request(Status.procNull());
        }
        final Binding binding = binding();
        final boolean small = b.bytes <= binding.rw.eagerLimit();
        if (!binding.attached.send(c, b, dest, tag, !small))
        {
            return Transfer.isend(c, b, dest, tag, false);
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
        final io.rankwire.Communicator c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkSource(c, source, tag))
        {
            return new Request(Status.procNull());
        }
        return Transfer.irecv(c, b, source, tag);
    }

    private Request startSend(final Object buf, final int count, final Datatype type, final int dest, final int tag, final boolean sync)
    {
        final io.rankwire.Communicator c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkDest(c, dest, tag))
        {
            return new Request(Status.procNull());
        }
        return Transfer.isend(c, b, dest, tag, sync);
    }

    // ---- point-to-point: persistent requests

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
        final io.rankwire.Communicator c = rw();
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
        final io.rankwire.Communicator c = rw();
        if (!checkDest(c, dest, tag))
        {
            return null;
        }
        final io.rankwire.PersistentRequest bound = Transfer.sendInit(c, Buf.of(buf, count, type), dest, tag, sync);
        return bound == null ? null : new Prequest(bound);
    }

    // ---- point-to-point: send-receive

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

    // ---- point-to-point: pack and unpack

    /**
     * Packs {@code incount} items of {@code type} from {@code inbuf} into {@code outbuf} from
     * byte {@code position} ({@code MPI_PACK}); returns the position after them.
     * {@link MPI#ERR_TRUNCATE} when they do not fit.
     */
    public final int pack(final Object inbuf, final int incount, final Datatype type, final byte[] outbuf, final int position)
    {
        rw();
        final Buf b = Buf.of(inbuf, incount, type);
        room(Args.notNull(outbuf, "outbuf").length, position, b.bytes, "outbuf");
        b.copyTo(outbuf, position);
        return position + b.bytes;
    }

    /**
     * Unpacks {@code outcount} items of {@code type} from {@code inbuf} at byte {@code position}
     * into {@code outbuf} ({@code MPI_UNPACK}); returns the position after them.
     * {@link MPI#ERR_TRUNCATE} when {@code inbuf} holds fewer bytes.
     */
    public final int unpack(final byte[] inbuf, final int position, final Object outbuf, final int outcount, final Datatype type)
    {
        rw();
        final Buf b = Buf.of(outbuf, outcount, type);
        room(Args.notNull(inbuf, "inbuf").length, position, b.bytes, "inbuf");
        b.copyFrom(inbuf, position, b.bytes);
        return position + b.bytes;
    }

    /** The bytes {@link #pack} needs for {@code incount} items of {@code type} ({@code MPI_PACK_SIZE}). */
    public final int packSize(final int incount, final Datatype type)
    {
        rw();
        final long n = type.bytes(incount);
        if (n > Integer.MAX_VALUE)
        {
            throw new MPIException(MPI.ERR_COUNT, "incount : " + incount + " (expected: at most 2 GiB packed)");
        }
        return (int)n;
    }

    private static void room(final int length, final int position, final int need, final String name)
    {
        if (position < 0 || position > length)
        {
            throw new MPIException(MPI.ERR_ARG, "position : " + position + " (expected: 0.." + length + ")");
        }
        if (length - position < need)
        {
            throw new MPIException(MPI.ERR_TRUNCATE, name + " : " + (length - position) + " bytes from position " + position +
                " (expected: >= " + need + ")");
        }
    }

    // ---- point-to-point: probes

    /** Blocks until a matching message can be received; its status. */
    public final Status probe(final int source, final int tag)
    {
        final io.rankwire.Communicator c = rw();
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
        final io.rankwire.Communicator c = rw();
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

    // ---- collectives: barrier, broadcast, gather, scatter, all-gather and all-to-all with their
    // vector and in-place forms. Count and displacement arrays may be longer than the group; their
    // first getSize() entries are read, as Open MPI does. They map onto Rankwire's collectives
    // through Coll and Movers.

    final Coll coll()
    {
        final ArrayCollectives c = collRw();
        return new Coll(c, getRank(), getSize(), collPeers(), this instanceof Intercomm);
    }

    final Movers movers()
    {
        return new Movers(coll());
    }

    /** Blocks until every member (of both groups, on an inter-communicator) has called barrier. */
    public final void barrier()
    {
        final ArrayCollectives c = collRw();
        Coll.run(c::barrier);
    }

    /** Copies {@code count} elements from {@code root} to every member. */
    public final void bcast(final Object buf, final int count, final Datatype type, final int root)
    {
        movers().bcast(buf, count, type, root);
    }

    /** Gathers {@code sendcount} elements from each member into {@code recvbuf} at {@code root}. */
    public final void gather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype, root);
    }

    /** In-place gather: the root's block is already in {@code buf}; other members send {@code count} elements of {@code buf}. */
    public final void gather(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            gather(Coll.IN_PLACE, count, type, buf, count, type, root);
        }
        else
        {
            gather(buf, count, type, null, count, type, root);
        }
    }

    /** Gathers {@code recvcount[r]} elements from member r into {@code recvbuf} at {@code displs[r]} at {@code root}. */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        movers().gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, root, false);
    }

    /** In-place gatherv at the root: its block is already in {@code recvbuf}. */
    public final void gatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        gatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype, root);
    }

    /** gatherv at a member other than the root (the receive arguments are not significant there). */
    public final void gatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root)
    {
        gatherv(sendbuf, sendcount, sendtype, null, null, null, sendtype, root);
    }

    /** Sends block r ({@code sendcount} elements) of the root's {@code sendbuf} to member r. */
    public final void scatter(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), sendcount);
        scatterv(sendbuf, counts, Coll.blockDispls(counts), sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** In-place scatter: the root keeps its block in {@code buf}; other members receive {@code count} elements into {@code buf}. */
    public final void scatter(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            scatter(buf, count, type, Coll.IN_PLACE, count, type, root);
        }
        else
        {
            scatter(null, count, type, buf, count, type, root);
        }
    }

    /** Sends {@code sendcount[r]} elements at {@code displs[r]} of the root's {@code sendbuf} to member r. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        movers().scatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount, recvtype, root, false);
    }

    /** In-place scatterv at the root: it keeps its block in {@code sendbuf}. */
    public final void scatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
    {
        scatterv(sendbuf, sendcount, displs, sendtype, Coll.IN_PLACE, 0, sendtype, root);
    }

    /** scatterv at a member other than the root (the send arguments are not significant there). */
    public final void scatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        scatterv(null, null, null, recvtype, recvbuf, recvcount, recvtype, root);
    }

    /** Every member receives every member's {@code sendcount} elements, in rank order. */
    public final void allGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        allGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype);
    }

    /** In-place allGather: each member's block is already at its place in {@code buf}. */
    public final void allGather(final Object buf, final int count, final Datatype type)
    {
        allGather(Coll.IN_PLACE, count, type, buf, count, type);
    }

    /** Every member receives member r's {@code recvcount[r]} elements at {@code displs[r]}. */
    public final void allGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        movers().allGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, false);
    }

    /** In-place allGatherv: each member's block is already at its place in {@code recvbuf}. */
    public final void allGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        allGatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype);
    }

    /** Block r ({@code sendcount} elements) of each member's {@code sendbuf} goes to member r. */
    public final void allToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] sc = Coll.filled(collPeers(), sendcount);
        final int[] rc = Coll.filled(collPeers(), recvcount);
        allToAllv(sendbuf, sc, Coll.blockDispls(sc), sendtype, recvbuf, rc, Coll.blockDispls(rc), recvtype);
    }

    /** {@code sendcount[r]} elements at {@code sdispls[r]} go to member r, into its {@code recvbuf} at {@code rdispls[me]}. */
    public final void allToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        movers().allToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype, false);
    }

    // ---- collectives: nonblocking forms

    /** Starts a barrier; the request completes once every member has entered it. */
    public final Request iBarrier()
    {
        final ArrayCollectives c = collRw();
        try
        {
            return new Request(c.ibarrier(), null);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Starts a broadcast of {@code count} elements from {@code root}; {@code buf} holds them once the request completes. */
    public final Request iBcast(final Object buf, final int count, final Datatype type, final int root)
    {
        return movers().ibcast(buf, count, type, root);
    }

    /** Starts a {@link #gather(Object, int, Datatype, Object, int, Datatype, int) gather}; {@code recvbuf} holds the blocks at the root once the request completes. */
    public final Request iGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        return iGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype, root);
    }

    /** Starts an in-place gather (see {@link #gather(Object, int, Datatype, int)}). */
    public final Request iGather(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            return iGather(Coll.IN_PLACE, count, type, buf, count, type, root);
        }
        return iGather(buf, count, type, null, count, type, root);
    }

    /** Starts a {@link #gatherv(Object, int, Datatype, Object, int[], int[], Datatype, int) gatherv}. */
    public final Request iGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return movers().gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, root, true);
    }

    /** Starts an in-place gatherv at the root. */
    public final Request iGatherv(final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype, final int root)
    {
        return iGatherv(Coll.IN_PLACE, 0, recvtype, recvbuf, recvcount, displs, recvtype, root);
    }

    /** Starts a gatherv at a member other than the root. */
    public final Request iGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype, final int root)
    {
        return iGatherv(sendbuf, sendcount, sendtype, null, null, null, sendtype, root);
    }

    /** Starts a {@link #scatter(Object, int, Datatype, Object, int, Datatype, int) scatter}. */
    public final Request iScatter(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        final int[] counts = Coll.filled(collPeers(), sendcount);
        return iScatterv(sendbuf, counts, Coll.blockDispls(counts), sendtype, recvbuf, recvcount, recvtype, root);
    }

    /** Starts an in-place scatter (see {@link #scatter(Object, int, Datatype, int)}). */
    public final Request iScatter(final Object buf, final int count, final Datatype type, final int root)
    {
        if (coll().isRoot(root))
        {
            return iScatter(buf, count, type, Coll.IN_PLACE, count, type, root);
        }
        return iScatter(null, count, type, buf, count, type, root);
    }

    /** Starts a {@link #scatterv(Object, int[], int[], Datatype, Object, int, Datatype, int) scatterv}. */
    public final Request iScatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        return movers().scatterv(sendbuf, sendcount, displs, sendtype, recvbuf, recvcount, recvtype, root, true);
    }

    /** Starts an in-place scatterv at the root. */
    public final Request iScatterv(final Object sendbuf, final int[] sendcount, final int[] displs, final Datatype sendtype, final int root)
    {
        return iScatterv(sendbuf, sendcount, displs, sendtype, Coll.IN_PLACE, 0, sendtype, root);
    }

    /** Starts a scatterv at a member other than the root. */
    public final Request iScatterv(final Object recvbuf, final int recvcount, final Datatype recvtype, final int root)
    {
        return iScatterv(null, null, null, recvtype, recvbuf, recvcount, recvtype, root);
    }

    /** Starts an {@link #allGather(Object, int, Datatype, Object, int, Datatype) allGather}. */
    public final Request iAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] counts = Coll.filled(collPeers(), recvcount);
        return iAllGatherv(sendbuf, sendcount, sendtype, recvbuf, counts, Coll.blockDispls(counts), recvtype);
    }

    /** Starts an in-place allGather. */
    public final Request iAllGather(final Object buf, final int count, final Datatype type)
    {
        return iAllGather(Coll.IN_PLACE, count, type, buf, count, type);
    }

    /** Starts an {@link #allGatherv(Object, int, Datatype, Object, int[], int[], Datatype) allGatherv}. */
    public final Request iAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        return movers().allGatherv(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype, true);
    }

    /** Starts an in-place allGatherv. */
    public final Request iAllGatherv(final Object buf, final int[] count, final int[] displs, final Datatype type)
    {
        return iAllGatherv(Coll.IN_PLACE, 0, type, buf, count, displs, type);
    }

    /** Starts an {@link #allToAll(Object, int, Datatype, Object, int, Datatype) allToAll}. */
    public final Request iAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final int[] sc = Coll.filled(collPeers(), sendcount);
        final int[] rc = Coll.filled(collPeers(), recvcount);
        return iAllToAllv(sendbuf, sc, Coll.blockDispls(sc), sendtype, recvbuf, rc, Coll.blockDispls(rc), recvtype);
    }

    /** Starts an {@link #allToAllv(Object, int[], int[], Datatype, Object, int[], int[], Datatype) allToAllv}. */
    public final Request iAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        return movers().allToAllv(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype, true);
    }

    /**
     * Block r ({@code sendcount[r]} items of {@code sendtypes[r]} from byte {@code sdispls[r]} of
     * {@code sendbuf}) goes to member r, into its {@code recvbuf} at byte {@code rdispls[me]} as
     * {@code recvcount[me]} items of {@code recvtypes[me]} ({@code MPI_ALLTOALLW}).
     */
    public final void allToAllw(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype[] recvtypes)
    {
        movers().allToAllw(sendbuf, sendcount, sdispls, sendtypes, recvbuf, recvcount, rdispls, recvtypes, false);
    }

    /** Starts an {@link #allToAllw}; {@code recvbuf} holds the blocks once the request completes. */
    public final Request iAllToAllw(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype[] sendtypes,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype[] recvtypes)
    {
        return movers().allToAllw(sendbuf, sendcount, sdispls, sendtypes, recvbuf, recvcount, rdispls, recvtypes, true);
    }

    // ---- reductions: reduce, all-reduce, reduce-scatter and its block form, each with its in-place
    // form, their nonblocking forms and the local reduction. The prefix reductions (scan, exScan)
    // are on Intracomm, as in Open MPI. Reductions work on arrays of the datatype's Java element
    // type (see Coll.reduceKind); other buffers are staged.

    /** Reduces every member's {@code sendbuf} into {@code recvbuf} at {@code root}. */
    public final void reduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final ArrayCollectives c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        k.reduce(k.rootSide(root) ? Coll.IN_PLACE : sendbuf, isRoot ? recvbuf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, rt));
    }

    /** In-place reduce: at the root {@code buf} holds the input and receives the result; elsewhere it is the input. */
    public final void reduce(final Object buf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final ArrayCollectives c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        k.reduce(isRoot || k.rootSide(root) ? Coll.IN_PLACE : buf, isRoot ? buf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.reduce(s, so, r, ro, n, o, rt));
    }

    /** Reduces every member's {@code sendbuf} into every member's {@code recvbuf}. */
    public final void allReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        final ArrayCollectives c = collRw();
        coll().reduce(sendbuf, recvbuf, count, type, op, true, c::allReduce);
    }

    /** In-place allReduce: {@code buf} holds the input and receives the result. */
    public final void allReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        allReduce(Coll.IN_PLACE, buf, count, type, op);
    }

    /**
     * Reduces {@code sum(recvcounts)} elements; member r receives block r. Only the first
     * {@code getSize()} entries of {@code recvcounts} are read.
     */
    public final void reduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        coll().reduceScatter(sendbuf, recvbuf, recvcounts, type, op);
    }

    /** In-place reduceScatter: {@code buf} holds the input and receives this member's block at its start. */
    public final void reduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op)
    {
        reduceScatter(Coll.IN_PLACE, buf, counts, type, op);
    }

    /** Reduces {@code getSize() * recvcount} elements; member r receives block r. */
    public final void reduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
    {
        reduceScatter(sendbuf, recvbuf, Coll.filled(getSize(), recvcount), type, op);
    }

    /**
     * In-place reduceScatterBlock: {@code buf} holds the {@code getSize() * count} input elements
     * and receives this member's block of {@code count} elements at its start.
     */
    public final void reduceScatterBlock(final Object buf, final int count, final Datatype type, final Op op)
    {
        reduceScatter(Coll.IN_PLACE, buf, Coll.filled(getSize(), count), type, op);
    }

    /** Starts an allReduce; {@code recvbuf} holds the result once the request completes. */
    public final Request iAllReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op)
    {
        return coll().iallReduce(sendbuf, recvbuf, count, type, op);
    }

    /** Starts an in-place allReduce: {@code buf} holds the input and, once the request completes, the result. */
    public final Request iAllReduce(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iAllReduce(Coll.IN_PLACE, buf, count, type, op);
    }

    /** Starts a {@link #reduce(Object, Object, int, Datatype, Op, int) reduce}; {@code recvbuf} holds the result at the root once the request completes. */
    public final Request iReduce(final Object sendbuf, final Object recvbuf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final ArrayCollectives c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        return k.ireduce(k.rootSide(root) ? Coll.IN_PLACE : sendbuf, isRoot ? recvbuf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.ireduce(s, so, r, ro, n, o, rt));
    }

    /** Starts an in-place reduce (see {@link #reduce(Object, int, Datatype, Op, int)}). */
    public final Request iReduce(final Object buf, final int count, final Datatype type, final Op op, final int root)
    {
        final Coll k = coll();
        final ArrayCollectives c = k.c();
        final boolean isRoot = k.isRoot(root);
        final int rt = Coll.rtRoot(root);
        return k.ireduce(isRoot || k.rootSide(root) ? Coll.IN_PLACE : buf, isRoot ? buf : null, count, type, op, isRoot,
            (s, so, r, ro, n, o) -> c.ireduce(s, so, r, ro, n, o, rt));
    }

    /** Starts a {@link #reduceScatter(Object, Object, int[], Datatype, Op) reduceScatter}. */
    public final Request iReduceScatter(final Object sendbuf, final Object recvbuf, final int[] recvcounts, final Datatype type, final Op op)
    {
        return coll().ireduceScatter(sendbuf, recvbuf, recvcounts, type, op);
    }

    /** Starts an in-place reduceScatter. */
    public final Request iReduceScatter(final Object buf, final int[] counts, final Datatype type, final Op op)
    {
        return iReduceScatter(Coll.IN_PLACE, buf, counts, type, op);
    }

    /** Starts a {@link #reduceScatterBlock(Object, Object, int, Datatype, Op) reduceScatterBlock}. */
    public final Request iReduceScatterBlock(final Object sendbuf, final Object recvbuf, final int recvcount, final Datatype type, final Op op)
    {
        return iReduceScatter(sendbuf, recvbuf, Coll.filled(getSize(), recvcount), type, op);
    }

    /** Starts an in-place reduceScatterBlock. */
    public final Request iReduceScatterBlock(final Object buf, final int count, final Datatype type, final Op op)
    {
        return iReduceScatter(Coll.IN_PLACE, buf, Coll.filled(getSize(), count), type, op);
    }

    /**
     * Combines {@code inBuf} into {@code inOutBuf} element by element on this rank alone:
     * {@code inOutBuf[i] = inBuf[i] op inOutBuf[i]}.
     */
    public static void reduceLocal(final Object inBuf, final Object inOutBuf, final int count, final Datatype type, final Op op)
    {
        Binding.current();
        Coll.reduceLocal(inBuf, inOutBuf, count, type, op);
    }

    // ---- neighbour collectives, for communicators with a topology (CartComm, GraphComm); elsewhere
    // they raise ERR_TOPOLOGY. Each process sends to its out-neighbours and receives one block from
    // each in-neighbour, in the topology's neighbour order (see Neighbors).

    private Neighbors neighbors()
    {
        final io.rankwire.Comm c = intra();
        final Topology t = state().topology;
        if (t == null)
        {
            throw new MPIException(MPI.ERR_TOPOLOGY, "communicator : " + this + " has no topology (expected: one made by " +
                "createCart, createGraph, createDistGraph or createDistGraphAdjacent)");
        }
        return new Neighbors(state().neighbours(c), t, c.rank());
    }

    /** Sends {@code sendbuf} to every out-neighbour; block k of {@code recvbuf} ({@code recvcount} items) comes from in-neighbour k. */
    public final void neighborAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Like {@link #neighborAllGather} with {@code recvcount[k]} items from in-neighbour k at {@code displs[k]}. */
    public final void neighborAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(displs, n.inDegree(), "displs"), recvtype);
    }

    /** Block k of {@code sendbuf} ({@code sendcount} items) goes to out-neighbour k; block k of {@code recvbuf} comes from in-neighbour k. */
    public final void neighborAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, n.same(n.outDegree(), sendcount), n.blocks(n.outDegree(), sendcount), sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Like {@link #neighborAllToAll} with per-neighbour counts and displacements (in items). */
    public final void neighborAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        n.exchange(sendbuf, Coll.head(sendcount, n.outDegree(), "sendcount"), Coll.head(sdispls, n.outDegree(), "sdispls"), sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(rdispls, n.inDegree(), "rdispls"), recvtype);
    }

    /** Starts a {@link #neighborAllGather}; {@code recvbuf} holds the blocks once the request completes. */
    public final Request iNeighborAllGather(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Starts a {@link #neighborAllGatherv}. */
    public final Request iNeighborAllGatherv(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] displs, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), new int[n.outDegree()], sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(displs, n.inDegree(), "displs"), recvtype);
    }

    /** Starts a {@link #neighborAllToAll}. */
    public final Request iNeighborAllToAll(final Object sendbuf, final int sendcount, final Datatype sendtype,
        final Object recvbuf, final int recvcount, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, n.same(n.outDegree(), sendcount), n.blocks(n.outDegree(), sendcount), sendtype,
            recvbuf, n.same(n.inDegree(), recvcount), n.blocks(n.inDegree(), recvcount), recvtype);
    }

    /** Starts a {@link #neighborAllToAllv}. */
    public final Request iNeighborAllToAllv(final Object sendbuf, final int[] sendcount, final int[] sdispls, final Datatype sendtype,
        final Object recvbuf, final int[] recvcount, final int[] rdispls, final Datatype recvtype)
    {
        final Neighbors n = neighbors();
        return n.start(sendbuf, Coll.head(sendcount, n.outDegree(), "sendcount"), Coll.head(sdispls, n.outDegree(), "sdispls"), sendtype,
            recvbuf, Coll.head(recvcount, n.inDegree(), "recvcount"), Coll.head(rdispls, n.inDegree(), "rdispls"), recvtype);
    }

    // ---- attributes (user keys from createKeyval() and the predefined MPI.TAG_UB ..
    // MPI.UNIVERSE_SIZE), info hints, the error handler and the name

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
        final io.rankwire.Communicator c = rw();
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

    @Override
    public String toString()
    {
        return "Comm{" + (which == WORLD ? "WORLD" : which == SELF ? "SELF" : which == NULL ? "NULL" : fixedOrCreation()) + '}';
    }
}
