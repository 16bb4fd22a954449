package io.rankwire.shm;

import java.nio.file.Path;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * The file {@code rank-<r>} of one rank: everything its peers write to it. Made by its rank,
 * mapped by every rank of the host. All offsets are fixed by the settings and the number of
 * ranks on the host; integers are in the machine's byte order (all mappers share one machine).
 *
 * <pre>
 *   0        control block (4 KiB)
 *              0 magic u64 | 8 version u32 | 12 flags u32 (bit 0: shared ring)
 *             16 ringBytes u32 | 20 rings u32 | 24 slotBytes u32 | 28 slots u32
 *             32 local ranks u32 | 36 region slots u32 | 40 heapBytes u64
 *             48 pid u64 | 56 process start (epoch ms) u64 | 64 world rank u32 | 68 push slots u32
 *            128 state u32 (OPEN, CLOSED)                       own cache line pair
 *            256 sleeping u32 (1: waits in the kernel, ring it)  own cache line pair
 *            512 cut u8 x local ranks (1: this rank failed that one: a malformed frame, say)
 *   4096     shared region table: region slots x 16 B           (see {@link SharedRegions})
 *   rings    ring i: ringBytes + Agrona trailer, page-aligned   pair: one per local sender i
 *                                                               shared: one for all senders
 *   staging  staging i: fragments from local rank i's memory    (see {@link Staging})
 * </pre>
 */
final class RankSegment
{
    static final long MAGIC = 0x5257_5348_4D5F_0001L;
    static final int VERSION = 2;
    static final int CONTROL_BYTES = 4096;
    static final int VERSION_OFFSET = 8;
    static final int FLAGS_OFFSET = 12;
    static final int RING_BYTES_OFFSET = 16;
    static final int RINGS_OFFSET = 20;
    static final int SLOT_BYTES_OFFSET = 24;
    static final int SLOTS_OFFSET = 28;
    static final int LOCAL_RANKS_OFFSET = 32;
    static final int REGIONS_OFFSET = 36;
    static final int HEAP_BYTES_OFFSET = 40;
    static final int PID_OFFSET = 48;
    static final int START_OFFSET = 56;
    static final int WORLD_RANK_OFFSET = 64;
    static final int PUSH_SLOTS_OFFSET = 68;
    static final int STATE_OFFSET = 128;
    static final int SLEEPING_OFFSET = 256;
    static final int CUT_OFFSET = 512;
    /** Local ranks a control block has room for (one cut byte each). */
    static final int MAX_LOCAL_RANKS = CONTROL_BYTES - CUT_OFFSET;
    static final int FLAG_SHARED_RING = 1;

    static final int OPEN = 1;
    static final int CLOSED = 2;

    final MappedFile file;
    final UnsafeBuffer control;
    final SharedRegions regions;
    private final ShmSettings settings;
    private final int localRanks;
    private final int ringsOffset;
    private final int stagingOffset;

    private RankSegment(final MappedFile file, final ShmSettings settings, final int localRanks)
    {
        this.file = file;
        this.settings = settings;
        this.localRanks = localRanks;
        this.control = file.slice(0, CONTROL_BYTES);
        this.ringsOffset = CONTROL_BYTES + regionTableBytes(settings);
        this.stagingOffset = ringsOffset + rings(settings, localRanks) * settings.ringStride();
        this.regions = new SharedRegions(file.slice(CONTROL_BYTES, settings.regions * SharedRegions.ENTRY), settings.regions);
    }

    /** The file size for {@code settings} and {@code localRanks} ranks on the host. */
    static long size(final ShmSettings settings, final int localRanks)
    {
        return fixedBytes(settings, localRanks) + stagingBytes(settings, localRanks);
    }

    /**
     * Why a host of {@code localRanks} ranks cannot map its segments with these settings (too many
     * ranks, or a segment past what one mapping holds), or null when it can.
     */
    static String unmappable(final ShmSettings settings, final int localRanks)
    {
        if (localRanks > MAX_LOCAL_RANKS)
        {
            return "rankwire-shm: ranks on this host : " + localRanks + " (expected: at most " + MAX_LOCAL_RANKS + ")";
        }
        final long size = size(settings, localRanks);
        if (size > Integer.MAX_VALUE)
        {
            return "rankwire-shm: segment of " + size + " bytes for " + localRanks + " ranks (expected: at most " +
                Integer.MAX_VALUE + "; lower rankwire.shm.ringBytes, slots or slotBytes)";
        }
        return null;
    }

    /** The bytes of a segment before its staging areas: control block, region table, rings. */
    static long fixedBytes(final ShmSettings settings, final int localRanks)
    {
        return CONTROL_BYTES + (long)regionTableBytes(settings) + ringBytes(settings, localRanks);
    }

    /** The bytes of a segment's rings (each with its trailer, page-aligned). */
    static long ringBytes(final ShmSettings settings, final int localRanks)
    {
        return (long)rings(settings, localRanks) * settings.ringStride();
    }

    /** The bytes of a segment's staging areas, one per rank of the host. */
    static long stagingBytes(final ShmSettings settings, final int localRanks)
    {
        return (long)localRanks * Staging.stride(settings.slots(localRanks), settings.pushSlots, settings.slotBytes);
    }

