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

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.SmallCopy;

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
 *
 * <p><b>Data in the CQE.</b> A message for a plain SRQ buffer that is at most
 * {@code cqeInlineBytes} long (at most {@link #INLINE_MAX}) travels inside its CQE instead, a
 * record of type {@link #INLINE} with the same line:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                     opcode (RECV or NO_TAG)                   |  0
 *  |                            peer                               |  4
 *  |                          byteLength                           |  8
 *  |                           srqSlot                             | 12
 *  |          the message as it came off the wire (TMH first),     | 16
 *  |                  byteLength bytes, at most 40                 |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * Status is SUCCESS and flags none. The CQE still consumes the SRQ slot it names, which software
 * gets back as for any RECV (the wrId); the completion's buffer view points at the message inside
 * the CQE ({@link #decodeInline}), which the SPI allows: a completion's view is valid only while
 * the handler runs, and producers reuse the record's space only after the consumer's position
 * has moved past it, at the end of the poll's batch. This is ConnectX's "scatter to CQE"
 * (up to 32 bytes of data in a 64-byte CQE, 64 in a 128-byte one), minus the mlx5 provider's
 * copy from the CQE into the receive buffer: the receiver reads one line, the CQE, instead of the
 * CQE and then the buffer the sender wrote, and copies the payload once, out of the CQE.
 */
final class CompletionQueue
{
    /** 48 bytes of fields and 8 of padding: with the ring's 8-byte record header, one cache line. */
    static final int CQE_LENGTH = 56;
    private static final int CACHE_LINE = 64;
    /** Record type of a CQE with the fields above. */
    static final int FIELDS = 1;
    /** Record type of a CQE carrying its message (see the class comment). */
    static final int INLINE = 2;
    /** Message bytes a CQE can carry: {@link #CQE_LENGTH} less the inline record's fields. */
    static final int INLINE_MAX = CQE_LENGTH - 16;
    private static final int INLINE_PEER = 4;
    private static final int INLINE_LENGTH = 8;
    private static final int INLINE_SLOT = 12;
    private static final int INLINE_DATA = 16;
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
    private final ArrayDeque<MutableDirectBuffer> overflow = new ArrayDeque<>();
    private volatile boolean overflowPending;
    private long overflows;
    /**
     * The spilled record being written ({@link #claim} to {@link #commit}, under the lock), only
     * when the ring was full. A record on the ring is named by its index alone: producers write
     * no field of this object per CQE, since the consumer reads {@link #overflowPending} and
     * {@link #ring} from its line on every poll (a per-CQE field store here made the consumer's
     * next poll, and the producer's next claim, each miss that line before touching the record).
     */
    private MutableDirectBuffer spill;

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
        final int index = claim(FIELDS);
        final MutableDirectBuffer record = record(index);
        final Object base = record.byteArray();
        final long address = record.addressOffset() + recordOffset(index);
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
        commit(index);
    }

    /**
     * Writes one CQE that carries the message {@code src[srcOffset, srcOffset + length)} bound
     * for SRQ slot {@code srqSlot} (see the class comment); {@code length <= INLINE_MAX}. The
     * caller holds the lock.
     */
    void publishInline(
        final int opcode, final int peer, final int srqSlot, final DirectBuffer src, final int srcOffset, final int length)
    {
        if (length > INLINE_MAX)
        {
            throw new IllegalArgumentException("inline CQE : " + length + " bytes (expected: <= " + INLINE_MAX + ")");
        }
        final int index = claim(INLINE);
        final MutableDirectBuffer record = record(index);
        final Object base = record.byteArray();
        final long address = record.addressOffset() + recordOffset(index);
        UnsafeApi.putInt(base, address + OPCODE, opcode);
        UnsafeApi.putInt(base, address + INLINE_PEER, peer);
        UnsafeApi.putInt(base, address + INLINE_LENGTH, length);
        UnsafeApi.putInt(base, address + INLINE_SLOT, srqSlot);
        SmallCopy.copy(record, recordOffset(index) + INLINE_DATA, src, srcOffset, length);
        commit(index);
    }

    /**
     * Claims a record of {@code type}: on the ring (returns its index, > 0) or, when the ring is
     * full or spilled records wait, in a fresh array that goes to the overflow list (returns -1;
     * {@link #spill} holds it). {@link #record} names the buffer either way and
     * {@link #recordOffset} the record's start in it; the claim guarantees {@link #CQE_LENGTH}
     * bytes there, so fields are stored as raw stores without further checks.
     */
    private int claim(final int type)
    {
        final int index = overflow.isEmpty() ? ring.tryClaim(type, CQE_LENGTH) : -1;
        if (index <= 0)
        {
            spill = new UnsafeBuffer(new byte[CQE_LENGTH + Integer.BYTES]);
            spill.putInt(CQE_LENGTH, type);
            return -1;
        }
        return index;
    }

    private MutableDirectBuffer record(final int index)
    {
        return index > 0 ? ring.buffer() : spill;
    }

    /** Where the claimed record starts in {@link #record}: the ring index, or 0 in a spilled one. */
    private static int recordOffset(final int index)
    {
        return Math.max(index, 0);
    }

    private void commit(final int index)
    {
        if (index > 0)
        {
            ring.commit(index);
        }
        else
        {
            overflow.addLast(spill);
            overflows++;
            overflowPending = true;
            spill = null;
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

    /**
     * False when the consumer would find no CQE now: the record at the consumer's position is
     * unwritten and nothing spilled. The header read is a volatile load of the line the next CQE
     * goes to (Agrona's producer zeroes the header after each record it writes, so an unwritten
     * record reads 0); any thread, no lock.
     */
    boolean mayHaveRecords()
    {
        return overflowPending || ring.buffer().getIntVolatile(headIndex()) != 0;
    }

    private int headIndex()
    {
        return (int)ring.consumerPosition() & (ring.capacity() - 1);
    }

    private void refill()
    {
        lock.lock();
        try
        {
            MutableDirectBuffer next;
            while ((next = overflow.peekFirst()) != null)
            {
                final int index = ring.tryClaim(next.getInt(CQE_LENGTH), CQE_LENGTH);
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

    /**
     * Decodes an {@link #INLINE} CQE into {@code c}, its buffer view on the message inside the
     * CQE (valid while the handler runs, as the SPI allows any completion's view to be); the TMH
     * fields of a RECV come from that message, as the NIC reports them for a plain RECV. Returns
     * the SRQ slot the CQE consumed; the caller sets the wrId. Consumer thread only.
     */
    static int decodeInline(final DirectBuffer buf, final int off, final Completion c)
    {
        buf.boundsCheck(off, CQE_LENGTH);
        final Object base = buf.byteArray();
        final long address = buf.addressOffset() + off;
        final int opcode = UnsafeApi.getInt(base, address + OPCODE);
        final int length = UnsafeApi.getInt(base, address + INLINE_LENGTH);
        if (length < 0 || length > INLINE_MAX)
        {
            throw new IllegalStateException("inline CQE : " + length + " bytes (expected: 0.." + INLINE_MAX + ")");
        }
        final int data = off + INLINE_DATA;
        c.reset()
            .opcode(opcode)
            .peer(UnsafeApi.getInt(base, address + INLINE_PEER))
            .byteLength(length);
        if (opcode == CompletionOpcode.RECV && length >= TmHeader.LENGTH)
        {
            c.appCtx(TmHeader.appCtx(buf, data)).tag(TmHeader.tag(buf, data));
        }
        c.buffer(buf, data, length);
        return UnsafeApi.getInt(base, address + INLINE_SLOT);
    }
}
