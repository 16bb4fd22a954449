package io.rankwire.shm;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import org.agrona.DirectBuffer;

/**
 * Frames in the rings. A frame is one Agrona ring record: the record header (length, type id)
 * and the body. The type id carries the frame type and the sender's world rank; the body of a
 * MESSAGE is the runtime's message exactly as posted (the wire headers of DESIGN.md).
 *
 * <pre>
 *   record:  length i32 | type id i32 | body ...        (Agrona RecordDescriptor, 8-byte aligned)
 *   type id: type (bits 23..20) | sender world rank (bits 19..0)
 *
 *   MESSAGE (1)       TMH (16) | payload          EAGER, NO_TAG
 *                     TMH (16) | RVH (16) | ...    RNDV, FIN
 *   READ_REQUEST (2)  read id u64 | va u64 | rkey u32 | length u32   (24 bytes)
 * </pre>
 *
 * The reader checks every record before it looks inside: the body must lie inside the ring, be
 * long enough for its type and TMH opcode and no longer than a message may be, and come from the
 * rank the ring belongs to (pair rings) or a rank of the host (the shared ring).
 */
final class Frames
{
    static final int MESSAGE = 1;
    static final int READ_REQUEST = 2;
    static final int TYPE_SHIFT = 20;
    static final int RANK_MASK = (1 << TYPE_SHIFT) - 1;

    static final int READ_ID_OFFSET = 0;
    static final int VA_OFFSET = 8;
    static final int RKEY_OFFSET = 16;
    static final int LENGTH_OFFSET = 20;
    static final int READ_REQUEST_LENGTH = 24;

    private Frames()
    {
    }

    static int typeId(final int type, final int senderRank)
    {
        return (type << TYPE_SHIFT) | senderRank;
    }

    static int type(final int typeId)
    {
        return typeId >>> TYPE_SHIFT;
    }

    static int sender(final int typeId)
    {
        return typeId & RANK_MASK;
    }

    /** Whether a runtime message of {@code length} bytes with this TMH opcode is well formed. */
    static boolean messageValid(final int opcode, final int length)
    {
        switch (opcode)
        {
            case TmHeader.EAGER:
            case TmHeader.NO_TAG:
                return length >= TmHeader.LENGTH;
            case TmHeader.RNDV:
            case TmHeader.FIN:
                return length >= TmHeader.LENGTH + RvHeader.LENGTH;
            default:
                return false;
        }
    }

    /**
     * Checks one record body at {@code buffer[index, index + length)}.
     *
     * @return null when well formed, otherwise what is wrong
     */
    static String check(final int typeId, final DirectBuffer buffer, final int index, final int length, final int maxMessage)
    {
        if (length < 0 || length > buffer.capacity() - index)
        {
            return "record of length " + length + " at " + index + " leaves the ring of " + buffer.capacity() + " bytes";
        }
        switch (type(typeId))
        {
            case MESSAGE:
                if (length > maxMessage || length < TmHeader.LENGTH)
                {
                    return "message of length " + length + " (expected: " + TmHeader.LENGTH + ".." + maxMessage + ")";
                }
                final int opcode = TmHeader.opcode(buffer, index);
                return messageValid(opcode, length) ? null : "message with TMH opcode " + opcode + " and length " + length;
            case READ_REQUEST:
                return length == READ_REQUEST_LENGTH ? null :
                    "READ_REQUEST of length " + length + " (expected: " + READ_REQUEST_LENGTH + ")";
            default:
                return "frame of unknown type " + type(typeId);
        }
    }
}
