package io.rankwire.examples.bench;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.agrona.IoUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import io.rankwire.Comm;

/**
 * The {@code sim} baseline: two Agrona {@link OneToOneRingBuffer}s (one per direction) in shared
 * memory between the rank threads of an in-JVM job. Each rank runs in its own class loader, so
 * the rings live in a memory-mapped file (in {@code /dev/shm} when there is one) whose path rank 1
 * sends to rank 0 in a Rankwire message. A message longer than 64 KiB is cut into records of
 * 64 KiB, so that the two copies overlap as in a pipelined shared-memory transfer; the receiver
 * copies each record into its buffer, as a real receive would.
 * Waiting spins, yields, then parks, in the shape and times of Rankwire's default wait over shm
 * ({@link RawWait}), or busy-polls without pause when the job's ranks do ({@code rankwire.idle=spin}).
 *
 * <pre>
 *   file: [ ring 0 -> 1 : CAPACITY + trailer ][ ring 1 -> 0 : CAPACITY + trailer ]
 * </pre>
 */
final class RingRawChannel implements RawChannel
{
    private static final int PATH_TAG = 9002;
    private static final int MAPPED_TAG = 9003;
    private static final int CAPACITY = 2 << 20;
    private static final int RING_BYTES = CAPACITY + RingBufferDescriptor.TRAILER_LENGTH;
    private static final int MSG_TYPE = 1;
    /** Largest record: the receiver copies one out while the sender copies the next in. */
    private static final int FRAGMENT = 64 << 10;

    private final MappedByteBuffer mapped;
    private final OneToOneRingBuffer out;
    private final OneToOneRingBuffer in;
    private final int maxRecord;
    private final boolean spin;
    private final IdleStrategy sendIdle;
    private final IdleStrategy recvIdle;
    private final UnsafeBuffer sendView = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer recvView = new UnsafeBuffer(0, 0);
    private final Copier copier = new Copier();

    private RingRawChannel(final MappedByteBuffer mapped, final int rank, final boolean spin)
    {
        this.mapped = mapped;
        this.spin = spin;
        this.sendIdle = spin ? NoOpIdleStrategy.INSTANCE : new RawWait();
        this.recvIdle = spin ? NoOpIdleStrategy.INSTANCE : new RawWait();
        final UnsafeBuffer first = new UnsafeBuffer(mapped, 0, RING_BYTES);
        final UnsafeBuffer second = new UnsafeBuffer(mapped, RING_BYTES, RING_BYTES);
        this.out = new OneToOneRingBuffer(rank == 0 ? first : second);
        this.in = new OneToOneRingBuffer(rank == 0 ? second : first);
        this.maxRecord = Math.min(FRAGMENT, out.maxMsgLength());
    }

    /** Maps the rings shared by ranks 0 and 1 of {@code world}; {@code spin}: wait without pause. */
    static RingRawChannel open(final Comm world, final boolean spin)
    {
        try
        {
            if (world.rank() == 1)
            {
                final File dir = Files.isWritable(Path.of("/dev/shm")) ? new File("/dev/shm") : null;
                final File file = File.createTempFile("rankwire-bench-", ".ring", dir);
                try (RandomAccessFile f = new RandomAccessFile(file, "rw"))
                {
                    f.setLength(2L * RING_BYTES);   // zero-filled, as empty rings must be
                }
                final MappedByteBuffer mapped = IoUtil.mapExistingFile(file, "raw baseline ring");
                final byte[] path = file.getAbsolutePath().getBytes(StandardCharsets.UTF_8);
                world.send(path, 0, path.length, 0, PATH_TAG);
                world.recv(new byte[0], 0, 0, 0, MAPPED_TAG);      // rank 0 has it mapped: remove the name
                Files.delete(file.toPath());
                return new RingRawChannel(mapped, 1, spin);
            }
            final byte[] path = new byte[4096];
            final int n = world.recv(path, 0, path.length, 1, PATH_TAG).bytes();
            final MappedByteBuffer mapped = IoUtil.mapExistingFile(
                new File(new String(path, 0, n, StandardCharsets.UTF_8)), "raw baseline ring");
            world.send(new byte[0], 0, 0, 1, MAPPED_TAG);
            return new RingRawChannel(mapped, 0, spin);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("raw baseline: cannot map the shared rings", e);
        }
    }

    @Override
    public String name()
    {
        return spin ? "raw Agrona ring, spinning" : "raw Agrona ring";
    }

    @Override
    public void send(final ByteBuffer buf, final int length)
    {
        sendView.wrap(buf, 0, Math.max(1, length));
        int offset = 0;
        do
        {
            final int chunk = Math.min(maxRecord, length - offset);
            sendIdle.reset();
            while (!out.write(MSG_TYPE, sendView, offset, chunk))
            {
                sendIdle.idle();
            }
            offset += chunk;
        }
        while (offset < length);
    }

    @Override
    public void recv(final ByteBuffer buf, final int length)
    {
        recvView.wrap(buf, 0, Math.max(1, length));
        copier.dst = recvView;
        copier.received = 0;
        do
        {
            recvIdle.reset();
            while (in.read(copier, 1) == 0)
            {
                recvIdle.idle();
            }
        }
        while (copier.received < length);
    }

    @Override
    public void close()
    {
        IoUtil.unmap(mapped);
    }

    /** Copies each record to the end of what the current receive has so far. */
    private static final class Copier implements MessageHandler
    {
        MutableDirectBuffer dst;
        int received;

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
        {
            dst.putBytes(received, buffer, index, length);
            received += length;
        }
    }
}
