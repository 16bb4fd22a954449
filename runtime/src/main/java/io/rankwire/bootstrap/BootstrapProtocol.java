package io.rankwire.bootstrap;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;

import io.rankwire.spi.HmacSha256;


/**
 * The bootstrap service's wire protocol. Every frame, in both directions, is length-prefixed
 * (big-endian):
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |              frame length (bytes that follow, >= 1)           |
 *  +---------------+-----------------------------------------------+
 *  |    opcode     |  body (by opcode, below) ...                  |
 *  +---------------+-----------------------------------------------+
 *
 *  string = u16 length + UTF-8 bytes       bytes = i32 length + bytes
 *
 *  server -> client  CHALLENGE  magic i32 "RWBS" | version u8 | server nonce (32)
 *  client -> server  HELLO      magic i32 | version u8 | rank i32 | client nonce (32) | mac (32)
 *  server -> client  WELCOME    mac (32) | size i32
 *  server -> client  REFUSED    reason string                      (then the server closes)
 *  client -> server  PUT        key string | value bytes         -> OK | ERROR
 *  client -> server  GET        rank i32 | key string | wait ms i32 -> VALUE | TIMEOUT | ERROR
 *  client -> server  BARRIER    wait ms i32                       -> OK | TIMEOUT | ERROR
 *  server -> client  VALUE      value bytes
 *  server -> client  OK, TIMEOUT (empty)
 *  server -> client  ERROR      reason string
 *  server -> client  BUSY       reason string   (instead of WELCOME, or before HELLO: retry later;
 *                                                then the server closes)
 *  client -> server  JOIN       (empty)        -> OK | ERROR; this connection is now the rank's
 *                                                membership: the server pushes DEPARTED on it, and
 *                                                its end before LEAVE is the rank's departure
 *  server -> client  DEPARTED   rank i32 | reason string   (a joined rank ended without LEAVE)
 *  client -> server  LEAVE      (empty)        -> OK: the rank closes in order
 *  client -> server  ABORT      error code i32 -> OK: the rank aborts the job and is about to
 *                                                end; its end is no departure (state ABORTED)
 *  server -> client  ABORTED    rank i32 | error code i32   (a rank aborted the job; pushed on
 *                                                the membership like DEPARTED)
 *
 *  client mac = HMAC-SHA256(secret, "rwbs-client" | server nonce | client nonce | rank i32)
 *  server mac = HMAC-SHA256(secret, "rwbs-server" | server nonce | client nonce | rank i32)
 * </pre>
 * The secret never crosses the wire: the client proves it knows it by the client mac over a fresh
 * server nonce; the server proves the same by the server mac, so a rank never talks to a stranger
 * posing as its launcher. Until a client is authenticated the server accepts nothing but one
 * HELLO of exactly {@link #HELLO_LENGTH} bytes, within a short deadline, and only a few clients
 * may be waiting to authenticate ({@link Admission}); a client is served one request at a time,
 * in order. A rank that runs the runtime JOINs on a connection of its own and LEAVEs when it
 * closes; the service reports a joined rank whose membership connection ends first as departed
 * to every other member, and fails the barrier and the waits for it.
 */
final class BootstrapProtocol
{
    static final int MAGIC = 0x52574253;
    static final byte VERSION = 1;

    static final byte CHALLENGE = 1;
    static final byte HELLO = 2;
    static final byte WELCOME = 3;
    static final byte REFUSED = 4;
    static final byte PUT = 5;
    static final byte GET = 6;
    static final byte BARRIER = 7;
    static final byte VALUE = 8;
    static final byte OK = 9;
    static final byte TIMEOUT = 10;
    static final byte ERROR = 11;
    static final byte BUSY = 12;
    static final byte JOIN = 13;
    static final byte DEPARTED = 14;
    static final byte LEAVE = 15;
    static final byte ABORT = 16;
    static final byte ABORTED = 17;

