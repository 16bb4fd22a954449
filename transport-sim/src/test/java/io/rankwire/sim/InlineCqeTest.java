package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/**
 * Messages carried inside their CQE ("scatter to CQE") must reach software exactly as those
 * scattered into the SRQ buffer: same fields, same bytes at the buffer's offset, nothing written
 * outside the message's length.
 */
@Timeout(30)
class InlineCqeTest
{
    private static final byte GUARD = (byte)0x5A;

    @ParameterizedTest
    @ValueSource(strings = {"inline", "scheduled"})
    void shouldDeliverEveryLengthAroundTheLimitAlikeWithAndWithoutDataInTheCqe(final String mode)
    {
        for (int payload = 0; payload <= CompletionQueue.INLINE_MAX - TmHeader.LENGTH + 8; payload++)
        {
            final Recorded plain = eagerThroughSrq(mode, 0, payload);
            final Recorded inline = eagerThroughSrq(mode, CompletionQueue.INLINE_MAX, payload);
            final String at = "payload " + payload;
            assertEquals(CompletionOpcode.RECV, inline.opcode, at);
            assertEquals(CompletionStatus.SUCCESS, inline.status, at);
            assertEquals(plain.flags, inline.flags, at);
            assertEquals(plain.peer, inline.peer, at);
            assertEquals(plain.handle, inline.handle, at);
            assertEquals(plain.wrId, inline.wrId, at);
            assertEquals(plain.tag, inline.tag, at);
            assertEquals(plain.appCtx, inline.appCtx, at);
            assertEquals(TmHeader.LENGTH + payload, inline.byteLength, at);
            assertArrayEquals(plain.bytes, inline.bytes, at);
            assertEquals(0x1234_5678_9ABCL, inline.tag, at);
            assertEquals(77, inline.appCtx, at);
        }
    }

    @Test
    void shouldCountOnlyMessagesThatFitTheConfiguredLimit()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(0).cqeInlineBytes(32));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        Nics.postSrq(b, 4, 0);
        Nics.sendEager(a, 1, 1, 0, new byte[16]);
        Nics.sendEager(a, 1, 1, 0, new byte[17]);
        Nics.sendNoTag(a, 1, 1, new byte[3]);
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(3, got.size());
        assertEquals(2, b.counters().inlineCqes(), b.counters().toString());
        assertEquals(CompletionOpcode.NO_TAG, got.get(2).opcode);
        assertEquals(TmHeader.LENGTH + 3, got.get(2).byteLength);
    }

    @Test
    void shouldRejectALimitBeyondTheCqe()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new SimConfig().cqeInlineBytes(CompletionQueue.INLINE_MAX + 1).conclude());
        assertTrue(e.getMessage().contains("cqeInlineBytes : 41"), e.getMessage());
        assertTrue(e.getMessage().contains("0..40"), e.getMessage());
    }

    /**
     * Sends one eager message of {@code payload} bytes from rank 0 into rank 1's only SRQ buffer
     * (posted at offset 8 of a guarded array) and returns its completion; checks the guard bytes.
     */
    private static Recorded eagerThroughSrq(final String mode, final int inlineBytes, final int payload)
    {
        final SimConfig config = new SimConfig().maxNumTags(0).cqeInlineBytes(inlineBytes)
            .mode("scheduled".equals(mode) ? SimConfig.Mode.SCHEDULED : SimConfig.Mode.INLINE);
        final SimFabric fabric = SimFabric.create(2, config);
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        final int length = b.capabilities().maxMessageSize();
        final byte[] backing = new byte[length + 16];
        java.util.Arrays.fill(backing, GUARD);
        assertEquals(0, b.offloadPort().postSrqBuffer(new UnsafeBuffer(backing), 8, length, 42));
        Nics.sendEager(a, 1, 0x1234_5678_9ABCL, 77, Nics.bytes(payload, payload + 1));
        if (config.mode() == SimConfig.Mode.SCHEDULED)
        {
            fabric.runUntilIdle();
        }
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(1, got.size(), "payload " + payload);
        for (int i = 0; i < 8; i++)
        {
            assertEquals(GUARD, backing[i], "guard before, payload " + payload);
        }
        for (int i = 8 + TmHeader.LENGTH + payload; i < backing.length; i++)
        {
            assertEquals(GUARD, backing[i], "guard after, payload " + payload);
        }
        assertEquals(42, got.get(0).wrId);
        return got.get(0);
    }
}
