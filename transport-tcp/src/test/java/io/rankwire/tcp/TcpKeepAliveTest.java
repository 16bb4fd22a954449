package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioChannelOption;
import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Keep-alive on both ends of every peer connection (dialled and accepted), with the settings'
 * values in whole seconds, on the NIO channels of engine-thread I/O (the only kind the transport makes).
 * Whether a cut link then fails the peer is checked on a real cut by {@code .ci/netns-test.sh}.
 */
@Timeout(60)
class TcpKeepAliveTest
{
    /** SO_KEEPALIVE, TCP_KEEPIDLE, TCP_KEEPINTVL, TCP_KEEPCNT of a connection, as the kernel reports them. */
    private static List<Object> keepAlive(final Channel ch)
    {
        return List.of(ch.config().getOption(ChannelOption.SO_KEEPALIVE),
            ch.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE)),
            ch.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL)),
            ch.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT)));
    }

    /** Connects rank 0 to rank 1 and returns both ends' keep-alive options: dialled, then accepted. */
    private static List<List<Object>> connectedPair(final Map<String, String> settings) throws Exception
    {
        try (TcpJob job = new TcpJob(2, settings))
        {
            TcpMessagingTest.sendSequence(job.ranks[0], 1, 1, 0);
            assertEquals(1, TcpJob.await(job.ranks[1], 1).size());
            final Channel dialled = job.ranks[0].channelTo(1);
            final Channel accepted = job.ranks[1].channelTo(0);
            assertNotNull(dialled);
            assertNotNull(accepted);
            return List.of(keepAlive(dialled), keepAlive(accepted));
        }
    }

    @Test
    void shouldProbeSilentPeersAfterTenSecondsByDefault() throws Exception
    {
        final List<Object> expected = List.of(true, 10, 2, 3);
        assertEquals(List.of(expected, expected), connectedPair(TcpJob.settings()));
    }

    @Test
    void shouldRoundTheSettingsUpToWholeSeconds() throws Exception
    {
        final List<Object> expected = List.of(true, 4, 2, 5);
        assertEquals(List.of(expected, expected), connectedPair(TcpJob.settings(
            "keepAliveIdleMs", "3500", "keepAliveIntervalMs", "1001", "keepAliveProbes", "5")));
    }

    @Test
    void shouldSetTheSameOptionsOnTheNioChannelsOfEngineThreadIo() throws Exception
    {
        final List<Object> expected = List.of(true, 7, 1, 2);
        assertEquals(List.of(expected, expected), connectedPair(TcpJob.settings(
            "keepAliveIdleMs", "7000", "keepAliveIntervalMs", "1000", "keepAliveProbes", "2")));
    }

    @Test
    void shouldLeaveKeepAliveOffWhenTheIdleTimeIsZero() throws Exception
    {
        final List<List<Object>> pair = connectedPair(TcpJob.settings("keepAliveIdleMs", "0"));
        assertEquals(false, pair.get(0).get(0));
        assertEquals(false, pair.get(1).get(0));
    }

    @Test
    void shouldRejectBadKeepAliveSettingsNamingTheValue()
    {
        assertEquals("rankwire.tcp.keepAliveIdleMs : -1 (expected: a duration 0ms..24h, a bare number in ms)", assertThrows(
            IllegalArgumentException.class, () -> new TcpSettings(TcpJob.settings("keepAliveIdleMs", "-1"))).getMessage());
        assertEquals("rankwire.tcp.keepAliveIntervalMs : 0 (expected: a duration 1ms..1h, a bare number in ms)", assertThrows(
            IllegalArgumentException.class, () -> new TcpSettings(TcpJob.settings("keepAliveIntervalMs", "0"))).getMessage());
        assertEquals("rankwire.tcp.keepAliveProbes : 128 (expected: 1..127)", assertThrows(
            IllegalArgumentException.class, () -> new TcpSettings(TcpJob.settings("keepAliveProbes", "128"))).getMessage());
    }
}
