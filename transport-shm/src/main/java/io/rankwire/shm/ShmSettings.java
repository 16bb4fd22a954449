package io.rankwire.shm;

import java.nio.file.Path;
import java.util.Map;

import io.rankwire.proto.TmHeader;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Settings of the shared-memory transport, read from the transport context ({@code rankwire.shm.*}
 * keys) and validated in one place; a bad value names the key, the value and the range.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>rankwire.shm.dir</td><td>/dev/shm (java.io.tmpdir without it)</td><td>where job directories are made</td></tr>
 *   <tr><td>rankwire.shm.rings</td><td>pair</td><td>{@code pair}: one one-to-one ring per ordered
 *       pair; {@code shared}: one many-to-one ring per receiver</td></tr>
 *   <tr><td>rankwire.shm.ringBytes</td><td>256 KiB (pair), 1 MiB (shared)</td><td>ring capacity,
 *       a power of two; the largest message is an eighth of it</td></tr>
 *   <tr><td>rankwire.shm.eagerLimit</td><td>16384 (at most the largest message - 16)</td><td>largest eager payload</td></tr>
 *   <tr><td>rankwire.shm.slotBytes</td><td>65536</td><td>bytes per staging slot (rendezvous fragment)</td></tr>
 *   <tr><td>rankwire.shm.slots</td><td>8</td><td>staging slots per ordered pair</td></tr>
 *   <tr><td>rankwire.shm.heapBytes</td><td>67108864</td><td>shared heap per rank for buffers the
 *       transport allocates (single-copy rendezvous); 0 = none</td></tr>
 *   <tr><td>rankwire.shm.regions</td><td>1024</td><td>regions of the shared heap registered at once</td></tr>
 *   <tr><td>rankwire.shm.spinMicros</td><td>50</td><td>how long a waiting rank polls before it sleeps</td></tr>
 *   <tr><td>rankwire.shm.doorbell</td><td>socket</td><td>{@code socket}: sleep in the kernel, woken by
 *       the sender; {@code none}: no kernel wait (the runtime parks and polls)</td></tr>
 *   <tr><td>rankwire.shm.livenessMillis</td><td>500</td><td>how often a waiting rank checks its peers' processes</td></tr>
 *   <tr><td>rankwire.shm.wireUpTimeoutMs</td><td>60000</td><td>limit for wire-up</td></tr>
 * </table>
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

    final Path dir;
    final boolean sharedRings;
    final int ringBytes;
    final int eagerLimit;
    final int slotBytes;
    /** Staging slots per pair as set, or 0: derived from the ranks on the host ({@link #slots(int)}). */
    final int slotsSetting;
    /** Push slots per pair: the first fragment of a rendezvous, sent before it is asked for; 0 = none. */
    final int pushSlots;
    final long heapBytes;
    final int regions;
    final int spinMicros;
    final boolean doorbell;
    final long livenessMillis;
    final long wireUpTimeoutMs;

    ShmSettings(final Map<String, String> settings)
    {
        dir = ShmDirectories.base(settings.get(DIR));
        final String rings = settings.getOrDefault(PREFIX + "rings", "pair");
        if (!"pair".equals(rings) && !"shared".equals(rings))
        {
            throw new IllegalArgumentException(PREFIX + "rings : " + rings + " (expected: pair|shared)");
        }
        sharedRings = "shared".equals(rings);
        ringBytes = intSetting(settings, "ringBytes", sharedRings ? 1 << 20 : 256 << 10, MIN_RING, MAX_RING);
        if (Integer.bitCount(ringBytes) != 1)
        {
            throw new IllegalArgumentException(PREFIX + "ringBytes : " + ringBytes + " (expected: a power of two)");
        }
        eagerLimit = intSetting(settings, "eagerLimit", Math.min(16 << 10, maxMessage() - TmHeader.LENGTH), 0,
            maxMessage() - TmHeader.LENGTH);
        slotBytes = intSetting(settings, "slotBytes", 64 << 10, 64, 64 << 20);
        if (slotBytes % 64 != 0)
        {
            throw new IllegalArgumentException(PREFIX + "slotBytes : " + slotBytes + " (expected: a multiple of 64)");
        }
        slotsSetting = intSetting(settings, "slots", 0, MIN_SLOTS, MAX_SLOTS);
        pushSlots = intSetting(settings, "pushSlots", 2, 0, 64);
        heapBytes = longSetting(settings, "heapBytes", 64L << 20, 0, (1L << 31) - PAGE);
        if (heapBytes % PAGE != 0)
        {
            throw new IllegalArgumentException(PREFIX + "heapBytes : " + heapBytes + " (expected: a multiple of " + PAGE + ")");
        }
        regions = intSetting(settings, "regions", 1024, 1, SharedRegions.MAX_SLOTS);
        spinMicros = intSetting(settings, "spinMicros", 50, 0, 1_000_000);
        final String bell = settings.getOrDefault(PREFIX + "doorbell", "socket");
        if (!"socket".equals(bell) && !"none".equals(bell))
        {
            throw new IllegalArgumentException(PREFIX + "doorbell : " + bell + " (expected: socket|none)");
        }
        doorbell = "socket".equals(bell);
        livenessMillis = intSetting(settings, "livenessMillis", 500, 10, 60_000);
        wireUpTimeoutMs = intSetting(settings, "wireUpTimeoutMs", 60_000, 1, Integer.MAX_VALUE);
    }

    /**
     * Staging slots per ordered pair on a host of {@code localRanks} ranks: the setting, or by
     * default {@link #STAGING_BUDGET} shared among the rank's peers, at least {@link #MIN_STAGING}
     * and at most {@link #MAX_STAGING} bytes per pair (4 MiB up to 8 ranks, 2 MiB at 16, 512 KiB
     * from 64), in slots of {@code slotBytes}. Every rank of a host computes the same value.
     */
    int slots(final int localRanks)
    {
        if (slotsSetting > 0)
        {
            return slotsSetting;
        }
        final long perPair = Math.max(MIN_STAGING, Math.min(MAX_STAGING, STAGING_BUDGET / Math.max(1, localRanks - 1)));
        return (int)Math.max(MIN_SLOTS, Math.min(MAX_SLOTS, perPair / slotBytes));
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

    private static int intSetting(
        final Map<String, String> settings, final String name, final int defaultValue, final int min, final int max)
    {
        return (int)longSetting(settings, name, defaultValue, min, max);
    }

    private static long longSetting(
        final Map<String, String> settings, final String name, final long defaultValue, final long min, final long max)
    {
        final String raw = settings.get(PREFIX + name);
        if (raw == null)
        {
            return defaultValue;
        }
        final long value;
        try
        {
            value = Long.parseLong(raw.trim());
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException(PREFIX + name + " : " + raw + " (expected: an integer)", e);
        }
        if (value < min || value > max)
        {
            throw new IllegalArgumentException(PREFIX + name + " : " + value + " (expected: " + min + ".." + max + ")");
        }
        return value;
    }
}
