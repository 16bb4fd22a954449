package io.rankwire.bootstrap;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/** Decodes an authenticated client's request and applies it to the table. */
final class BootstrapRequests
{
    private BootstrapRequests()
    {
    }

    /**
     * @param body the frame, opcode first
     * @throws RuntimeException on a malformed frame (the caller refuses the client)
     */
    static void handle(
        final BootstrapTable table, final Membership membership, final BootstrapConnection from, final ByteBuffer body)
    {
        final byte opcode = body.get();
        switch (opcode)
        {
            case BootstrapProtocol.JOIN:
                checkEnd(body, "join");
                membership.join(from);
                break;
            case BootstrapProtocol.LEAVE:
                checkEnd(body, "leave");
                membership.leave(from);
                break;
            case BootstrapProtocol.ABORT:
            {
                final int errorCode = body.getInt();
                checkEnd(body, "abort");
                membership.abort(from, errorCode);
                break;
            }
            case BootstrapProtocol.PUT:
            {
                final String key = BootstrapProtocol.getString(body, BootstrapProtocol.MAX_KEY_BYTES);
                final byte[] value = BootstrapProtocol.getBytes(body, BootstrapProtocol.MAX_VALUE_BYTES);
                checkEnd(body, key);
                table.put(from, key, value);
                break;
            }
            case BootstrapProtocol.GET:
            {
                final int rank = body.getInt();
                final String key = BootstrapProtocol.getString(body, BootstrapProtocol.MAX_KEY_BYTES);
                final int waitMillis = body.getInt();
                checkEnd(body, key);
                table.get(from, rank, key, deadline(waitMillis));
                break;
            }
            case BootstrapProtocol.BARRIER:
            {
                final int waitMillis = body.getInt();
                checkEnd(body, "barrier");
                table.barrier(from, deadline(waitMillis));
                break;
            }
            default:
                throw new IllegalArgumentException("opcode : " + opcode + " (expected: PUT, GET, BARRIER, JOIN, LEAVE or ABORT)");
        }
    }

    private static void checkEnd(final ByteBuffer body, final String what)
    {
        if (body.hasRemaining() || what.isEmpty())
        {
            throw new IllegalArgumentException("request for '" + what + "' : " + body.remaining() +
                " trailing bytes or empty key (expected: none)");
        }
    }

    private static long deadline(final int waitMillis)
    {
        return System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, waitMillis));
    }
}
