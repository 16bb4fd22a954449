package io.rankwire.shm;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportException;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Wire-up of one rank, in this order:
 *
 * <ol>
 *   <li>publish the host identity ({@link HostIdentity}: host name and boot id) and read those of
 *       the ranks this transport serves ({@link TransportContext#peers()}: every rank, or the
 *       ranks of this host when the {@code auto} transport chose it for them), which must all be
 *       on this host;</li>
 *   <li>the host's first rank sweeps the directories of dead jobs ({@link DeadJobSweep}), checks
 *       that the file system has room for every segment of the host ({@link ShmSpace}) and
 *       publishes the verdict as {@code shm.space}; the others wait for it, and all refuse with
 *       its message when there is no room;</li>
 *   <li>make the job directory (0700) and this rank's owner file ({@link JobOwners}), this
 *       rank's segment {@code rank-<r>}, reserved whole, and shared heap {@code heap-<r>}
 *       (0600), listen on {@code bell-<r>}, publish {@code shm.ready} (or, when that failed,
 *       why, so that peers fail at once instead of waiting for it);</li>
 *   <li>for every other rank of the host: wait for its {@code shm.ready}, map its segment and
 *       heap, then connect to its bell (so a connection means "mapped");</li>
 *   <li>accept the bell connections of every other rank of the host: all of them have now
 *       mapped this rank's files, which are unlinked at once, and the last rank to do so removes
 *       the directory. From here on a crash leaves nothing in the file system.</li>
 * </ol>
 *
 * On failure everything this rank made is removed ({@link #abandon()}).
 */
final class Wiring
{
    static final String HOST_KEY = HostIdentity.KEY;
    static final String READY_KEY = "shm.ready";
    static final String SPACE_KEY = "shm.space";
    private static final byte OK = 1;
    private static final byte REFUSED = 0;
    private static final System.Logger LOG = System.getLogger(ShmTransport.class.getName());

    final ShmSettings settings;
    final int rank;
    final int size;
    final Path jobDir;
    final int[] localIndex;
    int[] localRanks;
    RankSegment segment;
    SharedHeap heap;
    Doorbell doorbell;
    Peer[] peers;
    private final TransportContext context;
    private MappedFile heapFile;
    private Path owner;
    private boolean readyPublished;

    Wiring(final TransportContext context, final ShmSettings settings)
    {
        this.context = context;
        this.settings = settings;
        this.rank = context.rank();
        this.size = context.size();
        this.jobDir = ShmDirectories.hostDirectory(
            ShmDirectories.jobDirectory(settings.dir, context.jobId(), System.getProperty("user.name", "user")),
            HostIdentity.of(context));
        this.localIndex = new int[size];
    }

    /** Runs the wire-up; throws with what went wrong after removing what it made. */
    void run()
    {
        final Bootstrap bootstrap = context.bootstrap();
        final Duration timeout = Duration.ofMillis(settings.wireUpTimeoutMs);
        final long deadline = System.nanoTime() + timeout.toNanos();
        try
        {
            findLocalRanks(bootstrap, timeout);
            final int me = localIndex[rank];
            checkSpace(bootstrap, timeout);
            owner = ShmDirectories.enter(jobDir, rank);
            segment = createSegment();
            if (settings.heapBytes > 0)
            {
                heapFile = MappedFile.create(file("heap-", rank), settings.heapBytes, 0);
                heap = new SharedHeap(heapFile);
            }
            doorbell = new Doorbell(file("bell-", rank), rank, context.jobId(), localRanks.length);
            readyPublished = true;
            bootstrap.put(READY_KEY, new byte[] {OK});
            final RankSegment[] segments = new RankSegment[localRanks.length];
            final UnsafeBuffer[] heaps = new UnsafeBuffer[localRanks.length];
            for (int i = 0; i < localRanks.length; i++)
            {
                if (i == me)
                {
                    segments[i] = segment;
                    heaps[i] = heapFile == null ? null : heapFile.buffer;
                    continue;
                }
                final int peer = localRanks[i];
                final byte[] ready = bootstrap.get(peer, READY_KEY, timeout);
                if (ready.length > 0 && ready[0] == REFUSED)
                {
                    throw new TransportException("rankwire-shm: rank " + peer + " could not wire up: " + text(ready));
                }
                segments[i] = RankSegment.map(file("rank-", peer), settings, localRanks.length, peer);
                heaps[i] = settings.heapBytes > 0 ? MappedFile.map(file("heap-", peer)).buffer : null;
                doorbell.connect(i, file("bell-", peer));
            }
            doorbell.accept(localRanks.length - 1, deadline, r -> r >= 0 && r < size && localIndex[r] >= 0 && r != rank);
            unlinkOwnFiles();
            peers = new Peer[localRanks.length];
            for (int i = 0; i < localRanks.length; i++)
            {
                final RingBuffer out = segments[i].ring(settings.sharedRings ? 0 : me);
                peers[i] = new Peer(localRanks[i], i, segments[i], heaps[i], out, segments[i].staging(me), segment.staging(i));
            }
        }
        catch (final RuntimeException | Error e)
        {
            refuseReady(bootstrap, e);
            abandon();
            throw e;
        }
    }

    /**
     * The host's first rank sweeps dead jobs' directories and decides whether the host's segments
     * fit; every rank of the host refuses with the same message when they do not.
     */
    private void checkSpace(final Bootstrap bootstrap, final Duration timeout)
    {
        final byte[] verdict;
        if (localRanks[0] == rank)
        {
            for (final String removed : DeadJobSweep.sweep(settings.dir, jobDir))
            {
                LOG.log(Level.INFO, "rankwire-shm: removed " + removed);
            }
            final String refusal = ShmSpace.shortfall(settings, localRanks.length);
            verdict = refusal == null ? new byte[] {OK} : message(refusal);
            bootstrap.put(SPACE_KEY, verdict);
        }
        else
        {
            verdict = bootstrap.get(localRanks[0], SPACE_KEY, timeout);
        }
        if (verdict.length > 0 && verdict[0] == REFUSED)
        {
            throw new TransportException(text(verdict));
        }
    }

    /** This rank's segment, reserved whole; a full file system is refused as the space check would. */
    private RankSegment createSegment()
    {
        try
        {
            return RankSegment.create(file("rank-", rank), settings, localRanks.length, rank);
        }
        catch (final MappedFile.NoSpace e)
        {
            throw new TransportException(ShmSpace.refusal(settings, localRanks.length, ShmSpace.usableBytes(settings.dir)), e);
        }
    }

    /** Tells the host's other ranks, which wait for this rank's {@code shm.ready}, why it will not come. */
    private void refuseReady(final Bootstrap bootstrap, final Throwable why)
    {
        if (readyPublished || localRanks == null)
        {
            return;
        }
        readyPublished = true;
        try
        {
            bootstrap.put(READY_KEY, message(String.valueOf(why.getMessage())));
        }
        catch (final RuntimeException e)
        {
            // the peers time out instead
        }
    }

    private static byte[] message(final String text)
    {
        final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        final byte[] m = new byte[utf8.length + 1];
        m[0] = REFUSED;
        System.arraycopy(utf8, 0, m, 1, utf8.length);
        return m;
    }

    private static String text(final byte[] message)
    {
        return new String(message, 1, message.length - 1, StandardCharsets.UTF_8);
    }

    private void findLocalRanks(final Bootstrap bootstrap, final Duration timeout)
    {
        if (!context.serves(rank))
        {
            throw new IllegalArgumentException("rankwire-shm: peers " + Arrays.toString(context.peers()) +
                " (expected: rank " + rank + " itself among them)");
        }
        final int[] served = context.peers();
        final String[] hosts = HostIdentity.exchange(context, served, timeout);
        final String host = hosts[Arrays.binarySearch(served, rank)];
        Arrays.fill(localIndex, -1);
        for (int i = 0; i < served.length; i++)
        {
            if (!hosts[i].equals(host))
            {
                throw new IllegalStateException("rankwire-shm: rank " + served[i] + " runs on host '" + hosts[i] +
                    "' (expected: '" + host + "', the host of rank " + rank + "; the shm transport connects the ranks" +
                    " of one host: use the transport auto (shm within a host, tcp across hosts) or tcp)");
            }
            localIndex[served[i]] = i;
        }
        localRanks = served;
    }

    /** The ring views this rank reads: one per local sender (pair rings) or the one shared ring. */
    RingBuffer[] inboundRings()
    {
        final int n = settings.sharedRings ? 1 : localRanks.length;
        final RingBuffer[] rings = new RingBuffer[n];
        for (int i = 0; i < n; i++)
        {
            rings[i] = segment.ring(i);
        }
        return rings;
    }

    /** The world rank of each inbound ring's one sender, or -1 for the shared ring. */
    int[] inboundRingPeers()
    {
        return settings.sharedRings ? new int[] {-1} : localRanks.clone();
    }

    private Path file(final String prefix, final int owner)
    {
        return jobDir.resolve(prefix + owner);
    }

    private void unlinkOwnFiles()
    {
        segment.file.unlink();
        if (heapFile != null)
        {
            heapFile.unlink();
        }
        doorbell.unlink();
        ShmDirectories.leave(owner);
    }

    /** Removes whatever this rank made (a failed wire-up, or a close before wire-up finished). */
    void abandon()
    {
        if (doorbell != null)
        {
            doorbell.close();
        }
        try
        {
            if (segment != null)
            {
                segment.file.unlink();
            }
            if (heapFile != null)
            {
                heapFile.close();
                heapFile.unlink();
            }
            if (owner != null)
            {
                ShmDirectories.leave(owner);
            }
            else if (Files.isDirectory(jobDir))
            {
                ShmDirectories.removeIfEmpty(jobDir);
            }
        }
        catch (final RuntimeException e)
        {
            // best effort: the launcher removes the job directory
        }
    }
}
