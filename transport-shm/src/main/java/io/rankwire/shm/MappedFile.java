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

import org.agrona.concurrent.UnsafeBuffer;

/**
 * A file of the job directory mapped into memory. Files are created with mode 0600 and
 * {@code CREATE_NEW} (never reusing what is there), sized sparsely (tmpfs pages are allocated
 * only when first touched, and are zero) and mapped read-write; the channel is closed at once,
 * the mapping stays. A mapping is never unmapped explicitly: it goes when the last buffer over it
 * becomes unreachable, so no thread can touch memory that was unmapped under it.
 */
final class MappedFile
{
    final Path path;
    final UnsafeBuffer buffer;
    private final MappedByteBuffer mapping;

    private MappedFile(final Path path, final MappedByteBuffer mapping)
    {
        this.path = path;
        this.mapping = mapping;
        this.buffer = new UnsafeBuffer(mapping);
    }

    /** Creates {@code path} with {@code length} zero bytes and maps it. */
    static MappedFile create(final Path path, final long length)
    {
        if (length < 1 || length > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(path + " : " + length + " bytes (expected: 1.." + Integer.MAX_VALUE + ")");
        }
        try (FileChannel ch = FileChannel.open(path,
            java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))))
        {
            ch.write(ByteBuffer.allocate(1), length - 1);
            return new MappedFile(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, length));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot create " + path, e);
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
            return new MappedFile(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, length));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot map " + path, e);
        }
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
}
