package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;

/**
 * Random programs of sends and exact-key receives, driven through the NIC by a minimal software
 * side that follows DESIGN.md's counter protocol (unexpected queue first, shadow list, DEL of a
 * NIC-held receive that software matched, SYNC after draining). Whatever the seed's delays and
 * interleavings, the pairing must be MPI's (the i-th receive posted for a key takes the i-th
 * message sent with that key) and a DEL of a receive software matched never loses to the NIC.
 */
@Timeout(120)
class CounterProtocolTest
{
    private static final int SENDERS = 3;
    private static final int TAGS = 3;
    private static final int MESSAGES = 60;

    @Test
    void shouldPairInMpiOrderUnderEveryScheduledSeed()
    {
        for (long seed = 1; seed <= 300; seed++)
        {
            final Random r = new Random(seed);
            final SimConfig config = new SimConfig().mode(SimConfig.Mode.SCHEDULED).seed(seed).eventsPerPoll(0)
                .maxNumTags(1 + r.nextInt(4)).maxOps(1 + r.nextInt(4))
                .latencyNanos(r.nextInt(2000)).jitterNanos(r.nextInt(3000))
                .opDelayNanos(r.nextInt(3000)).readNanos(100);
            run(seed, config);
        }
    }

    @Test
    void shouldPairInMpiOrderUnderEveryInlineInterleaving()
    {
        for (long seed = 1; seed <= 200; seed++)
        {
            run(seed, new SimConfig().maxNumTags(1 + (int)(seed % 4)).maxOps(1 + (int)(seed % 3)));
        }
    }

