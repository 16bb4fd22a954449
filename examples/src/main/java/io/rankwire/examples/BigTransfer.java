package io.rankwire.examples;

import java.util.SplittableRandom;
import java.util.zip.CRC32;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;

/**
 * Rank 0 sends one large message (256 MiB unless told otherwise) to rank 1. A message this size
 * goes by rendezvous: the receiver pulls the data straight from the sender's buffer. Both ranks
 * compute a CRC32 of the bytes they hold and compare them; rank 0 prints the throughput.
 *
 * <p>Arguments: {@code [size]}, in bytes, or with a suffix {@code K}, {@code M} or {@code G}
 * (binary units), default {@code 256M}.
 */
public final class BigTransfer
{
    private static final int READY = 1;
    private static final int DATA = 2;
    private static final int DONE = 3;
    private static final int CRC = 4;

    private BigTransfer()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            if (world.size() < 2)
            {
                throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2)");
            }
            final int size = args.length > 0 ? parseSize(args[0]) : 256 << 20;
            if (world.rank() == 0)
            {
                sender(world, size);
            }
            else if (world.rank() == 1)
            {
                receiver(world, size);
            }
        }
    }

    private static void sender(final Comm world, final int size)
    {
        final byte[] data = new byte[size];
        new SplittableRandom(42).nextBytes(data);
        final long crc = crc32(data);

        world.recv(new byte[0], 0, 0, 1, READY);          // rank 1 has posted its receive
        final long start = System.nanoTime();
        world.send(data, 0, size, 1, DATA);                 // returns once rank 1 has pulled the data
        world.recv(new byte[0], 0, 0, 1, DONE);
        final long nanos = System.nanoTime() - start;

        final long[] theirs = new long[1];
        // A long[] goes through a descriptor; byte[] ranges (above) and ByteBuffers need none.
        world.sendrecv(MessageBuffer.of(new long[] {crc}), 1, CRC, MessageBuffer.of(theirs), 1, CRC);
        System.out.printf("BigTransfer %d bytes in %.1f ms: %.1f MB/s, crc32 sent=%08x received=%08x%n",
            size, nanos / 1e6, size * 1e3 / nanos, crc, theirs[0]);
        if (theirs[0] != crc)
        {
            throw new IllegalStateException("crc32 : " + Long.toHexString(theirs[0]) + " (expected: " + Long.toHexString(crc) + ")");
        }
        System.out.println("BigTransfer OK");
    }

    private static void receiver(final Comm world, final int size)
    {
        final byte[] data = new byte[size];
        final Request r = world.irecv(data, 0, size, 0, DATA);   // post first, then tell rank 0
        world.send(new byte[0], 0, 0, 0, READY);
        final int got = r.await().bytes();
        world.send(new byte[0], 0, 0, 0, DONE);
        if (got != size)
        {
            throw new IllegalStateException("received : " + got + " bytes (expected: " + size + ")");
        }
        final long crc = crc32(data);
        final long[] theirs = new long[1];
        world.sendrecv(MessageBuffer.of(new long[] {crc}), 0, CRC, MessageBuffer.of(theirs), 0, CRC);
        if (theirs[0] != crc)
        {
            throw new IllegalStateException("crc32 : " + Long.toHexString(crc) + " (expected: " + Long.toHexString(theirs[0]) + ")");
        }
    }

    private static long crc32(final byte[] data)
    {
        final CRC32 crc = new CRC32();
        crc.update(data, 0, data.length);
        return crc.getValue();
    }

    /** {@code 1048576}, {@code 64K}, {@code 256M}, {@code 1G}. */
    static int parseSize(final String text)
    {
        final String t = text.trim().toUpperCase(java.util.Locale.ROOT);
        final char unit = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
        final int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
        final long value = Long.parseLong(shift == 0 ? t : t.substring(0, t.length() - 1)) << shift;
        if (value < 0 || value > Integer.MAX_VALUE - 8)
        {
            throw new IllegalArgumentException("size : " + text + " (expected: 0.." + (Integer.MAX_VALUE - 8) + " bytes)");
        }
        return (int)value;
    }
}
