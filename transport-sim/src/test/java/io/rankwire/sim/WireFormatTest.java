package io.rankwire.sim;

import static io.rankwire.sim.Nics.FULL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;

/** The bytes on the simulated wire against hand-built arrays of the seeds' big-endian layouts. */
@Timeout(30)
class WireFormatTest
{
    private SimTransport a;
    private SimTransport b;

    @BeforeEach
    void start()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(4).eagerLimit(256));
        a = fabric.open(0);
        b = fabric.open(1);
        Nics.postSrq(a, 4, 0);
        Nics.postSrq(b, 4, 0);
    }

    @AfterEach
    void close()
    {
        a.close();
        b.close();
    }

    @Test
    void shouldCarryEagerMessageAsTmhThenPayload()
    {
        final byte[] expected = {
            3, 1, 0, 0,                                    // opcode EAGER, flags SYNC, reserved
            0x11, 0x22, 0x33, 0x44,                        // app_ctx
            (byte)0x81, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,  // tag
            'h', 'i'                                       // payload
        };
        final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
        TmHeader.write(hdr, 0, TmHeader.EAGER, TmHeader.FLAG_SYNC, 0x11223344, 0x8102030405060708L);
        assertEquals(ReturnCode.OK, a.postSend(1, hdr, 0, 16, new UnsafeBuffer(new byte[] {'h', 'i'}), 0, 2, 0));
        final Recorded r = Recorded.drain(b).get(0);
        assertArrayEquals(expected, r.bytes);
        assertEquals(0x8102030405060708L, r.tag);
        assertEquals(0x11223344, r.appCtx);
    }

    @Test
    void shouldCarryRendezvousRequestAndNicFinAsTmhRvh()
    {
        final MemoryRegion region = a.register(new UnsafeBuffer(new byte[64]), 0, 64);
        final long va = region.va();
        final int rkey = region.rkey();
        final byte[] request = new byte[35];
        request[0] = 1;
        request[7] = 5;
        request[15] = 0x42;
        for (int i = 0; i < 8; i++)
        {
            request[16 + i] = (byte)(va >>> (56 - 8 * i));
        }
        for (int i = 0; i < 4; i++)
        {
            request[24 + i] = (byte)(rkey >>> (24 - 8 * i));
        }
        request[31] = 64;
        request[32] = 'm';
        request[33] = 'e';
        request[34] = 't';
        Nics.sendRndv(a, 1, 0x42L, 5, va, rkey, 64, new byte[] {'m', 'e', 't'});
        final Recorded unexpected = Recorded.drain(b).get(0);
        assertEquals(CompletionOpcode.RECV, unexpected.opcode);
        assertArrayEquals(request, unexpected.bytes);

        Nics.add(b, 0, 0x42L, FULL, new UnsafeBuffer(new byte[64]), 1, 1);
        Nics.sendRndv(a, 1, 0x42L, 5, va, rkey, 64, new byte[] {'m', 'e', 't'});
        final byte[] fin = new byte[32];
        System.arraycopy(request, 0, fin, 0, 32);
        fin[0] = 2;
        final Recorded finRecv = Recorded.drain(a).get(0);
        assertArrayEquals(fin, finRecv.bytes);
    }

    @Test
    void shouldCarryNoTagMessageWhole()
    {
        final byte[] msg = {0, 9, 8, 7};
        assertEquals(ReturnCode.OK, a.postSend(1, new UnsafeBuffer(msg), 0, 4, null, 0, 0, 0));
        final Recorded r = Recorded.drain(b).get(0);
        assertEquals(CompletionOpcode.NO_TAG, r.opcode);
        assertArrayEquals(msg, r.bytes);
    }

    @Test
    void shouldRefuseMalformedOrOversizedMessages()
    {
        final UnsafeBuffer big = new UnsafeBuffer(new byte[512]);
        TmHeader.write(big, 0, TmHeader.EAGER, 0, 0, 1);
        assertEquals(ReturnCode.INVALID_ARGUMENT, a.postSend(1, big, 0, 15, null, 0, 0, 0));
        assertEquals(ReturnCode.TOO_LARGE, a.postSend(1, big, 0, 16, big, 0, a.capabilities().maxMessageSize() - 15, 0));
        TmHeader.write(big, 0, TmHeader.RNDV, 0, 0, 1);
        RvHeader.write(big, 16, 1, 1, 1);
        assertEquals(ReturnCode.INVALID_ARGUMENT, a.postSend(1, big, 0, 31, null, 0, 0, 0));
        assertEquals(ReturnCode.INVALID_ARGUMENT, a.postSend(1, big, 0, 65, null, 0, 0, 0));
        assertEquals(ReturnCode.OK, a.postSend(1, big, 0, 64, null, 0, 0, 0));
        big.putByte(0, (byte)7);
        assertEquals(ReturnCode.INVALID_ARGUMENT, a.postSend(1, big, 0, 16, null, 0, 0, 0));
        assertEquals(ReturnCode.INVALID_ARGUMENT, a.postSend(2, big, 0, 16, null, 0, 0, 0));
    }
}
