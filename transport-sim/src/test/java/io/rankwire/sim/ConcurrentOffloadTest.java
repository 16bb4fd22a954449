package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

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
 * Inline mode with sender threads delivering while the receiver's thread posts ADD, DEL and
 * SYNC: every message completes exactly once, either matched in the NIC or in an SRQ buffer,
 * in per-sender order, and the NIC's unexpected count equals the messages it handed to software.
 */
@Timeout(60)
class ConcurrentOffloadTest
{
    private static final int SENDERS = 3;
    private static final int PER_SENDER = 2000;
    private static final int TAGS = 8;

    @Test
    void shouldDeliverEveryMessageOnceInOrderWhileListOperationsRace() throws Exception
    {
        final SimFabric fabric = SimFabric.create(SENDERS + 1, new SimConfig().maxNumTags(TAGS));
        final SimTransport rx = fabric.open(0);
        final List<SimTransport> tx = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++)
        {
            tx.add(fabric.open(s));
        }
        Nics.postSrq(rx, 64, 0);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Receiver receiver = new Receiver(rx);
        receiver.step();
        final List<Thread> threads = new ArrayList<>();
        for (final SimTransport t : tx)
        {
            final Thread th = new Thread(() ->
            {
                try
                {
                    for (int seq = 0; seq < PER_SENDER; seq++)
                    {
                        Nics.sendEager(t, 0, 0x7L, seq, new byte[] {(byte)seq});
                    }
                }
                catch (final Throwable e)
                {
                    failure.set(e);
                }
            });
            th.start();
            threads.add(th);
        }
        while (receiver.received < SENDERS * PER_SENDER && receiver.error == null && failure.get() == null)
        {
            receiver.step();
        }
        for (final Thread th : threads)
        {
            th.join();
        }
        if (failure.get() != null)
        {
            throw new AssertionError(failure.get());
        }
        if (receiver.error != null)
        {
            throw new AssertionError(receiver.error);
        }
        for (int s = 1; s <= SENDERS; s++)
        {
            assertEquals(PER_SENDER, receiver.next[s]);
        }
        final SimCounters c = rx.counters();
        assertEquals(SENDERS * PER_SENDER, c.matchedInHardware() + c.toSoftware(), c.toString());
        assertEquals(c.toSoftware(), c.hwUnexp());
        assertTrue(c.matchedInHardware() >= TAGS, "the first arrivals find the list in sync: " + c);
    }

    /** The receiver's software: keeps the NIC list topped up and reports unexpected counts. */
    private static final class Receiver
    {
        final SimTransport rx;
        final OffloadPort port;
        final int srqLen;
        final int[] next = new int[SENDERS + 1];
        final boolean[] handleBusy = new boolean[TAGS];
        final boolean[] addDone = new boolean[TAGS];
        final boolean[] consumed = new boolean[TAGS];
        int swCnt;
        int received;
        int ops;
        String error;

        Receiver(final SimTransport rx)
        {
            this.rx = rx;
            this.port = rx.offloadPort();
            this.srqLen = rx.capabilities().maxMessageSize();
        }

        void step()
        {
            for (int h = 0; h < TAGS; h++)
            {
                if (!handleBusy[h] && ops < port.maxOps())
                {
                    final UnsafeBuffer buf = new UnsafeBuffer(new byte[8]);
                    if (port.postAdd(h, 0x7L, -1L, buf, 0, 8, h, swCnt) == ReturnCode.OK)
                    {
                        handleBusy[h] = true;
                        addDone[h] = false;
                        consumed[h] = false;
                        ops++;
                    }
                }
            }
            rx.poll(this::onCompletion, 32);
            if (ops == 0 && (swCnt & 15) == 0 && port.postSync(swCnt) == ReturnCode.OK)
            {
                ops++;
            }
        }

        private void onCompletion(final Completion c)
        {
            switch (c.opcode())
            {
                case CompletionOpcode.TM_ADD:
                case CompletionOpcode.TM_SYNC:
                case CompletionOpcode.TM_DEL:
                    ops--;
                    if (c.opcode() == CompletionOpcode.TM_ADD)
                    {
                        expect(c.status() == CompletionStatus.SUCCESS, "ADD failed " + c);
                        addDone[c.handle()] = true;
                        free(c.handle());
                    }
                    break;
                case CompletionOpcode.TM_RECV:
                    expect(c.hasFlag(CompletionFlags.MATCH | CompletionFlags.DATA_VALID), "flags " + c);
                    arrived(c.peer(), c.appCtx());
                    consumed[(int)c.wrId()] = true;
                    free((int)c.wrId());
                    break;
                case CompletionOpcode.RECV:
                    swCnt++;
                    arrived(c.peer(), TmHeader.appCtx(c.buffer(), c.offset()));
                    port.postSrqBuffer(new UnsafeBuffer(new byte[srqLen]), 0, srqLen, 0);
                    break;
                default:
                    expect(false, "unexpected completion " + c);
            }
        }

        private void free(final int h)
        {
            if (addDone[h] && consumed[h])
            {
                handleBusy[h] = false;
            }
        }

        private void arrived(final int peer, final int seq)
        {
            expect(seq == next[peer], "peer " + peer + " seq " + seq + " expected " + next[peer]);
            next[peer] = seq + 1;
            received++;
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
