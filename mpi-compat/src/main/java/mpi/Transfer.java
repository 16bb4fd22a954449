package mpi;

import io.rankwire.Communicator;
import io.rankwire.PersistentRequest;

/**
 * Starts Rankwire operations on resolved {@link Buf}s: in place through the thread's
 * {@link Descriptors} when the items are dense and whole elements of the array or dense direct
 * memory, else a pooled staging array ({@link StagingPool}) the items are packed into before a send and
 * unpacked from after a receive (derived types with gaps, boolean arrays, byte ranges that split an
 * element). A staging array returns to the pool when its request completes.
 */
final class Transfer
{
    private Transfer()
    {
    }

    static Request isend(final Communicator c, final Buf b, final int dest, final int tag, final boolean sync)
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
    private static Request stagedSend(final Communicator c, final Buf b, final int dest, final int tag, final boolean sync)
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
    static void send(final Communicator c, final Buf b, final int dest, final int tag)
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

    private static io.rankwire.Request startSend(final Communicator c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        final io.rankwire.buffer.MessageBuffer m = Descriptors.inPlace(b);
        return sync ? c.issend(m, dest, tag) : c.isend(m, dest, tag);
    }

    /** The blocking standard send of {@code b}, in place. */
    private static void sendInPlace(final Communicator c, final Buf b, final int dest, final int tag)
    {
        c.send(Descriptors.inPlace(b), dest, tag);
    }

    /**
     * A persistent send bound to {@code b} in place, or null when {@code b} needs a staging copy
     * (then every round must copy, which the caller does by starting a fresh send).
     */
    static PersistentRequest sendInit(final Communicator c, final Buf b, final int dest, final int tag, final boolean sync)
    {
        if (!b.inPlace())
        {
            return null;
        }
        try
        {
            final io.rankwire.buffer.MessageBuffer m = Descriptors.inPlace(b);
            return sync ? c.ssendInit(m, dest, tag) : c.sendInit(m, dest, tag);
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
    static PersistentRequest recvInit(final Communicator c, final Buf b, final int source, final int tag)
    {
        if (!b.inPlace())
        {
            return null;
        }
        try
        {
            return c.recvInit(Descriptors.inPlace(b), source, tag);
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
    static Status recv(final Communicator c, final Buf b, final int source, final int tag)
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

    private static io.rankwire.Status recvInPlace(final Communicator c, final Buf b, final int source, final int tag)
    {
        return c.recv(Descriptors.inPlace(b), source, tag);
    }

    static Request irecv(final Communicator c, final Buf b, final int source, final int tag)
    {
        return recv(b, m -> c.irecv(m, source, tag));
    }

    static Request imrecv(final io.rankwire.Message msg, final Buf b)
    {
        return recv(b, msg::irecv);
    }

    /** Where a receive lands: the memory a descriptor names. */
    private interface Target
    {
        io.rankwire.Request start(io.rankwire.buffer.MessageBuffer m);
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
                    r = target.start(Descriptors.staged(stage, b.bytes));
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
            return new Request(target.start(Descriptors.inPlace(b)), null);
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
