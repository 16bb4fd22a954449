package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.proto.RvHeader;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.ReturnCode;

/** Helpers for tests that drive simulated NICs through the SPI. */
final class Nics
{
    static final long FULL = -1L;

    private Nics()
    {
    }

    /** Posts {@code count} SRQ buffers of maxMessageSize on {@code t}, wrIds from {@code firstWrId}. */
    static void postSrq(final SimTransport t, final int count, final long firstWrId)
    {
        final int len = t.capabilities().maxMessageSize();
        for (int i = 0; i < count; i++)
        {
            final UnsafeBuffer b = new UnsafeBuffer(new byte[len]);
            assertEquals(ReturnCode.OK, t.offloadPort().postSrqBuffer(b, 0, len, firstWrId + i));
        }
    }

    /** Sends an eager message {@code TMH(EAGER, appCtx, tag) | payload} from {@code from} to {@code to}. */
    static void sendEager(final SimTransport from, final int to, final long tag, final int appCtx, final byte[] payload)
    {
        final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
        TmHeader.write(hdr, 0, TmHeader.EAGER, 0, appCtx, tag);
        assertEquals(ReturnCode.OK,
            from.postSend(to, hdr, 0, TmHeader.LENGTH, new UnsafeBuffer(payload), 0, payload.length, 0));
    }

    /** Sends a NO_TAG message {@code TMH(NO_TAG) | payload}. */
    static void sendNoTag(final SimTransport from, final int to, final long tag, final byte[] payload)
    {
        final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
        TmHeader.write(hdr, 0, TmHeader.NO_TAG, 0, 0, tag);
        assertEquals(ReturnCode.OK,
            from.postSend(to, hdr, 0, TmHeader.LENGTH, new UnsafeBuffer(payload), 0, payload.length, 0));
    }

    /** Sends a rendezvous request {@code TMH(RNDV) | RVH(va, rkey, len) | meta}. */
    static void sendRndv(
        final SimTransport from, final int to, final long tag, final int appCtx,
        final long va, final int rkey, final int len, final byte[] meta)
    {
        final int hl = TmHeader.LENGTH + RvHeader.LENGTH + meta.length;
        final UnsafeBuffer hdr = new UnsafeBuffer(new byte[hl]);
        TmHeader.write(hdr, 0, TmHeader.RNDV, 0, appCtx, tag);
        RvHeader.write(hdr, TmHeader.LENGTH, va, rkey, len);
        hdr.putBytes(TmHeader.LENGTH + RvHeader.LENGTH, meta);
        assertEquals(ReturnCode.OK, from.postSend(to, hdr, 0, hl, null, 0, 0, 0));
    }

    /** Posts ADD and expects OK. */
    static void add(
        final SimTransport t, final int handle, final long tag, final long mask,
        final MutableDirectBuffer buf, final long recvWrId, final int swCnt)
    {
        assertEquals(ReturnCode.OK,
            t.offloadPort().postAdd(handle, tag, mask, buf, 0, buf.capacity(), recvWrId, swCnt));
    }

    static byte[] bytes(final int n, final int seed)
    {
        final byte[] b = new byte[n];
        for (int i = 0; i < n; i++)
        {
            b[i] = (byte)(seed + i * 31);
        }
        return b;
    }
}
