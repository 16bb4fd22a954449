package io.rankwire.proto;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Flyweight over a rendezvous header (RVH), big-endian, 16 bytes, following the TMH of a
 * rendezvous request and of its FIN:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                     virtual address (u64)                     |  0
 *  +                                                               +
 *  |                                                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                        remote key (u32)                       |  8
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                          length (u32)                         | 12
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * A rendezvous request is {@code TMH | RVH | metadata}, at most 64 bytes in all.
 */
public final class RvHeader
{
    public static final int LENGTH = 16;
    public static final int VA_OFFSET = 0;
    public static final int RKEY_OFFSET = 8;
    public static final int LEN_OFFSET = 12;

    private DirectBuffer buffer;
    private int offset;

    /** Points the flyweight at {@code buffer[offset, offset + LENGTH)}. */
    public RvHeader wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    public long va()
    {
        return buffer.getLong(offset + VA_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    public int rkey()
    {
        return buffer.getInt(offset + RKEY_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    /** The length as an unsigned value. */
    public long length()
    {
        return buffer.getInt(offset + LEN_OFFSET, ByteOrder.BIG_ENDIAN) & 0xFFFF_FFFFL;
    }

    /** Writes a whole RVH at {@code buffer[offset]}. */
    public static void write(
        final MutableDirectBuffer buffer, final int offset, final long va, final int rkey, final int length)
    {
        buffer.putLong(offset + VA_OFFSET, va, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + RKEY_OFFSET, rkey, ByteOrder.BIG_ENDIAN);
        buffer.putInt(offset + LEN_OFFSET, length, ByteOrder.BIG_ENDIAN);
    }

    public static long va(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + VA_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    public static int rkey(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + RKEY_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    /** The length field; Rankwire never sends more than {@code Integer.MAX_VALUE - 8} bytes. */
    public static int length(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + LEN_OFFSET, ByteOrder.BIG_ENDIAN);
    }
}
