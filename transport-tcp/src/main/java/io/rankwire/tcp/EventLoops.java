package io.rankwire.tcp;

import java.nio.channels.spi.SelectorProvider;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The event loops of a transport: daemon NIO threads named after the rank that accept, connect
 * and run handshakes ({@link HandshakeHandler}). Connections are {@link DirectNioChannels}, whose
 * JDK socket the rank's thread takes over once a handshake has succeeded; no session data ever
 * crosses an event loop.
 */
final class EventLoops
{
    final EventLoopGroup group;

    EventLoops(final int rank, final int threads)
    {
        group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("rankwire-tcp-" + rank, true),
            NioIoHandler.newFactory(SelectorProvider.provider()));
    }
}