    static final int NONCE_LENGTH = 32;
    static final int MAC_LENGTH = 32;
    /** Longest key, in UTF-8 bytes. */
    static final int MAX_KEY_BYTES = 255;
    /** Largest value. */
    static final int MAX_VALUE_BYTES = 64 * 1024;
    /** Most keys one rank may publish. */
    static final int MAX_KEYS_PER_RANK = 1024;
    /** Longest reason string the server sends. */
    static final int MAX_REASON_BYTES = 1024;
    /** Largest frame, length field excluded. */
    static final int MAX_FRAME = 1 + 2 + MAX_KEY_BYTES + 4 + MAX_VALUE_BYTES;
    static final int HELLO_LENGTH = 1 + 4 + 1 + 4 + NONCE_LENGTH + MAC_LENGTH;
    static final int CHALLENGE_LENGTH = 1 + 4 + 1 + NONCE_LENGTH;

    private static final byte[] CLIENT_LABEL = "rwbs-client".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SERVER_LABEL = "rwbs-server".getBytes(StandardCharsets.US_ASCII);

    private BootstrapProtocol()
    {
    }

    static byte[] clientMac(final byte[] secret, final byte[] serverNonce, final byte[] clientNonce, final int rank)
    {
        return mac(secret, CLIENT_LABEL, serverNonce, clientNonce, rank);
    }

    static byte[] serverMac(final byte[] secret, final byte[] serverNonce, final byte[] clientNonce, final int rank)
    {
        return mac(secret, SERVER_LABEL, serverNonce, clientNonce, rank);
    }

    /** Constant-time comparison. */
    static boolean macEquals(final byte[] expected, final byte[] actual)
    {
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] mac(
        final byte[] secret, final byte[] label, final byte[] serverNonce, final byte[] clientNonce, final int rank)
    {
        return HmacSha256.of(secret, label, serverNonce, clientNonce, ByteBuffer.allocate(4).putInt(0, rank).array());
    }

    /** The UTF-8 bytes of {@code key}, checked against {@link #MAX_KEY_BYTES}. */
    static byte[] keyBytes(final String key)
    {
        final byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0 || bytes.length > MAX_KEY_BYTES)
        {
            throw new IllegalArgumentException(
                "key length : " + bytes.length + " bytes (expected: 1.." + MAX_KEY_BYTES + ")");
        }
        return bytes;
    }

    static void checkValue(final byte[] value)
    {
        if (value.length > MAX_VALUE_BYTES)
        {
            throw new IllegalArgumentException(
                "value length : " + value.length + " bytes (expected: <= " + MAX_VALUE_BYTES + ")");
        }
    }

    /** Starts a frame: room for the length, then the opcode. Finish with {@link #finish}. */
    static ByteBuffer begin(final int bodyCapacity, final byte opcode)
    {
        final ByteBuffer frame = ByteBuffer.allocate(4 + 1 + bodyCapacity);
        frame.putInt(0).put(opcode);
        return frame;
    }

    /** Fills in the length and flips the frame for writing. */
    static ByteBuffer finish(final ByteBuffer frame)
    {
        frame.putInt(0, frame.position() - 4);
        return frame.flip();
    }

    static void putString(final ByteBuffer frame, final byte[] utf8)
    {
        frame.putShort((short)utf8.length).put(utf8);
    }

    static void putBytes(final ByteBuffer frame, final byte[] bytes)
    {
        frame.putInt(bytes.length).put(bytes);
    }

    /** @throws IllegalArgumentException if the string is longer than {@code max} or the frame */
    static String getString(final ByteBuffer body, final int max)
    {
        final int length = body.getShort() & 0xFFFF;
        if (length > max || length > body.remaining())
        {
            throw new IllegalArgumentException("string length : " + length + " (expected: <= " + max + ")");
        }
        final byte[] utf8 = new byte[length];
        body.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** @throws IllegalArgumentException if the array is longer than {@code max} or the frame */
    static byte[] getBytes(final ByteBuffer body, final int max)
    {
        final int length = body.getInt();
        if (length < 0 || length > max || length > body.remaining())
        {
            throw new IllegalArgumentException("value length : " + length + " (expected: 0.." + max + ")");
        }
        final byte[] bytes = new byte[length];
        body.get(bytes);
        return bytes;
    }

    static byte[] reason(final String text)
    {
        final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return utf8.length <= MAX_REASON_BYTES ? utf8 : Arrays.copyOf(utf8, MAX_REASON_BYTES);
    }

    static int clampMillis(final long millis)
    {
        return (int)Math.max(0, Math.min(Integer.MAX_VALUE, millis));
    }
}
