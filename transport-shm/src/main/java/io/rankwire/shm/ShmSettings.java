package io.rankwire.shm;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.rankwire.proto.TmHeader;
import io.rankwire.settings.Setting;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Settings of the shared-memory transport ({@code rankwire.shm.*} keys), each declared once below
 * and read from the transport context through its descriptor; a bad value names the key, the
 * value and what is expected. docs/SETTINGS.md lists them, docs/SHM.md explains them.
 */
final class ShmSettings
{
    static final String PREFIX = "rankwire.shm.";
    static final String DIR = PREFIX + "dir";
    static final int MIN_RING = 4096;
    static final int MAX_RING = 1 << 30;
    static final int PAGE = 4096;
    /** Staging bytes per rank that the default slot count shares among the rank's peers on the host. */
    static final int STAGING_BUDGET = 32 << 20;
    /** The least staging per pair the default gives (the old fixed default: 8 slots of 64 KiB). */
    static final int MIN_STAGING = 512 << 10;
    /** The most staging per pair the default gives: a whole 4 MiB message in flight. */
    static final int MAX_STAGING = 4 << 20;
    static final int MIN_SLOTS = 2;
    static final int MAX_SLOTS = 1024;
    /** The eager limit's default, when the ring's largest message allows it. */
    static final int EAGER_LIMIT_DEFAULT = 16 << 10;
    static final int PAIR_RING_DEFAULT = 256 << 10;
    static final int SHARED_RING_DEFAULT = 1 << 20;
    /**
     * The share of the shared-memory file system (its size, not what is free) that the default
     * staging depth lets the segments of a host's ranks take: what is left holds shared heaps and
     * other users' files. Explicit {@code slots} ignore it.
     */
    static final double STORE_SHARE = 0.75;

    static final Setting<String> DIR_SETTING = Setting.text(DIR, null, "a directory path",
        path -> !path.isEmpty() && path.indexOf('\0') < 0, "where job directories are made")
        .withDefault(ShmDirectories.DEFAULT_BASE + " (java.io.tmpdir without it)");
    static final Setting<String> RINGS = Setting.oneOf(PREFIX + "rings", "pair",
        "pair: one one-to-one ring per ordered pair of ranks; shared: one many-to-one ring per receiver", "pair", "shared");
    static final Setting<Integer> RING_BYTES = Setting.bytes(PREFIX + "ringBytes", PAIR_RING_DEFAULT, MIN_RING, MAX_RING,
        "ring capacity; the largest message is an eighth of it (Agrona's limit)")
        .where(v -> Integer.bitCount(v) == 1, "a power of two")
        .withDefault(s -> s.format(PAIR_RING_DEFAULT) + " (pair), " + s.format(SHARED_RING_DEFAULT) + " (shared)");
    static final Setting<Integer> EAGER_LIMIT = Setting.bytes(PREFIX + "eagerLimit", EAGER_LIMIT_DEFAULT, 0,
        MAX_RING / 8 - TmHeader.LENGTH, "Capabilities.eagerLimit(): largest payload the runtime should send eagerly; " +
            "at most the largest message - " + TmHeader.LENGTH)
        .withDefault(s -> s.format(EAGER_LIMIT_DEFAULT) + " (at most the largest message - " + TmHeader.LENGTH + ")");
    static final Setting<Integer> SLOT_BYTES = Setting.bytes(PREFIX + "slotBytes", 64 << 10, 64, 64 << 20,
        "bytes per staging slot: the fragment size of a streamed rendezvous")
        .where(v -> v % 64 == 0, "a multiple of 64");
    static final Setting<Integer> SLOTS = Setting.integer(PREFIX + "slots", MIN_SLOTS, MIN_SLOTS, MAX_SLOTS,
        "staging slots per ordered pair")
        .withDefault(s -> "by the ranks on the host: " + SLOT_BYTES.format(STAGING_BUDGET) +
            " per rank shared among its peers, " + SLOT_BYTES.format(MIN_STAGING) + ".." +
            SLOT_BYTES.format(MAX_STAGING) + " per pair, fewer (down to " + MIN_SLOTS + ") where the host's segments " +
            "would take more than 3/4 of the shm file system's size");
    static final Setting<Integer> PUSH_SLOTS = Setting.integer(PREFIX + "pushSlots", 2, 0, 64,
        "slots per ordered pair for the first fragment of a streamed rendezvous, sent before the reader asks; 0: none");
    static final Setting<String> PUSH = Setting.oneOf(PREFIX + "push", "on",
        "whether an owner copies a streamed rendezvous's first fragment into a push slot before the RNDV (off: the " +
        "reader asks for it); auto: on only when the host's ranks outnumber the CPUs a rank may use", "on", "auto", "off");
    static final Setting<Long> HEAP_BYTES = Setting.longBytes(PREFIX + "heapBytes", 64L << 20, 0, (1L << 31) - PAGE,
        "the rank's shared heap for Rankwire.allocate (single-copy rendezvous); 0: none")
        .where(v -> v % PAGE == 0, "a multiple of " + PAGE);
    static final Setting<Integer> REGIONS = Setting.integer(PREFIX + "regions", 1024, 1, SharedRegions.MAX_SLOTS,
        "heap regions registered at once (single-copy reads); past that a heap region is streamed");
    static final Setting<Long> SPIN_MICROS = Setting.duration(PREFIX + "spinMicros", TimeUnit.MICROSECONDS, 50, 0,
        1_000_000, "how long a waiting rank polls before it yields and then sleeps (rankwire.idle.spinMicros wins when set)");
    static final Setting<String> DOORBELL = Setting.oneOf(PREFIX + "doorbell", "socket",
        "socket: sleep in the kernel until a peer rings; none: no kernel wait, the runtime parks and polls", "socket", "none");
    static final Setting<Long> LIVENESS = Setting.duration(PREFIX + "livenessMillis", TimeUnit.MILLISECONDS, 500, 10,
        60_000, "how often a waiting rank looks at its peers' processes");
    static final Setting<Long> WIRE_UP_TIMEOUT = Setting.duration(PREFIX + "wireUpTimeoutMs", TimeUnit.MILLISECONDS,
        60_000, 1, Integer.MAX_VALUE, "limit for wire-up");

