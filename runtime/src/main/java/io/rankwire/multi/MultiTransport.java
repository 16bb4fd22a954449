package io.rankwire.multi;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import io.rankwire.spi.Capabilities;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;

/**
 * One endpoint over several transports, each serving a disjoint set of peers, the way Open MPI's
 * BML picks a BTL per peer: every peer's messages, reads and registrations go through the one
 * transport that serves it (so each peer's stream stays in order), completions are drained from
 * all of them, and waiting blocks in one and keeps the others in sight ({@link Waiting}).
 *
 * <pre>
 *   peer:      0     1     2     3          route[peer] -> the sub-transport serving it
 *   route:   [shm] [shm] [tcp] [tcp]        (arrays by world rank: no lookup per message)
 * </pre>
 *
 * <p>No tag-matching offload ({@link #offloadPort()} is null; sub-transports with offload are
 * refused when opening). {@link #capabilities()} is the least of the subs' limits;
 * {@link #capabilities(int)} the serving sub's. Shared memory for {@link #allocate} comes from the
 * first sub that has some. Counters are the subs', prefixed with their names, plus per sub the
 * peers it serves, the messages posted to it and the completions it delivered.
 */
final class MultiTransport implements Transport
{
    private final Transport[] subs;
    private final String[] names;
    private final Transport[] route;
    private final int[] routeIndex;
    private final Capabilities least;
    private final long[] sent;
    private final long[] delivered;
    private final int[] peersOf;
    private final Waiting waiting;
    private int pollStart;
    private boolean closed;

    /**
     * @param subs      the sub-transports, opened, not yet wired up
     * @param names     their names, for counters and {@link #transportOf}
     * @param serving   per world rank: the index in {@code subs} of the transport serving it
     * @param sliceNanos longest wait in one sub while another may need polling
     */
    MultiTransport(final Transport[] subs, final String[] names, final int[] serving, final long sliceNanos)
    {
        this.subs = subs.clone();
        this.names = names.clone();
        this.routeIndex = serving.clone();
        this.route = new Transport[serving.length];
        this.peersOf = new int[subs.length];
        for (int p = 0; p < serving.length; p++)
        {
            route[p] = subs[serving[p]];
            peersOf[serving[p]]++;
        }
        for (int i = 0; i < subs.length; i++)
        {
            if (subs[i].offloadPort() != null)
            {
                throw new IllegalArgumentException("transport : " + names[i] +
                    " (expected: no tag-matching offload when several transports share one engine)");
            }
        }
        this.least = leastOf(subs);
        this.sent = new long[subs.length];
        this.delivered = new long[subs.length];
        this.waiting = new Waiting(subs, sliceNanos);
    }

    private static Capabilities leastOf(final Transport[] subs)
    {
        int eager = Integer.MAX_VALUE;
        int maxMessage = Integer.MAX_VALUE;
        int rndvHeader = Integer.MAX_VALUE;
        for (final Transport t : subs)
        {
            final Capabilities c = t.capabilities();
            eager = Math.min(eager, c.eagerLimit());
            maxMessage = Math.min(maxMessage, c.maxMessageSize());
            rndvHeader = Math.min(rndvHeader, c.maxRndvHdrSize());
        }
        return new Capabilities(eager, maxMessage, rndvHeader, 0, 0, 0, 0);
    }

    @Override
    public Capabilities capabilities()
    {
        return least;
    }

    @Override
    public Capabilities capabilities(final int peer)
    {
        return peer >= 0 && peer < route.length ? route[peer].capabilities() : least;
    }

    @Override
    public String transportOf(final int peer)
    {
        return peer >= 0 && peer < route.length ? names[routeIndex[peer]] : null;
    }

    /**
     * Wires every sub-transport up, in order. Each waits only for the ranks it serves, and every
     * rank wires its subs in the same order, so no wait depends on a later step of another rank.
     */
    @Override
    public void wireUp()
    {
        if (subs.length > 1)
        {
            final OneWait one = new OneWait(subs);
            if (one.joinAll())
            {
                waiting.share(one);
            }
            else
            {
                one.close();
            }
        }
        for (final Transport t : subs)
        {
            t.wireUp();
        }
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
        if (peer < 0 || peer >= route.length)
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        final int rc = route[peer].postSend(peer, header, hdrOffset, hdrLength, payload, payloadOffset, payloadLength, wrId);
        if (rc >= 0)
        {
            sent[routeIndex[peer]]++;
        }
        return rc;
    }

