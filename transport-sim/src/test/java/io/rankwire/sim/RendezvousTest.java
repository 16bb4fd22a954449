package io.rankwire.sim;

import static io.rankwire.sim.Nics.FULL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Capabilities;
import io.rankwire.spi.CompletionFlags;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;

@Timeout(30)
class RendezvousTest
{
    private SimFabric fabric;
    private SimTransport a;
    private SimTransport b;

    @BeforeEach
    void start()
    {
        fabric = SimFabric.create(2, new SimConfig().maxNumTags(8));
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
    void shouldReadMatchedRendezvousInTheNicAndSendFin()
    {
        final byte[] data = Nics.bytes(5000, 7);
        final UnsafeBuffer src = new UnsafeBuffer(new byte[6000]);
        src.putBytes(100, data);
        final MemoryRegion region = a.register(src, 100, data.length);
        final UnsafeBuffer user = new UnsafeBuffer(new byte[5001]);
        Nics.add(b, 4, 0x33L, FULL, user, 77, 0);
        Recorded.drain(b);

        Nics.sendRndv(a, 1, 0x33L, 12, region.va(), region.rkey(), data.length, new byte[] {1, 2, 3});
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(2, got.size(), got.toString());
        final Recorded match = got.get(0);
        assertEquals(CompletionOpcode.TM_RECV, match.opcode);
        assertEquals(CompletionFlags.MATCH, match.flags);
        assertEquals(CompletionStatus.SUCCESS, match.status);
        assertEquals(77, match.wrId);
        assertEquals(data.length, match.byteLength);
        assertEquals(0x33L, match.tag);
        assertEquals(12, match.appCtx);
        final Recorded valid = got.get(1);
        assertEquals(CompletionOpcode.TM_RECV, valid.opcode);
        assertEquals(CompletionFlags.DATA_VALID, valid.flags);
        assertEquals(CompletionStatus.SUCCESS, valid.status);
        assertEquals(77, valid.wrId);
        final byte[] placed = new byte[data.length];
        user.getBytes(0, placed);
        assertArrayEquals(data, placed);
        assertEquals(0, user.getByte(data.length));

        final List<Recorded> fin = Recorded.drain(a);
        assertEquals(1, fin.size(), fin.toString());
        assertEquals(CompletionOpcode.RECV, fin.get(0).opcode);
        final UnsafeBuffer f = new UnsafeBuffer(fin.get(0).bytes);
        assertEquals(TmHeader.LENGTH + RvHeader.LENGTH, fin.get(0).byteLength);
        assertEquals(TmHeader.FIN, TmHeader.opcode(f, 0));
        assertEquals(0x33L, TmHeader.tag(f, 0));
        assertEquals(12, TmHeader.appCtx(f, 0));
        assertEquals(region.va(), RvHeader.va(f, TmHeader.LENGTH));
        assertEquals(region.rkey(), RvHeader.rkey(f, TmHeader.LENGTH));
        assertEquals(data.length, RvHeader.length(f, TmHeader.LENGTH));
        assertEquals(0, a.counters().hwUnexp());
        assertEquals(1, a.counters().untagged());
        assertEquals(data.length, b.counters().bytesRead());
    }

    @Test
    void shouldReportRndvIncompleteWithHeadersInTooSmallTaggedBuffer()
    {
        final UnsafeBuffer src = new UnsafeBuffer(new byte[512]);
        final MemoryRegion region = a.register(src, 0, 512);
        final UnsafeBuffer user = new UnsafeBuffer(new byte[41]);
        assertEquals(ReturnCode.OK, b.offloadPort().postAdd(0, 0x8L, FULL, user, 0, 40, 5, 0));
        Recorded.drain(b);
        Nics.sendRndv(a, 1, 0x8L, 3, region.va(), region.rkey(), 512, new byte[] {9, 9, 9, 9});
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size(), got.toString());
        assertEquals(CompletionOpcode.TM_RECV, got.get(0).opcode);
        assertEquals(CompletionStatus.RNDV_INCOMPLETE, got.get(0).status);
        assertTrue(got.get(0).has(CompletionFlags.MATCH));
        assertFalse(got.get(0).has(CompletionFlags.DATA_VALID));
        assertEquals(512, got.get(0).byteLength);
        assertEquals(TmHeader.RNDV, TmHeader.opcode(user, 0));
        assertEquals(0x8L, TmHeader.tag(user, 0));
        assertEquals(region.va(), RvHeader.va(user, TmHeader.LENGTH));
        assertEquals(region.rkey(), RvHeader.rkey(user, TmHeader.LENGTH));
        assertEquals(512, RvHeader.length(user, TmHeader.LENGTH));
        assertEquals(0, user.getByte(40));
        assertTrue(Recorded.drain(a).isEmpty());
        assertEquals(1, b.counters().rndvIncomplete());
    }

    @Test
    void shouldLeaveMatchedRendezvousToSoftwareWithoutTheRndvCapability()
    {
        final SimFabric f = SimFabric.create(2, new SimConfig().maxNumTags(4).rndvOffload(false).maxRndvHdrSize(48));
        final SimTransport x = f.open(0);
        final SimTransport y = f.open(1);
        assertEquals(0, y.capabilities().flags() & Capabilities.TM_CAP_RNDV);
        assertEquals(48, y.capabilities().maxRndvHdrSize());
        final MemoryRegion region = x.register(new UnsafeBuffer(new byte[64]), 0, 64);
        final UnsafeBuffer user = new UnsafeBuffer(new byte[64]);
        Nics.add(y, 0, 0x8L, FULL, user, 5, 0);
        Recorded.drain(y);
        final UnsafeBuffer big = new UnsafeBuffer(new byte[49]);
        TmHeader.write(big, 0, TmHeader.RNDV, 0, 0, 0x8L);
        assertEquals(ReturnCode.INVALID_ARGUMENT, x.postSend(1, big, 0, 49, null, 0, 0, 0));
        Nics.sendRndv(x, 1, 0x8L, 0, region.va(), region.rkey(), 64, new byte[0]);
        final List<Recorded> got = Recorded.drain(y);
        assertEquals(1, got.size());
        assertEquals(CompletionStatus.RNDV_INCOMPLETE, got.get(0).status);
        assertEquals(region.rkey(), RvHeader.rkey(user, TmHeader.LENGTH));
        assertEquals(0, y.counters().bytesRead());
        x.close();
        y.close();
    }

