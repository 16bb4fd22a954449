package mpi;

/**
 * The point-to-point calls of {@link Comm}: blocking and nonblocking sends in the four modes,
 * receives, persistent requests, send-receive and probes. Buffers are Java primitive arrays (from
 * element 0), heap buffers (from their position) or direct buffers (from their position); counts
 * are in units of the datatype whatever the element type of the buffer.
 */
abstract class CommPointToPoint extends CommCore
{
    CommPointToPoint(final int which)
    {
        super(which);
    }

    CommPointToPoint(final io.rankwire.Comm fixed, final CommState state)
    {
        super(fixed, state);
    }

    CommPointToPoint(final io.rankwire.CommRequest<?> creation, final CommState state)
    {
        super(creation, state);
    }

    // ---- blocking sends and receive

    /**
     * Sends {@code count} elements of {@code type} (standard mode). Blocks until the buffer may be
     * reused: at once for a message that goes out eagerly, which then needs no request.
     */
    public final void send(final Object buf, final int count, final Datatype type, final int dest, final int tag)
    {
        final io.rankwire.Comm c = rw();
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
        final io.rankwire.Comm c = rw();
        final Buf b = Buf.of(buf, count, type);
        if (!checkSource(c, source, tag))
        {
            return Status.procNull();
        }
        return Transfer.recv(c, b, source, tag);
    }

    // ---- nonblocking

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
        final io.rankwire.Comm c = rw();
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

    // ---- pack and unpack

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
}