    /** Registers with the first sub-transport; the runtime registers per peer ({@link #register(int, DirectBuffer, int, int)}). */
    @Override
    public MemoryRegion register(final DirectBuffer buffer, final int offset, final int length)
    {
        return subs[0].register(buffer, offset, length);
    }

    @Override
    public MemoryRegion register(final int peer, final DirectBuffer buffer, final int offset, final int length)
    {
        if (peer < 0 || peer >= route.length)
        {
            throw new IllegalArgumentException("peer : " + peer + " (expected: 0.." + (route.length - 1) + ")");
        }
        return route[peer].register(peer, buffer, offset, length);
    }

    @Override
    public int postRead(
        final int peer, final long va, final int rkey, final int length, final MutableDirectBuffer dst, final int dstOffset,
        final long wrId)
    {
        if (peer < 0 || peer >= route.length)
        {
            return ReturnCode.INVALID_ARGUMENT;
        }
        return route[peer].postRead(peer, va, rkey, length, dst, dstOffset, wrId);
    }

    @Override
    public OffloadPort offloadPort()
    {
        return null;
    }

    /** Drains the subs in turn, starting with a different one each time, so none is starved. */
    @Override
    public int poll(final CompletionHandler handler, final int max)
    {
        int n = 0;
        final int count = subs.length;
        final int start = pollStart;
        pollStart = start + 1 == count ? 0 : start + 1;
        for (int k = 0; k < count && n < max; k++)
        {
            final int i = start + k < count ? start + k : start + k - count;
            final int got = subs[i].poll(handler, max - n);
            delivered[i] += got;
            n += got;
        }
        if (n > 0)
        {
            waiting.arm();
        }
        return n;
    }

    @Override
    public boolean mayHaveCompletions()
    {
        for (final Transport t : subs)
        {
            if (t.mayHaveCompletions())
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public void wakeup()
    {
        for (final Transport t : subs)
        {
            t.wakeup();
        }
    }

    @Override
    public void closing()
    {
        for (final Transport t : subs)
        {
            t.closing();
        }
    }

    @Override
    public boolean awaitActivity(final long maxNanos)
    {
        return waiting.await(maxNanos);
    }

    @Override
    public void wakeAwait()
    {
        final OneWait one = waiting.shared();
        if (one != null)
        {
            one.wakeup();
        }
        for (final Transport t : subs)
        {
            t.wakeAwait();
        }
    }

    /** The longest of the subs' spin windows: the one that gains from spinning sets it. */
    @Override
    public int idleSpinMicros()
    {
        int most = 0;
        for (final Transport t : subs)
        {
            most = Math.max(most, t.idleSpinMicros());
        }
        return most;
    }

    @Override
    public Map<String, Long> counterValues()
    {
        final Map<String, Long> m = new LinkedHashMap<>();
        final OneWait one = waiting.shared();
        if (one != null)
        {
            m.put("sharedWaits", one.waits());
            m.put("sharedWaitsSkipped", one.skipped());
        }
        for (int i = 0; i < subs.length; i++)
        {
            m.put(names[i] + ".peers", (long)peersOf[i]);
            m.put(names[i] + ".messagesSent", sent[i]);
            m.put(names[i] + ".completions", delivered[i]);
            m.put(names[i] + ".kernelWaits", waiting.waits(i));
            for (final Map.Entry<String, Long> e : subs[i].counterValues().entrySet())
            {
                m.put(names[i] + "." + e.getKey(), e.getValue());
            }
        }
        return m;
    }

    @Override
    public ByteBuffer allocate(final int capacity)
    {
        for (final Transport t : subs)
        {
            final ByteBuffer b = t.allocate(capacity);
            if (b != null)
            {
                return b;
            }
        }
        return null;
    }

    @Override
    public boolean free(final ByteBuffer buffer)
    {
        for (final Transport t : subs)
        {
            if (t.free(buffer))
            {
                return true;
            }
        }
        return false;
    }

    /** Closes every sub-transport; the first failure is thrown after all were closed. */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        final OneWait one = waiting.shared();
        if (one != null)
        {
            one.close();
        }
        RuntimeException failure = null;
        for (final Transport t : subs)
        {
            try
            {
                t.close();
            }
            catch (final RuntimeException e)
            {
                if (failure == null)
                {
                    failure = e;
                }
                else
                {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null)
        {
            throw failure;
        }
    }

    @Override
    public String toString()
    {
        final StringBuilder b = new StringBuilder("MultiTransport{");
        for (int i = 0; i < subs.length; i++)
        {
            b.append(i == 0 ? "" : ", ").append(names[i]).append(": ").append(peersOf[i]).append(" peers");
        }
        return b.append('}').toString();
    }
}
