package io.rankwire.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * A file of the job directory mapped into memory. Files are created with mode 0600 and
 * {@code CREATE_NEW} (never reusing what is there) and mapped read-write. A file this rank
 * creates is <em>reserved</em> before it is mapped: zeros are written through its channel over
 * the reserved range, so tmpfs allocates those pages now and a full file system is an
 * {@link NoSpace} here, never a fault (SIGBUS, a JVM {@code InternalError}) at the first touch of a
 * page mid-run. The channel of a created file stays open until {@link #close()}, so that more of
 * it can be reserved later ({@link #reserve}, the shared heap as it hands memory out); a mapped
 * peer's file keeps no channel. A mapping is never unmapped explicitly: it goes when the last
 * buffer over it becomes unreachable, so no thread can touch memory that was unmapped under it.
 */
final class MappedFile
{
    /** Bytes written per call while reserving. */
    private static final int ZEROS = 1 << 20;

    /** The file system has no room for the bytes a file had to reserve. */
    static final class NoSpace extends UncheckedIOException
    {
        private static final long serialVersionUID = 1L;

        NoSpace(final Path path, final long bytes, final IOException cause)
        {
            super("rankwire-shm: cannot reserve " + bytes + " bytes of " + path, cause);
        }
    }

    final Path path;
    final UnsafeBuffer buffer;
    private final MappedByteBuffer mapping;
    private final FileChannel channel;

    private MappedFile(final Path path, final MappedByteBuffer mapping, final FileChannel channel)
    {
        this.path = path;
        this.mapping = mapping;
        this.channel = channel;
        this.buffer = new UnsafeBuffer(mapping);
    }

    /**
     * Creates {@code path} with {@code length} zero bytes, reserves its first {@code reserved}
     * bytes and maps it whole.
     *
     * @throws NoSpace when the file system has no room for the reserved bytes (the file is removed)
     */
    static MappedFile create(final Path path, final long length, final long reserved)
    {
        if (length < 1 || length > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(path + " : " + length + " bytes (expected: 1.." + Integer.MAX_VALUE + ")");
        }
        if (reserved < 0 || reserved > length)
        {
            throw new IllegalArgumentException(path + " : " + reserved + " bytes reserved (expected: 0.." + length + ")");
        }
        FileChannel ch = null;
        try
        {
            ch = FileChannel.open(path, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            zero(ch, path, 0, reserved);
            if (reserved < length)
            {
                ch.write(ByteBuffer.allocate(1), length - 1);
            }
            return new MappedFile(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, length), ch);
        }
        catch (final IOException | RuntimeException e)
        {
            closeQuietly(ch);
            if (ch != null)
            {
                deleteQuietly(path);
            }
            if (e instanceof IOException)
            {
                throw new UncheckedIOException("rankwire-shm: cannot create " + path, (IOException)e);
            }
            throw (RuntimeException)e;
        }
    }

    /** Maps an existing file (not a link) whole. */
    static MappedFile map(final Path path)
    {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))
        {
            final long length = ch.size();
            if (length < 1 || length > Integer.MAX_VALUE)
            {
                throw new IllegalStateException("rankwire-shm: " + path + " : " + length + " bytes (expected: 1.." +
                    Integer.MAX_VALUE + ")");
            }
            return new MappedFile(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, length), null);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot map " + path, e);
        }
    }

    /**
     * Reserves {@code [offset, offset + length)} of a file this rank created, by writing zeros
     * over it: only for bytes nobody uses yet (they become zero).
     *
     * @throws NoSpace when the file system has no room
     */
    void reserve(final long offset, final long length)
    {
        if (channel == null || offset < 0 || length < 0 || offset + length > buffer.capacity())
        {
            throw new IllegalArgumentException("rankwire-shm: " + path + " : reserve " + offset + "+" + length +
                " (expected: within 0.." + buffer.capacity() + " of a file this rank created)");
        }
        try
        {
            zero(channel, path, offset, length);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot reserve " + path, e);
        }
    }

    /** Writes zeros over {@code [offset, offset + length)}: ENOSPC becomes {@link NoSpace}. */
    private static void zero(final FileChannel ch, final Path path, final long offset, final long length) throws IOException
    {
        if (length == 0)
        {
            return;
        }
        final ByteBuffer zeros = ByteBuffer.allocateDirect((int)Math.min(ZEROS, length));
        try
        {
            for (long done = 0; done < length; )
            {
                zeros.clear().limit((int)Math.min(zeros.capacity(), length - done));
                done += ch.write(zeros, offset + done);
            }
        }
        catch (final IOException e)
        {
            if (noSpace(e))
            {
                throw new NoSpace(path, length, e);
            }
            throw e;
        }
    }

    /** Whether {@code e} is the file system's ENOSPC (the JDK reports it by its message only). */
    private static boolean noSpace(final IOException e)
    {
        final String m = e.getMessage();
        return m != null && (m.contains("No space left") || m.contains("Disk quota exceeded"));
    }

    /** A view of {@code [offset, offset + length)} that keeps the mapping alive. */
    UnsafeBuffer slice(final int offset, final int length)
    {
        return new UnsafeBuffer(mapping, offset, length);
    }

    /** A {@code ByteBuffer} over {@code [offset, offset + length)} that keeps the mapping alive. */
    ByteBuffer byteBuffer(final int offset, final int length)
    {
        return mapping.slice(offset, length);
    }

    /** Removes the file's name; the mapping (and every other process's) stays valid. Idempotent. */
    void unlink()
    {
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot unlink " + path, e);
        }
    }

    /** Closes the channel kept for {@link #reserve} (the mapping stays). Idempotent. */
    void close()
    {
        closeQuietly(channel);
    }

    /** The channel of a file this rank created (tests shrink a file through it), or null. */
    FileChannel channel()
    {
        return channel;
    }

    private static void closeQuietly(final FileChannel ch)
    {
        if (ch != null)
        {
            try
            {
                ch.close();
            }
            catch (final IOException e)
            {
                // nothing was buffered: the mapping holds the data
            }
        }
    }

    private static void deleteQuietly(final Path path)
    {
        try
        {
            Files.deleteIfExists(path);
        }
        catch (final IOException e)
        {
            // the launcher or the next job's sweep removes it
        }
    }
}
