package io.rankwire.jmh.shm;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.Rankwire;
import io.rankwire.buffer.MessageBuffer;

/**
 * What both processes of a {@link ShmPair} run. Rank 0 (the benchmark) sends a command on the
 * {@link #COMMAND_TAG}; rank 1 (the partner) then runs that exchange until a message of 0 bytes
 * ends it, and waits for the next command.
 *
 * <pre>
 *   command (int[3])         rank 1 until an empty message
 *   RAW_ECHO, size, -        echoes raw ring messages (busy spin)
 *   SHM_ECHO, size, kind     recv size bytes from rank 0 (tag PING) into a buffer of kind; send them back
 *   SHM_SINK, size, kind     recv size bytes from rank 0 (tag BULK) into a buffer of kind
 *   RAW_SINK, size, -        reads raw ring messages (busy spin); answers the empty one with an empty one
 *   STOP                     leaves the command loop
 * </pre>
 */
public final class ShmBench
{
    public static final int COMMAND_TAG = 20;
    public static final int PING_TAG = 21;
    public static final int BULK_TAG = 22;
    public static final int RAW_ECHO = 1;
    public static final int SHM_ECHO = 2;
    public static final int SHM_SINK = 3;
    public static final int STOP = 4;
    public static final int RAW_SINK = 5;
    /** Largest message of any exchange. */
    public static final int MAX_BYTES = 4 << 20;

    /** Where a Rankwire exchange keeps its bytes. */
    public enum Kind
    {
        /** A {@code byte[]} (two copies for rendezvous). */
        HEAP,
        /** A direct {@code ByteBuffer} from the JDK (two copies). */
        DIRECT,
        /** A buffer from {@link Rankwire#allocate(int)}: the rank's shared heap (one copy). */
        SHARED
    }

    private ShmBench()
    {
    }

    /** A buffer of {@code kind} for {@code rw}, wrapped for Rankwire calls. */
    public static UnsafeBuffer buffer(final Rankwire rw, final Kind kind, final int bytes)
    {
        switch (kind)
        {
            case HEAP: return new UnsafeBuffer(new byte[bytes]);
            case DIRECT: return new UnsafeBuffer(ByteBuffer.allocateDirect(bytes));
            default: return new UnsafeBuffer(rw.allocate(bytes));
        }
    }

    /** Rank 1: serves commands until STOP. */
    public static void partnerLoop(final Rankwire rw, final RawRing raw)
    {
        final Comm world = rw.world();
        final int[] command = new int[3];
        final MessageBuffer commandBuf = MessageBuffer.of(command);
        final UnsafeBuffer[] buffers = new UnsafeBuffer[Kind.values().length];
        // Per kind: the whole buffer to receive into, and the echo, re-pointed at each message's length.
        final MessageBuffer[] whole = new MessageBuffer[buffers.length];
        final MessageBuffer.Direct[] echoes = new MessageBuffer.Direct[buffers.length];
        for (final Kind k : Kind.values())
        {
            buffers[k.ordinal()] = buffer(rw, k, MAX_BYTES);
            whole[k.ordinal()] = MessageBuffer.of(buffers[k.ordinal()], 0, MAX_BYTES);
            echoes[k.ordinal()] = MessageBuffer.of(buffers[k.ordinal()], 0, 0);
        }
        final MutableStatus st = new MutableStatus();
        while (true)
        {
            world.recv(commandBuf, 0, COMMAND_TAG);
            final UnsafeBuffer buf = buffers[command[2]];
            final MessageBuffer all = whole[command[2]];
            final MessageBuffer.Direct echo = echoes[command[2]];
            switch (command[0])
            {
                case RAW_ECHO:
                    for (int n = raw.receive(buf); n > 0; n = raw.receive(buf))
                    {
                        raw.send(buf, n);
                    }
                    break;
                case SHM_ECHO:
                    while (world.recv(all, 0, PING_TAG, st).bytes() > 0)
                    {
                        world.send(echo.wrap(buf, 0, st.bytes()), 0, PING_TAG);
                    }
                    break;
                case RAW_SINK:
                    while (raw.receive(buf) > 0)
                    {
                        Thread.onSpinWait();
                    }
                    raw.send(buf, 0);
                    break;
                case SHM_SINK:
                    while (world.recv(all, 0, BULK_TAG, st).bytes() > 0)
                    {
                        Thread.onSpinWait();
                    }
                    break;
                default:
                    return;
            }
        }
    }
}
