package io.rankwire.proto;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Flyweight over a tag-matching header (TMH), big-endian, 16 bytes, as the NIC parses it:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |    opcode     |     flags     |          reserved             |  0
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                         app_ctx (u32)                         |  4
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                           tag (u64)                           |  8
 *  +                                                               +
 *  |                                                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * Opcodes: {@link #NO_TAG}, {@link #RNDV}, {@link #FIN}, {@link #EAGER}. The first reserved byte
 * carries Rankwire's protocol flags ({@link #FLAG_SYNC}); the NIC ignores it. The tag is the
 * packed envelope of {@link io.rankwire.match.Envelope}.
 */
public final class TmHeader
{
    public static final int LENGTH = 16;
    public static final int OPCODE_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int APP_CTX_OFFSET = 4;
    public static final int TAG_OFFSET = 8;

    public static final byte NO_TAG = 0;
    public static final byte RNDV = 1;
    public static final byte FIN = 2;
    public static final byte EAGER = 3;

    /** Synchronous send: the receiver acknowledges the match (eager {@code ssend}). */
    public static final int FLAG_SYNC = 1;

    private DirectBuffer buffer;
    private int offset;

    /** Points the flyweight at {@code buffer[offset, offset + LENGTH)}. */
    public TmHeader wrap(final DirectBuffer buffer, final int offset)
    {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    public int opcode()
    {
        return buffer.getByte(offset + OPCODE_OFFSET) & 0xFF;
    }

    public int flags()
    {
        return buffer.getByte(offset + FLAGS_OFFSET) & 0xFF;
    }

    public int appCtx()
    {
        return buffer.getInt(offset + APP_CTX_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    public long tag()
    {
        return buffer.getLong(offset + TAG_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    /** Writes a whole TMH at {@code buffer[offset]}; the reserved bytes are zeroed. */
    public static void write(
        final MutableDirectBuffer buffer,
        final int offset,
        final int opcode,
        final int flags,
        final int appCtx,
        final long tag)
    {
        buffer.putByte(offset + OPCODE_OFFSET, (byte)opcode);
        buffer.putByte(offset + FLAGS_OFFSET, (byte)flags);
        buffer.putShort(offset + FLAGS_OFFSET + 1, (short)0);
        buffer.putInt(offset + APP_CTX_OFFSET, appCtx, ByteOrder.BIG_ENDIAN);
        buffer.putLong(offset + TAG_OFFSET, tag, ByteOrder.BIG_ENDIAN);
    }

    /** The opcode of the TMH at {@code buffer[offset]}. */
    public static int opcode(final DirectBuffer buffer, final int offset)
    {
        return buffer.getByte(offset + OPCODE_OFFSET) & 0xFF;
    }

    /** The flags byte of the TMH at {@code buffer[offset]}. */
    public static int flags(final DirectBuffer buffer, final int offset)
    {
        return buffer.getByte(offset + FLAGS_OFFSET) & 0xFF;
    }

    /** The app_ctx of the TMH at {@code buffer[offset]}. */
    public static int appCtx(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + APP_CTX_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    /** The tag of the TMH at {@code buffer[offset]}. */
    public static long tag(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + TAG_OFFSET, ByteOrder.BIG_ENDIAN);
    }

    /** Sets only the opcode (a FIN is a copy of the request's TMH+RVH with opcode FIN). */
    public static void opcode(final MutableDirectBuffer buffer, final int offset, final int opcode)
    {
        buffer.putByte(offset + OPCODE_OFFSET, (byte)opcode);
    }
}
