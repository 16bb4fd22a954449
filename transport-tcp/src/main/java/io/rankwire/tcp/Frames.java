package io.rankwire.tcp;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Frame layouts of the TCP transport. Every frame is length-prefixed, big-endian:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |           length (u32) = 1 + body length, 1..maxFrame         |  0
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |     type      |  body ...                                     |  4
 *  +-+-+-+-+-+-+-+-+                                               +
 * </pre>
 *
 * Bodies by type (sizes in bytes):
 *
 * <pre>
 *  MESSAGE       (1)  TMH (16) | payload (0..maxFrame-17)          the runtime's message, as is
 *  HELLO         (2)  magic u32 'RWTC' | version u16 | client rank u32 | target rank u32
 *                     | client nonce (32) | job id length u16 | job id (UTF-8, 1..255)
 *  CHALLENGE     (3)  server rank u32 | server nonce (32) | server proof (32)
 *  AUTH          (4)  client proof (32)
 *  VERDICT       (5)  verdict u8 (0 = ACCEPT, 1 = DUPLICATE, 2 = BUSY: the listener turned the
 *                     connection away before it authenticated; the client may try again)
 *  READ_REQUEST  (6)  request id u64 | va u64 | rkey u32 | length u32
 *  READ_DATA     (7)  request id u64 | offset u32 | data (1..maxFrame-13)
 *  READ_ERROR    (8)  request id u64 | status u8 (a CompletionStatus)
 *  GOODBYE       (9)  (empty) the sender closes in order; not a failure
 * </pre>
 *
 * A connection starts with HELLO (client), CHALLENGE (server), AUTH (client), VERDICT (server);
 * see {@link Handshake}. Only after an ACCEPT verdict may MESSAGE and READ_* frames flow. A
 * listener may send VERDICT BUSY at any point of the handshake and close ({@link InboundAdmission}).
 */
final class Frames
{
    static final int LENGTH_FIELD = 4;
    static final int HEADER = LENGTH_FIELD + 1;
    static final int TYPE_OFFSET = LENGTH_FIELD;
    static final int BODY_OFFSET = HEADER;

    static final byte MESSAGE = 1;
    static final byte HELLO = 2;
    static final byte CHALLENGE = 3;
    static final byte AUTH = 4;
    static final byte VERDICT = 5;
    static final byte READ_REQUEST = 6;
    static final byte READ_DATA = 7;
    static final byte READ_ERROR = 8;
    static final byte GOODBYE = 9;

    static final int MAGIC = 0x52575443;
    static final int VERSION = 1;
    static final int NONCE = 32;
    static final int PROOF = 32;
    static final int MAX_JOB_ID = 255;

    static final byte VERDICT_ACCEPT = 0;
    static final byte VERDICT_DUPLICATE = 1;
    static final byte VERDICT_BUSY = 2;

    static final int TMH = 16;
    static final int HELLO_FIXED = 4 + 2 + 4 + 4 + NONCE + 2;
    static final int CHALLENGE_BODY = 4 + NONCE + PROOF;
    static final int READ_REQUEST_BODY = 8 + 8 + 4 + 4;
    static final int READ_DATA_FIXED = 8 + 4;
    static final int READ_ERROR_BODY = 8 + 1;

    private Frames()
    {
    }

    /** True when {@code bodyLength} is a valid body length for a frame of {@code type}. */
    static boolean bodyLengthValid(final int type, final int bodyLength)
    {
        switch (type)
        {
            case MESSAGE: return bodyLength >= TMH;
            case HELLO: return bodyLength > HELLO_FIXED && bodyLength <= HELLO_FIXED + MAX_JOB_ID;
            case CHALLENGE: return bodyLength == CHALLENGE_BODY;
            case AUTH: return bodyLength == PROOF;
            case VERDICT: return bodyLength == 1;
            case READ_REQUEST: return bodyLength == READ_REQUEST_BODY;
            case READ_DATA: return bodyLength > READ_DATA_FIXED;
            case READ_ERROR: return bodyLength == READ_ERROR_BODY;
            case GOODBYE: return bodyLength == 0;
            default: return false;
        }
    }

    /**
     * Why a frame whose length field is {@code length} and whose type is {@code type} breaks the
     * wire rules when frames may be at most {@code limit} long, or null when it does not. The one
     * check every reader of frames makes before it trusts a length.
     */
    static String violation(final long length, final int type, final int limit)
    {
        if (length < 1 || length > limit)
        {
            return "malformed frame length " + length + " (expected: 1.." + limit + ")";
        }
        if (!bodyLengthValid(type, (int)length - 1))
        {
            return "malformed frame " + name(type) + " with body length " + (length - 1);
        }
        return null;
    }

    /** A readable name for a frame type, for logs. */
    static String name(final int type)
    {
        switch (type)
        {
            case MESSAGE: return "MESSAGE";
            case HELLO: return "HELLO";
            case CHALLENGE: return "CHALLENGE";
            case AUTH: return "AUTH";
            case VERDICT: return "VERDICT";
            case READ_REQUEST: return "READ_REQUEST";
            case READ_DATA: return "READ_DATA";
            case READ_ERROR: return "READ_ERROR";
            case GOODBYE: return "GOODBYE";
            default: return "UNKNOWN(" + type + ")";
        }
    }

    /** A buffer holding a frame header for a body of {@code bodyLength}, with room for the body. */
    static ByteBuf start(final ByteBufAllocator alloc, final byte type, final int bodyLength)
    {
        final ByteBuf buf = alloc.directBuffer(HEADER + bodyLength);
        buf.writeInt(1 + bodyLength);
        buf.writeByte(type);
        return buf;
    }

    static ByteBuf hello(
        final ByteBufAllocator alloc, final int clientRank, final int targetRank, final byte[] nonce, final String jobId)
    {
        final byte[] job = jobId.getBytes(StandardCharsets.UTF_8);
        final ByteBuf buf = start(alloc, HELLO, HELLO_FIXED + job.length);
        buf.writeInt(MAGIC).writeShort(VERSION).writeInt(clientRank).writeInt(targetRank);
        buf.writeBytes(nonce).writeShort(job.length).writeBytes(job);
        return buf;
    }

    static ByteBuf challenge(final ByteBufAllocator alloc, final int serverRank, final byte[] nonce, final byte[] proof)
    {
        final ByteBuf buf = start(alloc, CHALLENGE, CHALLENGE_BODY);
        buf.writeInt(serverRank).writeBytes(nonce).writeBytes(proof);
        return buf;
    }

    static ByteBuf auth(final ByteBufAllocator alloc, final byte[] proof)
    {
        return start(alloc, AUTH, PROOF).writeBytes(proof);
    }

    static ByteBuf verdict(final ByteBufAllocator alloc, final byte verdict)
    {
        return start(alloc, VERDICT, 1).writeByte(verdict);
    }

    /** Writes a READ_REQUEST frame ({@link #HEADER} + {@link #READ_REQUEST_BODY} bytes) into the empty {@code into}. */
    static ByteBuf readRequest(final ByteBuf into, final long requestId, final long va, final int rkey, final int length)
    {
        return into.writeInt(1 + READ_REQUEST_BODY).writeByte(READ_REQUEST)
            .writeLong(requestId).writeLong(va).writeInt(rkey).writeInt(length);
    }

    static ByteBuf readError(final ByteBufAllocator alloc, final long requestId, final int status)
    {
        return start(alloc, READ_ERROR, READ_ERROR_BODY).writeLong(requestId).writeByte(status);
    }

    static ByteBuf goodbye(final ByteBufAllocator alloc)
    {
        return start(alloc, GOODBYE, 0);
    }
}
