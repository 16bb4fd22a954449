package io.rankwire.shm;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;

/**
 * The rank's shared heap, the file {@code heap-<r>}: memory for buffers the application asks the
 * transport for ({@code Transport.allocate}, like {@code MPI_Alloc_mem}). Every rank of the host
 * maps it at wire-up, so a peer reads a registered region of it directly, in one copy.
 *
 * <p>First-fit allocation in blocks of 64-byte multiples, 64-byte aligned, with free blocks kept
 * by offset and merged with their neighbours when freed. Allocation is rare (not on the message
 * path), so the allocator is a plain synchronized structure; any thread may call it.
 *
 * <p>The heap is reserved as it is handed out, not at wire-up: its file is sparse, and before a
 * block past the reserved part is returned, the part up to the block's end (rounded up to
 * {@link #RESERVE_STEP}) is reserved ({@link MappedFile#reserve}). When the file system has no
 * room, {@link #allocate} returns null (the runtime then gives a direct buffer) and says so once
 * in a WARNING: no page of the heap is ever touched before it is reserved, so a full file system
 * never faults a write into an allocated buffer.
 */
final class SharedHeap
{
    static final int ALIGNMENT = 64;
    /** How much more of the heap is reserved at a time. */
    static final long RESERVE_STEP = 1 << 20;
    private static final System.Logger LOG = System.getLogger(ShmTransport.class.getName());

    final MappedFile file;
    private final long base;
    private final long size;
    private final TreeMap<Long, Long> free = new TreeMap<>();
    private final Map<Long, Long> used = new HashMap<>();
    private long usedBytes;
    /** The heap's first bytes that are reserved: blocks below it may be handed out. */
    private long reserved;
    private boolean warned;

    SharedHeap(final MappedFile file)
    {
        this.file = file;
        this.base = file.buffer.addressOffset();
        this.size = file.buffer.capacity();
        free.put(0L, size);
    }

    /** A buffer of {@code capacity} bytes (position 0, limit capacity), or null when the heap has no room. */
    synchronized ByteBuffer allocate(final int capacity)
    {
        if (capacity < 0)
        {
            throw new IllegalArgumentException("capacity : " + capacity + " (expected: >= 0)");
        }
        final long length = Math.max(ALIGNMENT, (capacity + (ALIGNMENT - 1L)) & -ALIGNMENT);
        for (final Map.Entry<Long, Long> e : free.entrySet())
        {
            if (e.getValue() >= length)
            {
                final long offset = e.getKey();
                if (!reserveTo(offset + length))
                {
                    return null;
                }
                free.remove(offset);
                if (e.getValue() > length)
                {
                    free.put(offset + length, e.getValue() - length);
                }
                used.put(offset, length);
                usedBytes += length;
                return file.byteBuffer((int)offset, capacity);
            }
        }
        return null;
    }

    /**
     * Gives back a buffer {@link #allocate} returned (any view starting at its first byte).
     *
     * @return false when {@code buffer} is not an allocation of this heap (nothing happens)
     */
    synchronized boolean free(final ByteBuffer buffer)
    {
        if (buffer == null || !buffer.isDirect())
        {
            return false;
        }
        final long offset = BufferUtil.address(buffer) - base;
        final Long length = used.remove(offset);
        if (length == null)
        {
            return false;
        }
        usedBytes -= length;
        long start = offset;
        long end = offset + length;
        final Map.Entry<Long, Long> before = free.floorEntry(start);
        if (before != null && before.getKey() + before.getValue() == start)
        {
            start = before.getKey();
            free.remove(start);
        }
        final Long after = free.remove(end);
        if (after != null)
        {
            end += after;
        }
        free.put(start, end - start);
        return true;
    }

    /** Reserves the heap up to {@code end} (rounded up to a step); false when the file system has no room. */
    private boolean reserveTo(final long end)
    {
        if (end <= reserved)
        {
            return true;
        }
        final long to = Math.min(size, (end + RESERVE_STEP - 1) / RESERVE_STEP * RESERVE_STEP);
        try
        {
            file.reserve(reserved, to - reserved);
            reserved = to;
            return true;
        }
        catch (final MappedFile.NoSpace e)
        {
            if (!warned)
            {
                warned = true;
                LOG.log(System.Logger.Level.WARNING, "rankwire-shm: the shared heap " + file.path + " could not grow past " +
                    ShmSpace.mib(reserved) + " (" + e.getCause().getMessage() + "): Rankwire.allocate gives direct buffers " +
                    "(a rendezvous from them takes two copies instead of one) until memory is freed");
            }
            return false;
        }
        catch (final java.io.UncheckedIOException e)
        {
            return false; // the transport closed the heap's file meanwhile
        }
    }

    /** Bytes of the heap reserved so far. */
    synchronized long reservedBytes()
    {
        return reserved;
    }

    /** Bytes handed out and not freed. */
    synchronized long usedBytes()
    {
        return usedBytes;
    }

    /**
     * The heap offset of {@code buffer[offset, offset + length)} when that range lies in this
     * heap, or -1. Any thread; no lock (the heap's address range never changes).
     */
    long offsetOf(final DirectBuffer buffer, final int offset, final int length)
    {
        if (buffer.byteArray() != null)
        {
            return -1;
        }
        final long start = buffer.addressOffset() + offset - base;
        return start >= 0 && start <= size - length ? start : -1;
    }
}
