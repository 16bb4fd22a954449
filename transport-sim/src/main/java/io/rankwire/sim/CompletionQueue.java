package io.rankwire.sim;

import java.util.ArrayDeque;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import io.rankwire.spi.Completion;

/**
 * A NIC's completion queue: CQEs encoded as fixed 56-byte records (48 bytes of fields, 8 of
 * padding: with the ring's 8-byte record header each CQE fills exactly one cache line of the
 * line-aligned ring, so handing one over moves one line) in an Agrona
 * {@link OneToOneRingBuffer}. Any thread acting for the NIC produces, but always holding the
 * NIC's lock, so producers follow each other one at a time (the lock orders their writes) and
 * the single-producer ring needs no CAS to claim; the rank's engine consumes without a lock.
 * Producers claim space and write the record in place, so a completion allocates nothing. The
 * lock also keeps the rare overflow list (ring full) in order with the ring.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                            opcode                             |  0
 *  |                            status                             |  4
 *  |                            flags                              |  8
 *  |                            peer                               | 12
 *  |                            handle                             | 16
 *  |                            appCtx                             | 20
 *  |                          byteLength                           | 24
 *  |               srqSlot (-1 unless RECV/NO_TAG)                 | 28
 *  |                         wrId (u64)                            | 32
 *  |                          tag (u64)                            | 40
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * Fields are in native order (the record never leaves the JVM). The record is written and read
 * with raw stores and loads after one bounds check (the claim, or {@code boundsCheck} on
 * decode) rather than one check per field.
 */
final class CompletionQueue
{
    /** 48 bytes of fields and 8 of padding: with the ring's 8-byte record header, one cache line. */
    static final int CQE_LENGTH = 56;
    private static final int CACHE_LINE = 64;
    private static final int MSG_TYPE = 1;
    private static final int OPCODE = 0;
    private static final int STATUS = 4;
    private static final int FLAGS = 8;
    private static final int PEER = 12;
    private static final int HANDLE = 16;
    private static final int APP_CTX = 20;
    private static final int BYTE_LENGTH = 24;
    private static final int SRQ_SLOT = 28;
    private static final int WR_ID = 32;
    private static final int TAG = 40;

    private final OneToOneRingBuffer ring;
    private final NicLock lock;
    private final ArrayDeque<UnsafeBuffer> overflow = new ArrayDeque<>();
    private volatile boolean overflowPending;
    private long overflows;

    /**
     * @param capacity ring bytes, a power of two
     * @param lock     the lock every producer holds
     */
    CompletionQueue(final int capacity, final NicLock lock)
    {
        this.ring = new OneToOneRingBuffer(new UnsafeBuffer(
            BufferUtil.allocateDirectAligned(capacity + RingBufferDescriptor.TRAILER_LENGTH, CACHE_LINE)));
        this.lock = lock;
    }

    /** Writes one CQE; the caller holds the lock. Never drops: a full ring spills to a list. */
    void publish(
        final int opcode,
        final int status,
        final int flags,
        final int peer,
        final int handle,
        final int appCtx,
        final int byteLength,
        final int srqSlot,
        final long wrId,
        final long tag)
    {
        final int index = overflow.isEmpty() ? ring.tryClaim(MSG_TYPE, CQE_LENGTH) : -1;
        final MutableDirectBuffer buf;
        final int off;
        if (index > 0)
        {
            buf = ring.buffer();
            off = index;
        }
        else
        {
            buf = new UnsafeBuffer(new byte[CQE_LENGTH]);
            off = 0;
        }
        // tryClaim (or the fresh array) guarantees CQE_LENGTH bytes at off: one check, then raw stores
        final Object base = buf.byteArray();
        final long address = buf.addressOffset() + off;
        UnsafeApi.putInt(base, address + OPCODE, opcode);
        UnsafeApi.putInt(base, address + STATUS, status);
        UnsafeApi.putInt(base, address + FLAGS, flags);
        UnsafeApi.putInt(base, address + PEER, peer);
        UnsafeApi.putInt(base, address + HANDLE, handle);
        UnsafeApi.putInt(base, address + APP_CTX, appCtx);
        UnsafeApi.putInt(base, address + BYTE_LENGTH, byteLength);
        UnsafeApi.putInt(base, address + SRQ_SLOT, srqSlot);
        UnsafeApi.putLong(base, address + WR_ID, wrId);
        UnsafeApi.putLong(base, address + TAG, tag);
        if (index > 0)
        {
            ring.commit(index);
        }
        else
        {
            overflow.addLast((UnsafeBuffer)buf);
            overflows++;
            overflowPending = true;
        }
    }

    /** Reads up to {@code max} CQEs into {@code handler}; consumer thread only. */
    int read(final MessageHandler handler, final int max)
    {
        int n = ring.read(handler, max);
        if (n < max && overflowPending)
        {
            refill();
            n += ring.read(handler, max - n);
        }
        return n;
    }

    private void refill()
    {
        lock.lock();
        try
        {
            UnsafeBuffer next;
            while ((next = overflow.peekFirst()) != null)
            {
                final int index = ring.tryClaim(MSG_TYPE, CQE_LENGTH);
                if (index <= 0)
                {
                    return;
                }
                ring.buffer().putBytes(index, next, 0, CQE_LENGTH);
                ring.commit(index);
                overflow.removeFirst();
            }
            overflowPending = false;
        }
        finally
        {
            lock.unlock();
        }
    }

    /** Times the ring was full and a CQE spilled; read under the lock. */
    long overflows()
    {
        return overflows;
    }

    /** Decodes a CQE into {@code c}; returns the SRQ slot it names, or -1. */
    static int decode(final DirectBuffer buf, final int off, final Completion c)
    {
        buf.boundsCheck(off, CQE_LENGTH);
        final Object base = buf.byteArray();
        final long address = buf.addressOffset() + off;
        c.reset()
            .opcode(UnsafeApi.getInt(base, address + OPCODE))
            .status(UnsafeApi.getInt(base, address + STATUS))
            .flags(UnsafeApi.getInt(base, address + FLAGS))
            .peer(UnsafeApi.getInt(base, address + PEER))
            .handle(UnsafeApi.getInt(base, address + HANDLE))
            .appCtx(UnsafeApi.getInt(base, address + APP_CTX))
            .byteLength(UnsafeApi.getInt(base, address + BYTE_LENGTH))
            .wrId(UnsafeApi.getLong(base, address + WR_ID))
            .tag(UnsafeApi.getLong(base, address + TAG));
        return UnsafeApi.getInt(base, address + SRQ_SLOT);
    }
}