    /** Every setting of the transport, in the order docs/SETTINGS.md lists them. */
    static final List<Setting<?>> ALL = List.of(DIR_SETTING, RINGS, RING_BYTES, EAGER_LIMIT, SLOT_BYTES, SLOTS, PUSH_SLOTS,
        PUSH, HEAP_BYTES, REGIONS, SPIN_MICROS, DOORBELL, LIVENESS, WIRE_UP_TIMEOUT);

    final Path dir;
    final boolean sharedRings;
    final int ringBytes;
    final int eagerLimit;
    final int slotBytes;
    /** Staging slots per pair as set, or 0: derived from the ranks on the host ({@link #slots(int)}). */
    final int slotsSetting;
    /** Push slots per pair: the first fragment of a rendezvous, sent before it is asked for; 0 = none. */
    final int pushSlots;
    /** {@code rankwire.shm.push}: "on", "auto" or "off" ({@link #pushes(int, int)}). */
    final String push;
    final long heapBytes;
    final int regions;
    final int spinMicros;
    final boolean doorbell;
    final long livenessMillis;
    final long wireUpTimeoutMs;
    /** The size of the file system under {@link #dir}, or 0 when unknown (the default staging then ignores it). */
    final long storeBytes;

    ShmSettings(final Map<String, String> settings)
    {
        this(settings, -1);
    }

