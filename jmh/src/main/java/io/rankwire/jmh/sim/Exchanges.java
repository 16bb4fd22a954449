package io.rankwire.jmh.sim;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.Request;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;

/**
 * Both sides of the benchmarked exchanges between rank 0 (driven by the benchmark thread) and
 * rank 1 (the partner, a thread or another process), independent of the transport.
 *
 * <pre>
 *   exchange   rank 0 (benchmark)                      rank 1 (partner loop)
 *   --------   -------------------------------------   ---------------------------------------
 *   ECHO       send 8 B PING; recv 8 B PING            recv 8 B PING; send it back (osu_latency's pattern)
 *   ECHO_ANY   send 8 B PING; recv 8 B PING            recv 8 B ANY_TAG; send it back (a wildcard receive)
 *   SINK       send 4 MiB BULK (rendezvous)            recv 4 MiB ANY_TAG
 *   RATE       isend 64 x 8 B RATE; waitAll; recv ACK  irecv 64 x 8 B ANY_TAG; waitAll; send ACK
 *   stop       send STOP (a whole window for RATE;     leaves its loop on a STOP tag (no ACK),
 *              an empty PING for ECHO)                 ECHO on an empty message
 * </pre>
 *
 * <p>Every side names its memory with descriptors made once ({@link #directMessage},
 * {@link #windowMessages}) and kept by the benchmark's state, so an exchange allocates nothing for
 * its buffers.
 */
public final class Exchanges
{
    /** Tag of ping-pong messages. */
    public static final int PING_TAG = 1;
    /** Tag of bulk messages. */
    public static final int BULK_TAG = 2;
    /** Tag of message-rate messages. */
    public static final int RATE_TAG = 3;
    /** Tag of a window's acknowledgement. */
    public static final int ACK_TAG = 4;
    /** Tag that ends the partner's loop. */
    public static final int STOP_TAG = 99;
    /** Size of small messages. */
    public static final int SMALL_BYTES = 8;
    /** Size of bulk messages: 4 MiB, above every transport's eager limit. */
    public static final int BULK_BYTES = 4 << 20;
    /** Messages in flight per window in the rate exchange. */
    public static final int WINDOW = 64;

    /** What the partner rank does. */
    public enum Role
    {
        /** Echo 8-byte messages back, receiving with rank 0's rank and the ping tag, as osu_latency does. */
        ECHO,
        /** Echo 8-byte messages back, receiving with ANY_TAG (the cost of a wildcard receive). */
        ECHO_ANY,
        /** Receive 4 MiB messages. */
        SINK,
        /** Receive windows of 64 small messages, acknowledge each window. */
        RATE
    }

    private Exchanges()
    {
    }

    /** A direct buffer of {@code bytes} bytes. */
    public static UnsafeBuffer directBuffer(final int bytes)
    {
        return new UnsafeBuffer(ByteBuffer.allocateDirect(bytes));
    }

    /** A descriptor of the whole of a new direct buffer of {@code bytes} bytes. */
    public static MessageBuffer directMessage(final int bytes)
    {
        return MessageBuffer.of(directBuffer(bytes), 0, bytes);
    }

    /**
     * A rate window's messages: {@link #WINDOW} descriptors of consecutive {@link #SMALL_BYTES}-byte
     * slices of one direct buffer.
     */
    public static MessageBuffer[] windowMessages()
    {
        final UnsafeBuffer buf = directBuffer(WINDOW * SMALL_BYTES);
        final MessageBuffer[] slices = new MessageBuffer[WINDOW];
        for (int i = 0; i < WINDOW; i++)
        {
            slices[i] = MessageBuffer.of(buf, i * SMALL_BYTES, SMALL_BYTES);
        }
        return slices;
    }

    /**
     * Rank 0: one ping-pong round trip of {@code msg} (8 bytes) with rank 1, receiving into the
     * caller's {@code status} (the allocation-free form a latency-sensitive user writes).
     */
    public static int pingPong(final Comm world, final MessageBuffer msg, final MutableStatus status)
    {
        world.send(msg, 1, PING_TAG);
        return world.recv(msg, 1, PING_TAG, status).bytes();
    }

    /** Rank 0: one blocking send of {@code msg} (4 MiB) to rank 1; returns when rank 1 has the data. */
    public static void bulkSend(final Comm world, final MessageBuffer msg)
    {
        world.send(msg, 1, BULK_TAG);
    }

    /** Rank 0: one window of {@link #WINDOW} nonblocking 8-byte sends ({@link #windowMessages}), then rank 1's ACK into the first. */
    public static int rateWindow(final Comm world, final MessageBuffer[] window, final Request[] requests)
    {
        sendWindow(world, window, requests, RATE_TAG);
        return world.recv(window[0], 1, ACK_TAG).bytes();
    }

    private static void sendWindow(final Comm world, final MessageBuffer[] window, final Request[] requests, final int tag)
    {
        for (int i = 0; i < WINDOW; i++)
        {
            requests[i] = world.isend(window[i], 1, tag);
        }
        Request.waitAll(requests);
    }

    /** Rank 0: ends rank 1's loop for {@code role}. */
    public static void stop(final Comm world, final Role role)
    {
        final MessageBuffer[] window = windowMessages();
        if (role == Role.RATE)
        {
            sendWindow(world, window, new Request[WINDOW], STOP_TAG);
        }
        else if (role == Role.ECHO)
        {
            world.send(new byte[0], 0, 0, 1, PING_TAG);
        }
        else
        {
            world.send(window[0], 1, STOP_TAG);
        }
    }

    /** Rank 1: runs the loop of {@code role} until rank 0 stops it. */
    public static void partnerLoop(final Comm world, final Role role)
    {
        switch (role)
        {
            case ECHO:
                echoLoop(world, PING_TAG);
                break;
            case ECHO_ANY:
                echoLoop(world, Comm.ANY_TAG);
                break;
            case SINK:
                sinkLoop(world);
                break;
            case RATE:
            default:
                rateLoop(world);
                break;
        }
    }

    private static void echoLoop(final Comm world, final int tag)
    {
        final UnsafeBuffer buf = directBuffer(SMALL_BYTES);
        final MessageBuffer in = MessageBuffer.of(buf, 0, SMALL_BYTES);
        final MessageBuffer.Direct echo = MessageBuffer.of(buf, 0, 0);
        final MutableStatus s = new MutableStatus();
        while (true)
        {
            world.recv(in, 0, tag, s);
            if (s.tag() == STOP_TAG || s.bytes() == 0)
            {
                return;
            }
            world.send(echo.wrap(buf, 0, s.bytes()), 0, PING_TAG);
        }
    }

    private static void sinkLoop(final Comm world)
    {
        final MessageBuffer msg = directMessage(BULK_BYTES);
        final MutableStatus s = new MutableStatus();
        while (world.recv(msg, 0, Comm.ANY_TAG, s).tag() != STOP_TAG)
        {
            Thread.onSpinWait();
        }
    }

    private static void rateLoop(final Comm world)
    {
        final MessageBuffer[] window = windowMessages();
        final Request[] requests = new Request[WINDOW];
        while (true)
        {
            for (int i = 0; i < WINDOW; i++)
            {
                requests[i] = world.irecv(window[i], 0, Comm.ANY_TAG);
            }
            final Status[] statuses = Request.waitAll(requests);
            if (statuses[0].tag() == STOP_TAG)
            {
                return;
            }
            world.send(window[0], 0, ACK_TAG);
        }
    }
}
