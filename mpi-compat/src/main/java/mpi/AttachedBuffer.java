package mpi;

import java.util.ArrayList;
import java.util.List;

/**
 * The buffer attached with {@link MPI#attachBuffer}: buffered sends copy their data into it and
 * send from there. Each message takes its size plus {@link MPI#BSEND_OVERHEAD} bytes until its
 * send completes. Space is allocated first-fit; a message that does not fit fails at once with
 * {@link MPI#ERR_BUFFER}.
 */
final class AttachedBuffer
{
    /** One message in the buffer: {@code [offset, offset + length)} until {@code request} completes. */
    private static final class Segment
    {
        final int offset;
        final int length;
        io.rankwire.Request request;

        Segment(final int offset, final int length)
        {
            this.offset = offset;
            this.length = length;
        }
    }

    private final List<Segment> used = new ArrayList<>();
    private byte[] buffer;

    synchronized void attach(final byte[] b)
    {
        if (buffer != null)
        {
            throw new MPIException(MPI.ERR_BUFFER, "attachBuffer : a buffer of " + buffer.length +
                " bytes is attached (expected: detachBuffer first)");
        }
        if (b == null)
        {
            throw new MPIException(MPI.ERR_BUFFER, "buffer : null (expected: a byte array)");
        }
        buffer = b;
    }

    /** Waits until every buffered send has completed, then detaches the buffer and returns it. */
    byte[] detach()
    {
        final byte[] b;
        synchronized (this)
        {
            if (buffer == null)
            {
                throw new MPIException(MPI.ERR_BUFFER, "detachBuffer : no buffer attached (expected: attachBuffer first)");
            }
            b = buffer;
        }
        drain();
        synchronized (this)
        {
            buffer = null;
            used.clear();
        }
        return b;
    }

    /** Waits until every buffered send has completed. */
    void drain()
    {
        final List<io.rankwire.Request> pending = new ArrayList<>();
        synchronized (this)
        {
            for (final Segment s : used)
            {
                pending.add(s.request);
            }
        }
        for (final io.rankwire.Request r : pending)
        {
            try
            {
                r.await();
            }
            catch (final RuntimeException e)
            {
                throw Errors.of(e);
            }
        }
    }

    /**
     * Copies {@code data} into the buffer and starts sending it to {@code dest}. When there is no
     * buffer or no room in it: false if {@code required} is false, else {@link MPI#ERR_BUFFER}.
     */
    synchronized boolean send(final io.rankwire.Communicator comm, final Buf data, final int dest, final int tag, final boolean required)
    {
        if (buffer == null)
        {
            if (!required)
            {
                return false;
            }
            throw new MPIException(MPI.ERR_BUFFER, "bSend : " + data.bytes + " bytes and no buffer attached (expected: " +
                "MPI.attachBuffer before a buffered send of more than the eager limit)");
        }
        reap();
        final int need = data.bytes + MPI.BSEND_OVERHEAD;
        final int at = find(need);
        if (at < 0)
        {
            if (!required)
            {
                return false;
            }
            throw new MPIException(MPI.ERR_BUFFER, "attached buffer : no " + need + " free bytes for a buffered send of " +
                data.bytes + " bytes (+" + MPI.BSEND_OVERHEAD + " overhead) in a buffer of " + buffer.length +
                " bytes with " + used.size() + " pending (expected: a larger buffer)");
        }
        final Segment s = new Segment(at, need);
        data.copyTo(buffer, at);
        try
        {
            s.request = comm.isend(buffer, at, data.bytes, dest, tag);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        insert(s);
        return true;
    }

    private void reap()
    {
        used.removeIf(s -> s.request.test());
    }

    private int find(final int need)
    {
        int start = 0;
        for (final Segment s : used)
        {
            if (s.offset - start >= need)
            {
                return start;
            }
            start = s.offset + s.length;
        }
        return buffer.length - start >= need ? start : -1;
    }

    private void insert(final Segment s)
    {
        int i = 0;
        while (i < used.size() && used.get(i).offset < s.offset)
        {
            i++;
        }
        used.add(i, s);
    }
}