    /**
     * Creates the segment of {@code worldRank}, reserves all of it ({@link MappedFile}) and initialises it.
     *
     * @throws MappedFile.NoSpace when the file system has no room for it
     */
    static RankSegment create(final Path path, final ShmSettings settings, final int localRanks, final int worldRank)
    {
        final String unmappable = unmappable(settings, localRanks);
        if (unmappable != null)
        {
            throw new IllegalArgumentException(unmappable);
        }
        final long size = size(settings, localRanks);
        final RankSegment s = new RankSegment(MappedFile.create(path, size, size), settings, localRanks);
        s.file.close(); // reserved whole: nothing more to reserve through it
        final UnsafeBuffer c = s.control;
        c.putInt(VERSION_OFFSET, VERSION);
        c.putInt(FLAGS_OFFSET, settings.sharedRings ? FLAG_SHARED_RING : 0);
        c.putInt(RING_BYTES_OFFSET, settings.ringBytes);
        c.putInt(RINGS_OFFSET, rings(settings, localRanks));
        c.putInt(SLOT_BYTES_OFFSET, settings.slotBytes);
        c.putInt(SLOTS_OFFSET, settings.slots(localRanks));
        c.putInt(PUSH_SLOTS_OFFSET, settings.pushSlots);
        c.putInt(LOCAL_RANKS_OFFSET, localRanks);
        c.putInt(REGIONS_OFFSET, settings.regions);
        c.putLong(HEAP_BYTES_OFFSET, settings.heapBytes);
        final ProcessHandle me = ProcessHandle.current();
        c.putLong(PID_OFFSET, me.pid());
        c.putLong(START_OFFSET, me.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L));
        c.putInt(WORLD_RANK_OFFSET, worldRank);
        c.putIntVolatile(STATE_OFFSET, OPEN);
        c.putLongVolatile(0, MAGIC);
        return s;
    }

    /**
     * Maps the segment a peer made and checks that it was made for this job's layout.
     *
     * @throws IllegalStateException naming the file, the field and both values
     */
    static RankSegment map(final Path path, final ShmSettings settings, final int localRanks, final int worldRank)
    {
        final MappedFile file = MappedFile.map(path);
        final long expected = size(settings, localRanks);
        if (file.buffer.capacity() != expected)
        {
            throw mismatch(path, "size", file.buffer.capacity(), expected);
        }
        final RankSegment s = new RankSegment(file, settings, localRanks);
        final UnsafeBuffer c = s.control;
        check(path, "magic", c.getLongVolatile(0), MAGIC);
        check(path, "version", c.getInt(VERSION_OFFSET), VERSION);
        check(path, "rankwire.shm.rings", c.getInt(FLAGS_OFFSET) & FLAG_SHARED_RING, settings.sharedRings ? 1 : 0);
        check(path, "rankwire.shm.ringBytes", c.getInt(RING_BYTES_OFFSET), settings.ringBytes);
        check(path, "rankwire.shm.slotBytes", c.getInt(SLOT_BYTES_OFFSET), settings.slotBytes);
        check(path, "rankwire.shm.slots", c.getInt(SLOTS_OFFSET), settings.slots(localRanks));
        check(path, "rankwire.shm.pushSlots", c.getInt(PUSH_SLOTS_OFFSET), settings.pushSlots);
        check(path, "rankwire.shm.regions", c.getInt(REGIONS_OFFSET), settings.regions);
        check(path, "rankwire.shm.heapBytes", c.getLong(HEAP_BYTES_OFFSET), settings.heapBytes);
        check(path, "local ranks", c.getInt(LOCAL_RANKS_OFFSET), localRanks);
        check(path, "world rank", c.getInt(WORLD_RANK_OFFSET), worldRank);
        return s;
    }

    private static void check(final Path path, final String field, final long actual, final long expected)
    {
        if (actual != expected)
        {
            throw mismatch(path, field, actual, expected);
        }
    }

    private static IllegalStateException mismatch(final Path path, final String field, final long actual, final long expected)
    {
        return new IllegalStateException("rankwire-shm: " + path + " : " + field + " " + actual + " (expected: " + expected +
            "; every rank of a job needs the same rankwire.shm.* settings)");
    }

    private static int regionTableBytes(final ShmSettings settings)
    {
        return ShmSettings.align(settings.regions * SharedRegions.ENTRY, ShmSettings.PAGE);
    }

    private static int rings(final ShmSettings settings, final int localRanks)
    {
        return settings.sharedRings ? 1 : localRanks;
    }

    /** A ring view: pair rings have one producer, the shared ring many. */
    RingBuffer ring(final int index)
    {
        final int length = settings.ringBytes + org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH;
        final UnsafeBuffer b = file.slice(ringsOffset + index * settings.ringStride(), length);
        return settings.sharedRings ? new ManyToOneRingBuffer(b) : new OneToOneRingBuffer(b);
    }

    /** The staging area for fragments from local rank {@code index}'s memory. */
    Staging staging(final int index)
    {
        if (index < 0 || index >= localRanks)
        {
            throw new IllegalArgumentException("index : " + index + " (expected: 0.." + (localRanks - 1) + ")");
        }
        final int slots = settings.slots(localRanks);
        final int stride = Staging.stride(slots, settings.pushSlots, settings.slotBytes);
        return new Staging(file.slice(stagingOffset + index * stride, stride), slots, settings.pushSlots, settings.slotBytes);
    }

    int state()
    {
        return control.getIntVolatile(STATE_OFFSET);
    }

    void state(final int state)
    {
        control.putIntVolatile(STATE_OFFSET, state);
    }

    /** Marks local rank {@code index} as failed by this segment's rank (it then fails this one too). */
    void cut(final int index)
    {
        control.putByteVolatile(CUT_OFFSET + index, (byte)1);
    }

    /** Whether this segment's rank failed local rank {@code index}. */
    boolean cuts(final int index)
    {
        return control.getByteVolatile(CUT_OFFSET + index) != 0;
    }

    long pid()
    {
        return control.getLong(PID_OFFSET);
    }

    long startMillis()
    {
        return control.getLong(START_OFFSET);
    }
}
