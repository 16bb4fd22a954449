package io.rankwire.sim;

import static io.rankwire.sim.Nics.FULL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;

@Timeout(30)
class OffloadMatchingTest
{
    private SimFabric fabric;
    private SimTransport a;
    private SimTransport b;

    private void start(final SimConfig config)
    {
        fabric = SimFabric.create(2, config);
        a = fabric.open(0);
        b = fabric.open(1);
        Nics.postSrq(a, 8, 100);
        Nics.postSrq(b, 8, 200);
    }

    @AfterEach
    void close()
    {
        a.close();
        b.close();
    }

    @Test
    void shouldPlaceEagerPayloadDirectlyInMatchingTaggedBuffer()
    {
        start(new SimConfig().maxNumTags(4));
        final UnsafeBuffer user = new UnsafeBuffer(new byte[65]);
        user.putByte(64, (byte)0x5A);
        assertEquals(ReturnCode.OK, b.offloadPort().postAdd(2, 0x77L, FULL, user, 0, 64, 9001, 0));
        final List<Recorded> added = Recorded.drain(b);
        assertEquals(1, added.size());
        assertEquals(CompletionOpcode.TM_ADD, added.get(0).opcode);
        assertEquals(CompletionStatus.SUCCESS, added.get(0).status);
        assertEquals(2, added.get(0).handle);
        assertFalse(added.get(0).has(CompletionFlags.SYNC_REQ));

        final byte[] payload = Nics.bytes(64, 3);
        Nics.sendEager(a, 1, 0x77L, 42, payload);
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size(), got.toString());
        final Recorded r = got.get(0);
        assertEquals(CompletionOpcode.TM_RECV, r.opcode);
        assertTrue(r.has(CompletionFlags.MATCH | CompletionFlags.DATA_VALID));
        assertEquals(CompletionStatus.SUCCESS, r.status);
        assertEquals(9001, r.wrId);
        assertEquals(0x77L, r.tag);
        assertEquals(42, r.appCtx);
        assertEquals(64, r.byteLength);
        assertEquals(0, r.peer);
        final byte[] placed = new byte[64];
        user.getBytes(0, placed);
        assertArrayEquals(payload, placed);
        assertEquals((byte)0x5A, user.getByte(64));
        assertEquals(1, b.counters().matchedInHardware());
        assertEquals(0, b.counters().hwUnexp());
    }

    @Test
    void shouldConsumeFirstMatchingEntryInAppendOrder()
    {
        start(new SimConfig().maxNumTags(4));
        final long ctxMask = 0xFFFFFL;
        Nics.add(b, 3, 0x5_00000L, 0xFFFFF_FFFFFL, new UnsafeBuffer(new byte[8]), 30, 0);
        Nics.add(b, 1, 0x5_00000L | 0xA_00000_00000L, FULL, new UnsafeBuffer(new byte[8]), 10, 0);
        Nics.add(b, 0, 0x0L, ctxMask, new UnsafeBuffer(new byte[8]), 0, 0);
        Recorded.drain(b);

        Nics.sendEager(a, 1, 0xA_00005_00000L, 0, new byte[1]);
        Nics.sendEager(a, 1, 0xA_00005_00000L, 0, new byte[1]);
        Nics.sendEager(a, 1, 0xB_00007_00000L, 0, new byte[1]);
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size(), got.toString());
        assertEquals(30, got.get(0).wrId);
        assertEquals(10, got.get(1).wrId);
        assertEquals(0, got.get(2).wrId);
        assertEquals(CompletionOpcode.TM_RECV, got.get(2).opcode);
    }

    @Test
    void shouldHandUnmatchedMessageWithHeadersToSrqAndCountIt()
    {
        start(new SimConfig().maxNumTags(4));
        Nics.add(b, 0, 0x1L, FULL, new UnsafeBuffer(new byte[8]), 1, 0);
        Recorded.drain(b);
        Nics.sendEager(a, 1, 0x2L, 5, Nics.bytes(10, 1));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size());
        assertEquals(CompletionOpcode.RECV, got.get(0).opcode);
        assertEquals(200, got.get(0).wrId);
        assertEquals(TmHeader.LENGTH + 10, got.get(0).byteLength);
        assertEquals(TmHeader.EAGER, got.get(0).bytes[0]);
        assertEquals(1, b.counters().hwUnexp());
        assertEquals(1, b.counters().toSoftware());
    }

    @Test
    void shouldNotMatchArrivalAfterUnexpectedMessageUntilSoftwareSyncs()
    {
        start(new SimConfig().maxNumTags(4));
        final UnsafeBuffer b1 = new UnsafeBuffer(new byte[16]);
        // m1 arrives unexpected before software posted b1; software has not seen it yet (swCnt 0).
        Nics.sendEager(a, 1, 0x9L, 1, Nics.bytes(4, 1));
        Nics.add(b, 0, 0x9L, FULL, b1, 501, 0);
        // m2 matches b1 but the NIC is out of sync (swReported 0 != hwUnexp 1): it must go to the SRQ.
        Nics.sendEager(a, 1, 0x9L, 2, Nics.bytes(4, 2));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size(), got.toString());
        assertEquals(CompletionOpcode.RECV, got.get(0).opcode);
        assertEquals(1, got.get(0).appCtx);
        assertEquals(CompletionOpcode.TM_ADD, got.get(1).opcode);
        assertTrue(got.get(1).has(CompletionFlags.SYNC_REQ));
        assertEquals(CompletionOpcode.RECV, got.get(2).opcode);
        assertEquals(2, got.get(2).appCtx);
        assertEquals(2, b.counters().hwUnexp());
        assertEquals(0, b.counters().matchedInHardware());

        // Software reports both unexpected messages; the NIC matches again.
        assertEquals(ReturnCode.OK, b.offloadPort().postSync(2));
        final List<Recorded> synced = Recorded.drain(b);
        assertEquals(CompletionOpcode.TM_SYNC, synced.get(0).opcode);
        assertFalse(synced.get(0).has(CompletionFlags.SYNC_REQ));
        Nics.sendEager(a, 1, 0x9L, 3, Nics.bytes(4, 3));
        final List<Recorded> matched = Recorded.drain(b);
        assertEquals(CompletionOpcode.TM_RECV, matched.get(0).opcode);
        assertEquals(501, matched.get(0).wrId);
        assertEquals(3, matched.get(0).appCtx);
        assertEquals(1, b.counters().syncRequests());
    }

    @Test
    void shouldFailDelWithTmErrAfterTheEntryWasConsumed()
    {
        start(new SimConfig().maxNumTags(4));
        Nics.add(b, 1, 0x4L, FULL, new UnsafeBuffer(new byte[8]), 11, 0);
        Nics.sendEager(a, 1, 0x4L, 0, new byte[2]);
        assertEquals(ReturnCode.OK, b.offloadPort().postDel(1, 0));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size(), got.toString());
        assertEquals(CompletionOpcode.TM_ADD, got.get(0).opcode);
        assertEquals(CompletionOpcode.TM_RECV, got.get(1).opcode);
        assertEquals(CompletionOpcode.TM_DEL, got.get(2).opcode);
        assertEquals(CompletionStatus.TM_ERR, got.get(2).status);
        assertEquals(1, got.get(2).handle);
        assertEquals(1, b.counters().opErrors());
    }

    @Test
    void shouldDeleteEntrySoLaterMessageGoesToSoftware()
    {
        start(new SimConfig().maxNumTags(4));
        Nics.add(b, 1, 0x4L, FULL, new UnsafeBuffer(new byte[8]), 11, 0);
        assertEquals(ReturnCode.OK, b.offloadPort().postDel(1, 0));
        final List<Recorded> ops = Recorded.drain(b);
        assertEquals(CompletionStatus.SUCCESS, ops.get(1).status);
        assertEquals(11, ops.get(1).wrId);
        Nics.sendEager(a, 1, 0x4L, 0, new byte[2]);
        assertEquals(CompletionOpcode.RECV, Recorded.drain(b).get(0).opcode);
    }

    @Test
    void shouldRefuseAddWhileTheListIsFull()
    {
        start(new SimConfig().maxNumTags(2));
        Nics.add(b, 0, 0x1L, FULL, new UnsafeBuffer(new byte[8]), 1, 0);
        Nics.add(b, 1, 0x2L, FULL, new UnsafeBuffer(new byte[8]), 2, 0);
        Nics.add(b, 0, 0x3L, FULL, new UnsafeBuffer(new byte[8]), 3, 0);
        assertEquals(ReturnCode.INVALID_ARGUMENT,
            b.offloadPort().postAdd(2, 0x3L, FULL, new UnsafeBuffer(new byte[8]), 0, 8, 3, 0));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(CompletionStatus.SUCCESS, got.get(0).status);
        assertEquals(CompletionStatus.SUCCESS, got.get(1).status);
        assertEquals(CompletionStatus.TM_ERR, got.get(2).status);
        Nics.sendEager(a, 1, 0x3L, 0, new byte[2]);
        assertEquals(CompletionOpcode.RECV, Recorded.drain(b).get(0).opcode);
    }

    @Test
    void shouldBackPressureListOperationsBeyondMaxOpsUntilCompletionsArePolled()
    {
        start(new SimConfig().maxNumTags(8).maxOps(2));
        assertEquals(2, b.capabilities().maxOps());
        Nics.add(b, 0, 0x1L, FULL, new UnsafeBuffer(new byte[8]), 1, 0);
        assertEquals(ReturnCode.OK, b.offloadPort().postSync(0));
        assertEquals(ReturnCode.BACK_PRESSURED, b.offloadPort().postDel(0, 0));
        assertEquals(ReturnCode.BACK_PRESSURED, b.offloadPort().postSync(0));
        assertEquals(2, Recorded.drain(b).size());
        assertEquals(ReturnCode.OK, b.offloadPort().postDel(0, 0));
    }

    @Test
    void shouldReportEagerLongerThanTaggedBufferAsLengthErrorWithoutWritingPastIt()
    {
        start(new SimConfig().maxNumTags(4));
        final UnsafeBuffer user = new UnsafeBuffer(new byte[12]);
        assertEquals(ReturnCode.OK, b.offloadPort().postAdd(0, 0x6L, FULL, user, 2, 8, 60, 0));
        final byte[] payload = Nics.bytes(20, 9);
        Nics.sendEager(a, 1, 0x6L, 0, payload);
        final List<Recorded> got = Recorded.drain(b);
        final Recorded r = got.get(1);
        assertEquals(CompletionOpcode.TM_RECV, r.opcode);
        assertEquals(CompletionStatus.LENGTH_ERROR, r.status);
        assertEquals(20, r.byteLength);
        assertEquals(0, user.getByte(0));
        assertEquals(0, user.getByte(1));
        for (int i = 0; i < 8; i++)
        {
            assertEquals(payload[i], user.getByte(2 + i));
        }
        assertEquals(0, user.getByte(10));
        assertEquals(0, user.getByte(11));
    }

    @Test
    void shouldNeverMatchOrCountNoTagMessages()
    {
        start(new SimConfig().maxNumTags(4));
        Nics.add(b, 0, 0x0L, 0L, new UnsafeBuffer(new byte[32]), 70, 0);
        Recorded.drain(b);
        Nics.sendNoTag(a, 1, 0x0L, Nics.bytes(5, 1));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size());
        assertEquals(CompletionOpcode.NO_TAG, got.get(0).opcode);
        assertEquals(TmHeader.NO_TAG, got.get(0).bytes[0]);
        assertEquals(0, b.counters().hwUnexp());
        assertEquals(1, b.counters().noTag());
        // The match-anything entry is still there and still in sync.
        Nics.sendEager(a, 1, 0x1234L, 0, new byte[3]);
        final Recorded r = Recorded.drain(b).get(0);
        assertEquals(CompletionOpcode.TM_RECV, r.opcode);
        assertEquals(70, r.wrId);
    }
}
