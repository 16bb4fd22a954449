package io.rankwire.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;

@Timeout(30)
class CompletionQueueTest
{
    /** 0: every CQE names its buffer; 32: each of these 17-byte messages travels inside its CQE. */
    @ParameterizedTest
    @ValueSource(ints = {0, 32})
    void shouldKeepEveryCompletionInOrderWhenTheRingOverflows(final int cqeInlineBytes)
    {
        final SimFabric fabric = SimFabric.create(2,
            new SimConfig().maxNumTags(0).cqCapacity(4096).cqeInlineBytes(cqeInlineBytes));
        final SimTransport a = fabric.open(0);
        final SimTransport b = fabric.open(1);
        final int n = 200;
        Nics.postSrq(b, n, 0);
        for (int i = 0; i < n; i++)
        {
            Nics.sendNoTag(a, 1, i, new byte[] {(byte)i});
        }
        final List<Recorded> got = Recorded.drain(b);
        assertEquals(n, got.size());
        for (int i = 0; i < n; i++)
        {
            assertEquals(CompletionOpcode.NO_TAG, got.get(i).opcode);
            assertEquals(i, got.get(i).wrId);
            assertEquals((byte)i, got.get(i).bytes[16]);
        }
        assertTrue(b.counters().cqOverflows() > 0, b.counters().toString());
        assertEquals(cqeInlineBytes > 0 ? n : 0, b.counters().inlineCqes(), b.counters().toString());
    }

    @Test
    void shouldRejectSrqBuffersShorterThanTheLargestMessage()
    {
        final SimFabric fabric = SimFabric.create(1, new SimConfig());
        final SimTransport t = fabric.open(0);
        final int len = t.capabilities().maxMessageSize();
        final UnsafeBuffer buf = new UnsafeBuffer(new byte[len]);
        assertEquals(ReturnCode.INVALID_ARGUMENT, t.offloadPort().postSrqBuffer(buf, 0, len - 1, 0));
        assertEquals(ReturnCode.INVALID_ARGUMENT, t.offloadPort().postSrqBuffer(buf, 1, len, 0));
        assertEquals(ReturnCode.OK, t.offloadPort().postSrqBuffer(buf, 0, len, 0));
    }
}
