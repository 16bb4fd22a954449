package io.rankwire.jmh.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The raw floor between two JVMs: two Agrona {@link OneToOneRingBuffer}s in one file mapped from
 * {@code /dev/shm} by both processes, and nothing else (no matching, no headers, no waiting but
 * a busy spin). A message longer than {@link #FRAGMENT} bytes goes as consecutive fragments, so
 * the writer copies the next one in while the reader copies the last one out, as a pipelined
 * shared-memory copy does.
 *
 * <pre>
 *   file:  ring A (main -> partner) | trailer | ring B (partner -> main) | trailer
 *   record type: 1 = more fragments follow, 2 = last fragment of a message
 * </pre>
 */
public final class RawRing
{
    /** Ring capacity (each direction). */
    public static final int CAPACITY = 2 << 20;
    /** Largest fragment. */
    public static final int FRAGMENT = 64 << 10;
    private static final int MORE = 1;
    private static final int LAST = 2;
    private static final int STRIDE = CAPACITY + RingBufferDescriptor.TRAILER_LENGTH;

    private final MappedByteBuffer mapping;
    private final OneToOneRingBuffer out;
    private final OneToOneRingBuffer in;
    private final Reassembler reassembler = new Reassembler();

    private RawRing(final MappedByteBuffer mapping, final boolean main)
    {
        this.mapping = mapping;
        final OneToOneRingBuffer a = new OneToOneRingBuffer(new UnsafeBuffer(mapping, 0, STRIDE));
        final OneToOneRingBuffer b = new OneToOneRingBuffer(new UnsafeBuffer(mapping, STRIDE, STRIDE));
        this.out = main ? a : b;
        this.in = main ? b : a;
    }

    /** Creates the file (the main process's side). */
    public static RawRing create(final Path path)
    {
        return new RawRing(map(path, true), true);
    }

    /** Maps the file the main process created (the partner's side). */
    public static RawRing open(final Path path)
    {
        return new RawRing(map(path, false), false);
    }

    private static MappedByteBuffer map(final Path path, final boolean create)
    {
        try (FileChannel ch = create ?
            FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE) :
            FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            if (create)
            {
                ch.write(ByteBuffer.allocate(1), 2L * STRIDE - 1);
            }
            return ch.map(FileChannel.MapMode.READ_WRITE, 0, 2L * STRIDE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the file's name (both mappings stay). */
    public static void unlink(final Path path)
    {
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code src[0, length)}, spinning while the ring is full. */
    public void send(final UnsafeBuffer src, final int length)
    {
        int sent = 0;
        do
        {
            final int n = Math.min(FRAGMENT, length - sent);
            final int type = sent + n == length ? LAST : MORE;
            while (!out.write(type, src, sent, n))
            {
                Thread.onSpinWait();
            }
            sent += n;
        }
        while (sent < length);
    }

    /** Receives one message into {@code dst}, spinning until all of it is there; returns its length. */
    public int receive(final UnsafeBuffer dst)
    {
        reassembler.start(dst);
        while (!reassembler.complete)
        {
            if (in.read(reassembler, 1) == 0)
            {
                Thread.onSpinWait();
            }
        }
        return reassembler.length;
    }

    /** Keeps the mapping reachable as long as this object is. */
    MappedByteBuffer mapping()
    {
        return mapping;
    }

    private static final class Reassembler implements MessageHandler
    {
        UnsafeBuffer dst;
        int length;
        boolean complete;

        void start(final UnsafeBuffer dst)
        {
            this.dst = dst;
            this.length = 0;
            this.complete = false;
        }

        @Override
        public void onMessage(final int type, final MutableDirectBuffer buffer, final int index, final int n)
        {
            dst.putBytes(length, buffer, index, n);
            length += n;
            complete = type == LAST;
        }
    }
}
