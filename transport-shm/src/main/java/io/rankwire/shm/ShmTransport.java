package io.rankwire.shm;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntPredicate;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.PostArguments;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.SharedWait;
import io.rankwire.spi.SmallCopy;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The shared-memory transport of one rank: frames through rings in files mapped from the job
 * directory, rendezvous reads streamed through staging slots or copied once from a peer's shared
 * heap, a doorbell to wake a sleeping rank, and liveness checks. No tag-matching offload. See
 * {@code docs/SHM.md}.
 *
 * <p>The runtime's {@code post*}, {@link #register} and {@link #poll} come from the thread
 * driving the engine. {@link #mayHaveCompletions()}, {@link #awaitActivity} and
 * {@link #wakeAwait()} may come from any thread and only read shared state (hints).
 */
final class ShmTransport implements Transport
{
    /** The runtime's spin before a wait is handed to the {@link Sleeper}, with the doorbell on. */
    static final int RUNTIME_SPIN_MICROS = 2;

    private final TransportContext context;
    private final ShmSettings settings;
    private final Capabilities capabilities;
    private final int rank;
    private final int size;
    private final long spinNanos;
    private final Events events = new Events();
    private final Completion completion = new Completion();
    private final Consumer<Peer> notifier = this::notifyPeer;
    private final IntPredicate drained = this::drained;
    private Wiring wiring;
    private Peer[] byRank;
    private Peer[] peers;
    private UnsafeBuffer control;
    private Inbox inbox;
    private Streamer streamer;
    private Reads reads;
    private Regions regions;
    private Liveness liveness;
    private PeerFailures failures;
    private Doorbell doorbell;
    private Sleeper sleeper;
    private SharedWait sharedWait;
    private volatile boolean wired;
    private volatile boolean closed;
    private long bellsRung;
    private long sleepsSeen;

    ShmTransport(final TransportContext context)
    {
        this.context = context;
        this.settings = new ShmSettings(context.settings());
        this.rank = context.rank();
        this.size = context.size();
        this.capabilities = new Capabilities(settings.eagerLimit, settings.maxMessage(), 64, 0, 0, 0, 0);
        this.spinNanos = TimeUnit.MICROSECONDS.toNanos(spinMicros(context, settings));
    }

    /** The spin window: the user's {@code rankwire.idle.spinMicros} if set, else this transport's. */
    private static long spinMicros(final TransportContext context, final ShmSettings settings)
    {
        final long user = TransportContext.IDLE_SPIN_MICROS.read(context.settings());
        return user >= 0 ? user : settings.spinMicros;
    }

    @Override
    public Capabilities capabilities()
    {
        return capabilities;
    }

    @Override
    public String transportOf(final int peer)
    {
        return context.serves(peer) ? ShmTransportProvider.NAME : null;
    }

    @Override
    public void wireUp()
    {
        if (closed)
        {
            throw new IllegalStateException("rankwire-shm: rank " + rank + " : closed (expected: open to wire up)");
        }
        final Wiring w = new Wiring(context, settings);
        wiring = w;
        w.run();
        peers = w.peers;
        byRank = new Peer[size];
        for (final Peer p : peers)
        {
            byRank[p.rank] = p;
        }
        control = w.segment.control;
        doorbell = settings.doorbell ? w.doorbell : null;
        regions = new Regions(w.segment.regions, w.heap);
        streamer = new Streamer(peers, regions, notifier, (p, what) -> failures.violation(p, what),
            settings.pushes(peers.length, Runtime.getRuntime().availableProcessors()));
        reads = new Reads(rank, peers, events, notifier, (p, what) -> failures.violation(p, what));
        failures = new PeerFailures(rank, byRank, peers, w.segment, reads, streamer, events);
        inbox = new Inbox(w.inboundRings(), w.inboundRingPeers(), w.localIndex, settings.maxMessage(), streamer, failures,
            settings.sharedRings ? -1 : w.localIndex[rank]);
        liveness = new Liveness(peers, w.localIndex[rank], w.doorbell, failures, settings.livenessMillis);
        w.doorbell.onClosed(r -> liveness.connectionEnded(w.localIndex[r]));
        sleeper = new Sleeper(control, w.doorbell, spinNanos, this::mayHaveCompletions, this::workBeforeSleep);
        if (sharedWait != null)
        {
            w.doorbell.share(sharedWait, this);
        }
        wired = true;
    }

    @Override
    public int postSend(
        final int peer,
        final DirectBuffer header,
        final int hdrOffset,
        final int hdrLength,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadLength,
        final long wrId)
    {
        if (closed || !wired)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size || byRank[peer] == null ||
            !PostArguments.sendValid(header, hdrOffset, hdrLength, TmHeader.LENGTH, payload, payloadOffset, payloadLength))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final long length = (long)hdrLength + payloadLength;
        if (length > settings.maxMessage())
        {
            return ReturnCode.TOO_LARGE;
        }
        final int opcode = TmHeader.opcode(header, hdrOffset);
        if (!Frames.messageValid(opcode, (int)length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final Peer p = byRank[peer];
        if (p.unreachable())
        {
            return ReturnCode.PEER_FAILED;
        }
        if (opcode == TmHeader.RNDV && peer != rank)
        {
            final int rv = hdrOffset + TmHeader.LENGTH;
            streamer.push(p, RvHeader.va(header, rv), RvHeader.rkey(header, rv), RvHeader.length(header, rv));
        }
        try
        {
            final int index = p.out.tryClaim(Frames.typeId(Frames.MESSAGE, rank), (int)length);
            if (index < 0)
            {
                return ReturnCode.BACK_PRESSURED;
            }
            final AtomicBuffer ring = p.out.buffer();
            SmallCopy.copy(ring, index, header, hdrOffset, hdrLength);
            if (payloadLength > 0)
            {
                SmallCopy.copy(ring, index + hdrLength, payload, payloadOffset, payloadLength);
            }
            p.out.commit(index);
        }
        catch (final InternalError e)
        {
            failures.fault(p, p.segment.file.path, e);
            return ReturnCode.PEER_FAILED;
        }
        if (peer == rank)
        {
            inbox.selfSent();
        }
        notifyPeer(p);
        return ReturnCode.OK;
    }

    /**
     * Rings {@code p}'s doorbell if it sleeps: one load of its flag, no fence (why that is enough:
     * {@link Sleeper}).
     */
    private void notifyPeer(final Peer p)
    {
        if (doorbell != null && p.claimBell())
        {
            bellsRung++;
            doorbell.ring(p.index);
        }
    }

    @Override
    public MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        if (closed || !wired)
        {
            throw new IllegalStateException("rankwire-shm: rank " + rank + " : not wired up or closed (expected: open)");
        }
        return regions.register(buffer, offset, length);
    }

    @Override
    public int postRead(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst,
        final int dstOffset, final long wrId)
    {
        if (closed || !wired)
        {
            return ReturnCode.CLOSED;
        }
        if (peer < 0 || peer >= size || byRank[peer] == null || !PostArguments.inBounds(dst, dstOffset, length))
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        if (peer == rank || length == 0)
        {
            events.add(CompletionOpcode.READ, peer, length == 0 ? CompletionStatus.SUCCESS :
                regions.readLocally(va, rkey, length, dst, dstOffset), wrId);
            return ReturnCode.OK;
        }
        final Peer p = byRank[peer];
        if (p.unreachable())
        {
            return ReturnCode.PEER_FAILED;
        }
        return reads.post(p, va, rkey, length, dst, dstOffset, wrId);
    }

    @Override
    public OffloadPort offloadPort()
    {
        return null;
    }

    @Override
    public int poll(final CompletionHandler handler, final int max)
    {
        if (closed || !wired)
        {
            return 0;
        }
        if (liveness.endedPending())
        {
            liveness.processEnded();
        }
        int n = 0;
        int work = 0;
        try
        {
            n = inbox.poll(handler, max);
            work = streamer.pump() + reads.poll();
            n += events.poll(handler, max - n, completion, drained);
        }
        catch (final InternalError e)
        {
            mappedFault(e);
            work = 1;
            n += events.poll(handler, max - n, completion, drained);
        }
        if (n > 0 || work > 0)
        {
            sleeper.arm();
        }
        else if (sleeper.sleeps != sleepsSeen)
        {
            sleepsSeen = sleeper.sleeps; // the rank waits in the kernel: look at the peers now and then
            liveness.checkIfDue();
        }
        else
        {
            liveness.onEmptyPoll();
        }
        return n;
    }

    /**
     * A fault on mapped memory during a poll (raised by the JVM at a safepoint after the access):
     * the peer whose heap this poll copied from, if any, else every peer of the host, fails naming
     * the file or the job directory.
     */
    private void mappedFault(final InternalError e)
    {
        final Peer p = reads.copyingFrom();
        if (p != null)
        {
            failures.fault(p, p.segment.file.path.resolveSibling("heap-" + p.rank), e);
        }
        else
        {
            failures.fault(null, wiring.jobDir + " (rank-<r> and heap-<r> of the host's ranks)", e);
        }
    }

    private boolean drained(final int peer)
    {
        final Peer p = byRank[peer];
        return p == null || inbox.drained(p.index);
    }

    @Override
    public boolean mayHaveCompletions()
    {
        if (closed || !wired)
        {
            return closed;
        }
        return !events.isEmpty() || inbox.hasFrames() || reads.hasWork() || streamer.canProgress() ||
            liveness.endedPending();
    }

    /**
     * The runtime's own spin before {@link #awaitActivity}: short with the doorbell, as the
     * {@link Sleeper} spins (one adaptive window, see docs/SHM.md "Waiting"); the full window without.
     */
    @Override
    public int idleSpinMicros()
    {
        return settings.doorbell ? Math.min(settings.spinMicros, RUNTIME_SPIN_MICROS) : settings.spinMicros;
    }

    /**
     * Polls the shared memory for a while after work was seen, then sleeps in the doorbell until
     * a peer rings, {@link #wakeAwait()} is called or {@code maxNanos} pass (see {@link Sleeper}).
     * Returns false with {@code rankwire.shm.doorbell=none}: the runtime then parks and polls.
     */
    @Override
    public boolean awaitActivity(final long maxNanos)
    {
        if (!settings.doorbell || closed)
        {
            return false;
        }
        if (!wired)
        {
            LockSupport.parkNanos(Math.min(maxNanos, 100_000));
            return true;
        }
        sleeper.await(maxNanos);
        return true;
    }

    /** Joins with the doorbell's connections (registered at wire-up); not without a doorbell. */
    @Override
    public boolean joinSharedWait(final SharedWait wait)
    {
        sharedWait = settings.doorbell && !wired ? wait : null;
        return sharedWait != null;
    }

    @Override
    public boolean prepareSharedWait()
    {
        return wired && !closed && sleeper.prepareShared();
    }

    @Override
    public void onSharedWaitReady(final Object attachment, final int readyOps)
    {
        doorbell.pollNow(); // drains the bell, or sees the peer's connection end
    }

    @Override
    public void endSharedWait()
    {
        if (wired)
        {
            sleeper.endShared();
        }
    }

    /** After the sleeping flag is set: anything a peer published before it could see the flag. */
    private boolean workBeforeSleep()
    {
        return mayHaveCompletions() || Peer.anyFragmentFrom(peers);
    }

    @Override
    public void wakeAwait()
    {
        final Sleeper s = sleeper;
        if (s != null)
        {
            s.wakeup();
        }
    }

    @Override
    public void wakeup()
    {
        context.signal();
    }

    @Override
    public ByteBuffer allocate(final int capacity)
    {
        final Wiring w = wiring;
        return w == null || w.heap == null || !wired || closed ? null : w.heap.allocate(capacity);
    }

    @Override
    public boolean free(final ByteBuffer buffer)
    {
        final Wiring w = wiring;
        return w != null && w.heap != null && w.heap.free(buffer);
    }

    @Override
    public Map<String, Long> counterValues()
    {
        final Map<String, Long> m = new LinkedHashMap<>();
        if (wired && !closed)
        {
            m.put("sharedMemoryBytes", sharedMemoryBytes());
            m.put("registeredRegions", (long)regions.liveCount());
            m.put("heapBytesUsed", wiring.heap == null ? 0L : wiring.heap.usedBytes());
            m.put("doorbellsRung", bellsRung);
            sleeper.counters(m);
        }
        return m;
    }

    /**
     * This rank's footprint in the shared-memory file system: its segment (reserved whole at
     * wire-up) and the part of its shared heap reserved so far.
     */
    long sharedMemoryBytes()
    {
        final Wiring w = wiring;
        if (w == null || w.segment == null)
        {
            return 0;
        }
        return w.segment.file.buffer.capacity() + (w.heap == null ? 0 : w.heap.reservedBytes());
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        if (wired)
        {
            failures.close();
            control.putIntVolatile(RankSegment.STATE_OFFSET, RankSegment.CLOSED);
            reads.clear();
            streamer.clear();
            regions.closeAll();
        }
        events.clear();
        if (wiring != null)
        {
            wiring.abandon();
        }
    }

    /** This rank's shared heap, or null before wire-up or without one (tests and monitoring). */
    SharedHeap heap()
    {
        final Wiring w = wiring;
        return w == null ? null : w.heap;
    }

    /** Local peer {@code rank} as this rank sees it, or null (tests and monitoring). */
    Peer peer(final int rank)
    {
        return byRank == null ? null : byRank[rank];
    }

    @Override
    public String toString()
    {
        return "ShmTransport{rank=" + rank + ", size=" + size + ", dir=" + (wiring == null ? "?" : wiring.jobDir) +
            ", rings=" + (settings.sharedRings ? "shared" : "pair") + ", doorbell=" + settings.doorbell + '}';
    }
}