    /** @param storeBytes the file system's size, or -1 to ask the file system under the directory (tests give one) */
    ShmSettings(final Map<String, String> settings, final long storeBytes)
    {
        dir = ShmDirectories.base(DIR_SETTING.read(settings));
        this.storeBytes = storeBytes >= 0 ? storeBytes : ShmSpace.totalBytes(dir);
        sharedRings = RINGS.read(settings).equals("shared");
        ringBytes = RING_BYTES.read(settings, sharedRings ? SHARED_RING_DEFAULT : PAIR_RING_DEFAULT);
        final int eagerMost = maxMessage() - TmHeader.LENGTH;
        eagerLimit = EAGER_LIMIT.read(settings, Math.min(EAGER_LIMIT_DEFAULT, eagerMost));
        if (eagerLimit > eagerMost)
        {
            throw EAGER_LIMIT.refuse(settings.get(EAGER_LIMIT.key()), "a byte size 0.." + eagerMost +
                ", rankwire.shm.ringBytes / 8 - " + TmHeader.LENGTH);
        }
        slotBytes = SLOT_BYTES.read(settings);
        slotsSetting = SLOTS.read(settings, 0);
        pushSlots = PUSH_SLOTS.read(settings);
        push = PUSH.read(settings);
        heapBytes = HEAP_BYTES.read(settings);
        regions = REGIONS.read(settings);
        spinMicros = SPIN_MICROS.read(settings).intValue();
        doorbell = DOORBELL.read(settings).equals("socket");
        livenessMillis = LIVENESS.read(settings);
        wireUpTimeoutMs = WIRE_UP_TIMEOUT.read(settings);
    }

    /**
     * Whether this rank pushes first fragments, on a host of {@code localRanks} ranks where it may
     * use {@code cpus} CPUs: never without push slots; by default always; with {@code auto} only
     * when the ranks outnumber the CPUs (docs/SHM.md, "Who pushes"). A rank's own choice (a reader
     * takes a push when there is one and asks otherwise), so ranks of one host may differ.
     */
    boolean pushes(final int localRanks, final int cpus)
    {
        if (pushSlots == 0 || push.equals("off"))
        {
            return false;
        }
        return push.equals("on") || localRanks > cpus;
    }

    /**
     * Staging slots per ordered pair on a host of {@code localRanks} ranks: the setting, or by
     * default {@link #STAGING_BUDGET} shared among the rank's peers, at least {@link #MIN_STAGING}
     * and at most {@link #MAX_STAGING} bytes per pair (4 MiB up to 8 ranks, 2 MiB at 16, 512 KiB
     * from 64), in slots of {@code slotBytes}; and no more than lets the segments of the host's
     * ranks fit in {@link #STORE_SHARE} of the file system ({@link #storeSlots}), down to
     * {@link #MIN_SLOTS}. Every rank of a host computes the same value (one file system, one size).
     */
    int slots(final int localRanks)
    {
        if (slotsSetting > 0)
        {
            return slotsSetting;
        }
        final long perPair = Math.max(MIN_STAGING, Math.min(MAX_STAGING, STAGING_BUDGET / Math.max(1, localRanks - 1)));
        final long slots = Math.max(MIN_SLOTS, Math.min(MAX_SLOTS, perPair / slotBytes));
        return (int)Math.max(MIN_SLOTS, Math.min(slots, storeSlots(localRanks)));
    }

    /**
     * The most slots per pair with which {@code localRanks} segments take at most
     * {@link #STORE_SHARE} of the file system: what is left of each rank's share after its
     * control block, region table and rings, split among its staging areas (one per rank of the
     * host, each a header and its push slots besides the slots, padded to a page). Unbounded when
     * the file system's size is unknown.
     */
    long storeSlots(final int localRanks)
    {
        if (storeBytes <= 0)
        {
            return MAX_SLOTS;
        }
        final int n = Math.max(1, localRanks);
        final long perRank = (long)(storeBytes * STORE_SHARE) / n - RankSegment.fixedBytes(this, n);
        final long perArea = perRank / n - (PAGE - 1) - Staging.HEADER;
        return Math.max(0, perArea / (Staging.SLOT_HEADER + (long)slotBytes) - pushSlots);
    }

    /** The largest message (TMH + payload) one ring record carries: an eighth of the ring (Agrona's limit). */
    int maxMessage()
    {
        return ringBytes >> 3;
    }

    /** Bytes of one ring in a segment: the ring, its trailer, padded to a page. */
    int ringStride()
    {
        return align(ringBytes + RingBufferDescriptor.TRAILER_LENGTH, PAGE);
    }

    static int align(final int value, final int alignment)
    {
        return (value + alignment - 1) & -alignment;
    }
}
