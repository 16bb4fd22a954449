package io.rankwire.tcp;

import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioChannelOption;
import jdk.net.ExtendedSocketOptions;

/**
 * TCP keep-alive on every peer connection, so a peer whose host stops answering (its link cut,
 * the host powered off: nothing closes the connection) is failed after about
 * {@code idle + interval * probes} of silence instead of never. The kernel sends the probes and
 * the peer's kernel answers them, whether or not its application is reading, so a busy or
 * computing peer is never mistaken for a dead one.
 *
 * <p>Keep-alive probes go out only while nothing sent on the connection is waiting for an
 * acknowledgement. A rank that is itself sending to the lost host (unacknowledged data in
 * flight) sees the loss only after the kernel's retransmission limit
 * ({@code net.ipv4.tcp_retries2}, about 15 minutes by default), unless the failure reaches it
 * first through its other peers; {@code TCP_USER_TIMEOUT} would shorten that, but it also
 * aborts a connection whose receiver leaves a zero window open that long (a rank computing
 * without reading), so it is not set.
 *
 * <p>Every connection is a NIO channel ({@link DirectNioChannels}), which takes the JDK's
 * {@link ExtendedSocketOptions}: {@code SO_KEEPALIVE}, {@code TCP_KEEPIDLE},
 * {@code TCP_KEEPINTVL} and {@code TCP_KEEPCNT} (seconds, rounded up).
 */
final class KeepAlive
{
    private KeepAlive()
    {
    }

    /** Turns keep-alive on for {@code ch} as {@code settings} say; does nothing when they turn it off. */
    static void apply(final SocketChannel ch, final TcpSettings settings)
    {
        if (settings.keepAliveIdleMs == 0)
        {
            return;
        }
        final int idle = seconds(settings.keepAliveIdleMs);
        final int interval = seconds(settings.keepAliveIntervalMs);
        final ChannelConfig config = ch.config();
        config.setOption(ChannelOption.SO_KEEPALIVE, true);
        config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE), idle);
        config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL), interval);
        config.setOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT), settings.keepAliveProbes);
    }

    private static int seconds(final long millis)
    {
        return (int)Math.max(1, (millis + 999) / 1000);
    }
}