    private static void run(final long seed, final SimConfig config)
    {
        final Random random = new Random(seed * 31 + 7);
        final SimFabric fabric = SimFabric.create(SENDERS + 1, config);
        final SimTransport rx = fabric.open(0);
        final List<SimTransport> tx = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++)
        {
            tx.add(fabric.open(s));
        }
        Nics.postSrq(rx, 8, 0);
        final int[] keys = new int[MESSAGES];
        final int[] recvKeys = new int[MESSAGES];
        for (int i = 0; i < MESSAGES; i++)
        {
            keys[i] = key(1 + random.nextInt(SENDERS), random.nextInt(TAGS));
            recvKeys[i] = keys[i];
        }
        shuffle(recvKeys, random);
        final Software sw = new Software(rx);
        final int[] sentPerKey = new int[key(SENDERS, TAGS)];
        int sent = 0;
        int posted = 0;
        while (sw.done < MESSAGES)
        {
            final int choice = random.nextInt(4);
            if (choice == 0 && sent < MESSAGES)
            {
                final int k = keys[sent++];
                Nics.sendEager(tx.get(source(k) - 1), 0, k, sentPerKey[k]++, new byte[] {1});
            }
            else if (choice == 1 && posted < MESSAGES)
            {
                sw.postRecv(recvKeys[posted++]);
            }
            else if (choice == 2)
            {
                fabric.step();
            }
            else
            {
                sw.progress();
            }
            if (sent == MESSAGES && posted == MESSAGES && fabric.pendingEvents() == 0)
            {
                sw.progress();
            }
            assertTrue(sw.error == null, "seed " + seed + " " + config + ": " + sw.error);
        }
        assertEquals(MESSAGES, sw.done);
        for (final Software.Recv r : sw.all)
        {
            assertEquals(r.ordinal, r.matchedSeq, "seed " + seed + ": receive " + r.id + " of key " + r.key);
        }
    }

    private static int key(final int source, final int tag)
    {
        return tag * (SENDERS + 1) + source;
    }

    private static int source(final int key)
    {
        return key % (SENDERS + 1);
    }

    private static void shuffle(final int[] a, final Random random)
    {
        for (int i = a.length - 1; i > 0; i--)
        {
            final int j = random.nextInt(i + 1);
            final int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** The receiving software: one thread, exact keys only. */
    private static final class Software
    {
        static final class Recv
        {
            int id;
            int key;
            int ordinal;
            int matchedSeq = -1;
            int handle = -1;
            boolean addCompleted;
            boolean consumed;
            UnsafeBuffer buffer = new UnsafeBuffer(new byte[8]);
        }

        final SimTransport rx;
        final OffloadPort port;
        final int srqLen;
        final List<Recv> all = new ArrayList<>();
        final List<Recv> shadow = new ArrayList<>();
        final ArrayDeque<int[]> unexpected = new ArrayDeque<>();
        final Recv[] byHandle;
        final ArrayDeque<Integer> pendingDels = new ArrayDeque<>();
        final int[] postedPerKey = new int[key(SENDERS, TAGS)];
        int swCnt;
        int swReported;
        int ops;
        int inNic;
        int done;
        String error;

        Software(final SimTransport rx)
        {
            this.rx = rx;
            this.port = rx.offloadPort();
            this.srqLen = rx.capabilities().maxMessageSize();
            this.byHandle = new Recv[port.maxNumTags()];
        }

        void postRecv(final int key)
        {
            final Recv r = new Recv();
            r.id = all.size();
            r.key = key;
            r.ordinal = postedPerKey[key]++;
            all.add(r);
            for (final Iterator<int[]> it = unexpected.iterator(); it.hasNext(); )
            {
                final int[] m = it.next();
                if (m[0] == key)
                {
                    it.remove();
                    complete(r, m[1]);
                    return;
                }
            }
            final boolean softwareHeldSameKey = shadow.stream().anyMatch(s -> s.key == key && s.handle < 0);
            shadow.add(r);
            final int handle = freeHandle();
            if (!softwareHeldSameKey && handle >= 0 && ops < port.maxOps() && pendingDels.isEmpty())
            {
                if (port.postAdd(handle, key, -1L, r.buffer, 0, 8, r.id, swCnt) != ReturnCode.OK)
                {
                    error = "ADD refused";
                    return;
                }
                ops++;
                swReported = swCnt;
                r.handle = handle;
                byHandle[handle] = r;
                inNic++;
            }
        }

        private int freeHandle()
        {
            for (int h = 0; h < byHandle.length; h++)
            {
                if (byHandle[h] == null)
                {
                    return h;
                }
            }
            return -1;
        }

        void progress()
        {
            while (rx.poll(this::onCompletion, 16) > 0)
            {
                // drain
            }
            flushDels();
            if (swCnt != swReported && inNic > 0 && ops < port.maxOps() && pendingDels.isEmpty())
            {
                if (port.postSync(swCnt) == ReturnCode.OK)
                {
                    ops++;
                    swReported = swCnt;
                }
            }
        }

        private void onCompletion(final Completion c)
        {
            switch (c.opcode())
            {
                case CompletionOpcode.TM_ADD:
                    ops--;
                    expect(c.status() == CompletionStatus.SUCCESS, "ADD failed " + c);
                    byHandle[c.handle()].addCompleted = true;
                    release(byHandle[c.handle()]);
                    break;
                case CompletionOpcode.TM_SYNC:
                    ops--;
                    break;
                case CompletionOpcode.TM_DEL:
                    ops--;
                    expect(c.status() == CompletionStatus.SUCCESS, "DEL lost to the NIC " + c);
                    byHandle[c.handle()].consumed = true;
                    release(byHandle[c.handle()]);
                    break;
                case CompletionOpcode.TM_RECV:
                {
                    expect(c.hasFlag(CompletionFlags.MATCH | CompletionFlags.DATA_VALID), "flags " + c);
                    final Recv r = all.get((int)c.wrId());
                    expect(r.matchedSeq < 0, "matched twice " + c);
                    shadow.remove(r);
                    r.consumed = true;
                    complete(r, c.appCtx());
                    release(r);
                    break;
                }
                case CompletionOpcode.RECV:
                    swCnt++;
                    onUnexpected((int)TmHeader.tag(c.buffer(), c.offset()), TmHeader.appCtx(c.buffer(), c.offset()));
                    port.postSrqBuffer(new UnsafeBuffer(new byte[srqLen]), 0, srqLen, 0);
                    break;
                default:
                    expect(false, "unexpected " + c);
            }
        }

        private void onUnexpected(final int key, final int seq)
        {
            for (final Recv r : shadow)
            {
                if (r.key == key)
                {
                    shadow.remove(r);
                    if (r.handle >= 0)
                    {
                        // The NIC holds r: take it back before any op reports the new count.
                        pendingDels.addLast(r.handle);
                    }
                    complete(r, seq);
                    return;
                }
            }
            unexpected.addLast(new int[] {key, seq});
        }

        private void flushDels()
        {
            while (!pendingDels.isEmpty() && ops < port.maxOps())
            {
                // Only the last pending DEL may report the new count: an earlier one would put the
                // NIC back in sync while it still holds receives software has matched.
                final int report = pendingDels.size() == 1 ? swCnt : swReported;
                if (port.postDel(pendingDels.peekFirst(), report) != ReturnCode.OK)
                {
                    expect(false, "DEL refused");
                    return;
                }
                pendingDels.removeFirst();
                ops++;
                swReported = report;
            }
        }

        private void release(final Recv r)
        {
            if (r.handle >= 0 && r.addCompleted && r.consumed)
            {
                byHandle[r.handle] = null;
                r.handle = -1;
                inNic--;
            }
        }

        private void complete(final Recv r, final int seq)
        {
            r.matchedSeq = seq;
            done++;
        }

        private void expect(final boolean ok, final String what)
        {
            if (!ok && error == null)
            {
                error = what;
            }
        }
    }
}
