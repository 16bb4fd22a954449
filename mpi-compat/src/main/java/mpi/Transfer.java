package mpi;

import io.rankwire.Comm;
import io.rankwire.PersistentRequest;

/**
 * Starts Rankwire operations on resolved {@link Buf}s: the typed-array overload when the items
 * are dense and whole elements of the array, the direct-buffer overload for dense direct memory,
 * else a pooled staging array ({@link StagingPool}) the items are packed into before a send and
 * unpacked from after a receive (derived types with gaps, boolean arrays, byte ranges that split an
 * element). A staging array returns to the pool when its request completes.
 */
final class Transfer
{
    private Transfer()
    {
    }

    static Request isend(final Comm c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        try
        {
            if (!b.inPlace())
            {
                return stagedSend(c, b, dest, tag, sync);
            }
            return new Request(startSend(c, b, dest, tag, sync), null);
        }
        catch (final MPIException e)
        {
            throw e;
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** Packs {@code b} into a pooled staging array, sends that, and returns the array to the pool when the send completes. */
    private static Request stagedSend(final Comm c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        final StagingPool pool = Binding.current().staging;
        final byte[] stage = pool.acquire(b.bytes);
        b.copyTo(stage, 0);
        final io.rankwire.Request r;
        try
        {
            r = sync ? c.issend(stage, 0, b.bytes, dest, tag) : c.isend(stage, 0, b.bytes, dest, tag);
        }
        catch (final RuntimeException e)
        {
            pool.release(stage);
            throw e;
        }
        return new Request(r, s -> pool.release(stage));
    }

    /**
     * A blocking standard send of {@code b} through Rankwire's blocking overloads: a small message
     * that can go out at once leaves in one call, with no request made for it. A staged copy goes
     * back to the pool when the send returns (its buffer may be reused then).
     */
    static void send(final Comm c, final Buf b, final int dest, final int tag)
    {
        try
        {
            if (b.inPlace())
            {
                sendInPlace(c, b, dest, tag);
                return;
            }
            final StagingPool pool = Binding.current().staging;
            final byte[] stage = pool.acquire(b.bytes);
            try
            {
                b.copyTo(stage, 0);
                c.send(stage, 0, b.bytes, dest, tag);
            }
            finally
            {
                pool.release(stage);
            }
        }
        catch (final MPIException e)
        {
            throw e;
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    private static io.rankwire.Request startSend(final Comm c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT:
                return sync ? c.issend(b.direct(), 0, b.bytes, dest, tag) : c.isend(b.direct(), 0, b.bytes, dest, tag);
            case Buf.BYTE:
                return sync ? c.issend((byte[])b.array, off, n, dest, tag) : c.isend((byte[])b.array, off, n, dest, tag);
            case Buf.SHORT:
                return sync ? c.issend((short[])b.array, off, n, dest, tag) : c.isend((short[])b.array, off, n, dest, tag);
            case Buf.CHAR:
                return sync ? c.issend((char[])b.array, off, n, dest, tag) : c.isend((char[])b.array, off, n, dest, tag);
            case Buf.INT:
                return sync ? c.issend((int[])b.array, off, n, dest, tag) : c.isend((int[])b.array, off, n, dest, tag);
            case Buf.LONG:
                return sync ? c.issend((long[])b.array, off, n, dest, tag) : c.isend((long[])b.array, off, n, dest, tag);
            case Buf.FLOAT:
                return sync ? c.issend((float[])b.array, off, n, dest, tag) : c.isend((float[])b.array, off, n, dest, tag);
            default:
                return sync ? c.issend((double[])b.array, off, n, dest, tag) : c.isend((double[])b.array, off, n, dest, tag);
        }
    }

    /** The blocking standard send overload for {@code b}'s kind, in place. */
    private static void sendInPlace(final Comm c, final Buf b, final int dest, final int tag)
    {
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT: c.send(b.direct(), 0, b.bytes, dest, tag); return;
            case Buf.BYTE: c.send((byte[])b.array, off, n, dest, tag); return;
            case Buf.SHORT: c.send((short[])b.array, off, n, dest, tag); return;
            case Buf.CHAR: c.send((char[])b.array, off, n, dest, tag); return;
            case Buf.INT: c.send((int[])b.array, off, n, dest, tag); return;
            case Buf.LONG: c.send((long[])b.array, off, n, dest, tag); return;
            case Buf.FLOAT: c.send((float[])b.array, off, n, dest, tag); return;
            default: c.send((double[])b.array, off, n, dest, tag);
        }
    }

    /**
     * A persistent send bound to {@code b} in place, or null when {@code b} needs a staging copy
     * (then every round must copy, which the caller does by starting a fresh send).
     */
    static PersistentRequest sendInit(final Comm c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        if (!b.inPlace())
        {
            return null;
        }
        try
        {
            return sync ? InitSends.ssend(c, b, dest, tag) : InitSends.send(c, b, dest, tag);
        }
        catch (final MPIException e)
        {
            throw e;
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /** A persistent receive bound to {@code b} in place, or null when {@code b} needs a staging copy. */
    static PersistentRequest recvInit(final Comm c, final Buf b, final int source, final int tag)
    {
        if (!b.inPlace())
        {
            return null;
        }
        final int off = b.elemOffset();
        final int n = b.elemCount();
        try
        {
            switch (b.kind)
            {
                case Buf.DIRECT: return c.recvInit(b.direct(), 0, b.bytes, source, tag);
                case Buf.BYTE: return c.recvInit((byte[])b.array, off, n, source, tag);
                case Buf.SHORT: return c.recvInit((short[])b.array, off, n, source, tag);
                case Buf.CHAR: return c.recvInit((char[])b.array, off, n, source, tag);
                case Buf.INT: return c.recvInit((int[])b.array, off, n, source, tag);
                case Buf.LONG: return c.recvInit((long[])b.array, off, n, source, tag);
                case Buf.FLOAT: return c.recvInit((float[])b.array, off, n, source, tag);
                default: return c.recvInit((double[])b.array, off, n, source, tag);
            }
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    /**
     * A blocking receive into {@code b} through Rankwire's blocking overloads (no request made for
     * it); a staged copy is unpacked into {@code b} and goes back to the pool before the return.
     */
    static Status recv(final Comm c, final Buf b, final int source, final int tag)
    {
        try
        {
            final io.rankwire.Status r;
            if (b.inPlace())
            {
                r = recvInPlace(c, b, source, tag);
            }
            else
            {
                final StagingPool pool = Binding.current().staging;
                final byte[] stage = pool.acquire(b.bytes);
                try
                {
                    r = c.recv(stage, 0, b.bytes, source, tag);
                    b.copyFrom(stage, 0, r.bytes());
                }
                finally
                {
                    pool.release(stage);
                }
            }
            return Status.untruncated(Status.of(r));
        }
        catch (final MPIException e)
        {
            throw e;
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }

    private static io.rankwire.Status recvInPlace(final Comm c, final Buf b, final int source, final int tag)
    {
        final int off = b.elemOffset();
        final int n = b.elemCount();
        switch (b.kind)
        {
            case Buf.DIRECT: return c.recv(b.direct(), 0, b.bytes, source, tag);
            case Buf.BYTE: return c.recv((byte[])b.array, off, n, source, tag);
            case Buf.SHORT: return c.recv((short[])b.array, off, n, source, tag);
            case Buf.CHAR: return c.recv((char[])b.array, off, n, source, tag);
            case Buf.INT: return c.recv((int[])b.array, off, n, source, tag);
            case Buf.LONG: return c.recv((long[])b.array, off, n, source, tag);
            case Buf.FLOAT: return c.recv((float[])b.array, off, n, source, tag);
            default: return c.recv((double[])b.array, off, n, source, tag);
        }
    }

    static Request irecv(final Comm c, final Buf b, final int source, final int tag)
    {
        return recv(b, new Target()
        {
            @Override
            public io.rankwire.Request bytes(final byte[] a, final int off, final int n)
            {
                return c.irecv(a, off, n, source, tag);
            }

            @Override
            public io.rankwire.Request typed(final Buf t, final int off, final int n)
            {
                switch (t.kind)
                {
                    case Buf.DIRECT: return c.irecv(t.direct(), 0, t.bytes, source, tag);
                    case Buf.SHORT: return c.irecv((short[])t.array, off, n, source, tag);
                    case Buf.CHAR: return c.irecv((char[])t.array, off, n, source, tag);
                    case Buf.INT: return c.irecv((int[])t.array, off, n, source, tag);
                    case Buf.LONG: return c.irecv((long[])t.array, off, n, source, tag);
                    case Buf.FLOAT: return c.irecv((float[])t.array, off, n, source, tag);
                    default: return c.irecv((double[])t.array, off, n, source, tag);
                }
            }
        });
    }

    static Request imrecv(final io.rankwire.Message m, final Buf b)
    {
        return recv(b, new Target()
        {
            @Override
            public io.rankwire.Request bytes(final byte[] a, final int off, final int n)
            {
                return m.irecv(a, off, n);
            }

            @Override
            public io.rankwire.Request typed(final Buf t, final int off, final int n)
            {
                switch (t.kind)
                {
                    case Buf.DIRECT: return m.irecv(t.direct(), 0, t.bytes);
                    case Buf.SHORT: return m.irecv((short[])t.array, off, n);
                    case Buf.CHAR: return m.irecv((char[])t.array, off, n);
                    case Buf.INT: return m.irecv((int[])t.array, off, n);
                    case Buf.LONG: return m.irecv((long[])t.array, off, n);
                    case Buf.FLOAT: return m.irecv((float[])t.array, off, n);
                    default: return m.irecv((double[])t.array, off, n);
                }
            }
        });
    }

    /** Where a receive lands: a byte range, or a typed array / direct memory. */
    private interface Target
    {
        io.rankwire.Request bytes(byte[] a, int off, int n);

        io.rankwire.Request typed(Buf b, int off, int n);
    }

    private static Request recv(final Buf b, final Target target)
    {
        try
        {
            if (!b.inPlace())
            {
                final StagingPool pool = Binding.current().staging;
                final byte[] stage = pool.acquire(b.bytes);
                final io.rankwire.Request r;
                try
                {
                    r = target.bytes(stage, 0, b.bytes);
                }
                catch (final RuntimeException e)
                {
                    pool.release(stage);
                    throw e;
                }
                return new Request(r, s ->
                {
                    b.copyFrom(stage, 0, s.bytes());
                    pool.release(stage);
                });
            }
            if (b.kind == Buf.BYTE)
            {
                return new Request(target.bytes((byte[])b.array, b.elemOffset(), b.elemCount()), null);
            }
            return new Request(target.typed(b, b.elemOffset(), b.elemCount()), null);
        }
        catch (final MPIException e)
        {
            throw e;
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
    }
}