    @Test
    void shouldFailNicReadOfBadRkeyWithoutFin()
    {
        final MemoryRegion region = a.register(new UnsafeBuffer(new byte[64]), 0, 64);
        final UnsafeBuffer user = new UnsafeBuffer(new byte[64]);
        Nics.add(b, 0, 0x8L, FULL, user, 5, 0);
        Recorded.drain(b);
        Nics.sendRndv(a, 1, 0x8L, 0, region.va(), region.rkey() + 1, 64, new byte[0]);
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(2, got.size());
        assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, got.get(1).status);
        assertFalse(got.get(1).has(CompletionFlags.DATA_VALID));
        assertTrue(Recorded.drain(a).isEmpty());
        assertEquals(1, b.counters().remoteAccessErrors());
    }

    @Test
    void shouldReadRegisteredRegionWithPostRead()
    {
        final byte[] data = Nics.bytes(300, 1);
        final MemoryRegion region = a.register(new UnsafeBuffer(data), 0, data.length);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[110]);
        assertEquals(ReturnCode.OK, b.postRead(0, region.va() + 50, region.rkey(), 100, dst, 5, 4242));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size());
        assertEquals(CompletionOpcode.READ, got.get(0).opcode);
        assertEquals(CompletionStatus.SUCCESS, got.get(0).status);
        assertEquals(4242, got.get(0).wrId);
        assertEquals(0, got.get(0).peer);
        for (int i = 0; i < 100; i++)
        {
            assertEquals(data[50 + i], dst.getByte(5 + i));
        }
        assertEquals(0, dst.getByte(4));
        assertEquals(0, dst.getByte(105));
    }

    @Test
    void shouldRefuseReadsOfBadRkeyOutOfBoundsOrDeregisteredRegion()
    {
        final byte[] data = Nics.bytes(300, 1);
        final MemoryRegion region = a.register(new UnsafeBuffer(data), 0, data.length);
        final MemoryRegion other = a.register(new UnsafeBuffer(new byte[300]), 0, 300);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[400]);
        assertEquals(ReturnCode.OK, b.postRead(0, region.va(), region.rkey() ^ 0x10000, 10, dst, 0, 1));
        assertEquals(ReturnCode.OK, b.postRead(0, region.va() + 250, region.rkey(), 51, dst, 0, 2));
        assertEquals(ReturnCode.OK, b.postRead(0, region.va() - 1, region.rkey(), 10, dst, 0, 3));
        assertEquals(ReturnCode.OK, b.postRead(0, other.va(), region.rkey(), 10, dst, 0, 4));
        region.close();
        assertEquals(ReturnCode.OK, b.postRead(0, region.va(), region.rkey(), 10, dst, 0, 5));
        assertEquals(ReturnCode.INVALID_ARGUMENT, b.postRead(0, other.va(), other.rkey(), 10, dst, 395, 6));
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(5, got.size());
        for (int i = 0; i < 5; i++)
        {
            assertEquals(CompletionOpcode.READ, got.get(i).opcode);
            assertEquals(CompletionStatus.REMOTE_ACCESS_ERROR, got.get(i).status, got.get(i).toString());
            assertEquals(i + 1, got.get(i).wrId);
        }
        for (int i = 0; i < dst.capacity(); i++)
        {
            assertEquals(0, dst.getByte(i));
        }
        assertEquals(5, b.counters().remoteAccessErrors());
    }

    @Test
    void shouldHandUnexpectedRendezvousToSoftwareWhichFinishesWithReadAndFin()
    {
        final byte[] data = Nics.bytes(1000, 4);
        final MemoryRegion region = a.register(new UnsafeBuffer(data), 0, data.length);
        Nics.sendRndv(a, 1, 0x21L, 0, region.va(), region.rkey(), data.length, new byte[] {7});
        final Recorded req = Recorded.drain(b).get(0);
        assertEquals(CompletionOpcode.RECV, req.opcode);
        assertEquals(TmHeader.LENGTH + RvHeader.LENGTH + 1, req.byteLength);
        final UnsafeBuffer r = new UnsafeBuffer(req.bytes);
        final UnsafeBuffer dst = new UnsafeBuffer(new byte[1000]);
        assertEquals(ReturnCode.OK, b.postRead(0, RvHeader.va(r, 16), RvHeader.rkey(r, 16), RvHeader.length(r, 16), dst, 0, 1));
        assertEquals(CompletionStatus.SUCCESS, Recorded.drain(b).get(0).status);
        TmHeader.opcode(r, 0, TmHeader.FIN);
        assertEquals(ReturnCode.OK, b.postSend(0, r, 0, 32, null, 0, 0, 0));
        final Recorded fin = Recorded.drain(a).get(0);
        assertEquals(TmHeader.FIN, fin.bytes[0]);
        assertEquals(0, a.counters().hwUnexp());
        assertEquals(1, b.counters().hwUnexp());
        final byte[] got = new byte[1000];
        dst.getBytes(0, got);
        assertArrayEquals(data, got);
    }
}
