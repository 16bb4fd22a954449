package io.rankwire.tcp;

import java.nio.channels.spi.SelectorProvider;

import io.netty.channel.ChannelFactory;
import io.netty.channel.DefaultSelectStrategyFactory;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SelectStrategyFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The I/O flavour of a transport: native epoll when the platform offers it, NIO otherwise, with
 * daemon threads named after the rank. In busy-poll mode the select strategy always asks for a
 * non-blocking poll of the ready set ({@code epoll_wait} with a zero timeout, or
 * {@code selectNow}), so an event loop never sleeps in the kernel and a wake-up never needs a
 * syscall; it burns one core per event loop thread. In engine-thread I/O mode the channels are
 * NIO ones that expose their JDK channel ({@link DirectNioChannels}).
 */
final class EventLoops
{
    private static final SelectStrategyFactory BUSY = () -> (selectNow, hasTasks) -> selectNow.get();

    final EventLoopGroup group;
    final ChannelFactory<? extends SocketChannel> channelFactory;
    final ChannelFactory<? extends ServerChannel> serverChannelFactory;
    final boolean epoll;

    EventLoops(final int rank, final int threads, final boolean busyPoll, final boolean engineIo)
    {
        epoll = !engineIo && Epoll.isAvailable();
        final SelectStrategyFactory strategy = busyPoll ? BUSY : DefaultSelectStrategyFactory.INSTANCE;
        final IoHandlerFactory factory = epoll ?
            EpollIoHandler.newFactory(0, strategy) :
            NioIoHandler.newFactory(SelectorProvider.provider(), strategy);
        group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("rankwire-tcp-" + rank, true), factory);
        if (epoll)
        {
            channelFactory = EpollSocketChannel::new;
            serverChannelFactory = EpollServerSocketChannel::new;
        }
        else if (engineIo)
        {
            channelFactory = DirectNioChannels.Socket::new;
            serverChannelFactory = DirectNioChannels.Server::new;
        }
        else
        {
            channelFactory = NioSocketChannel::new;
            serverChannelFactory = NioServerSocketChannel::new;
        }
    }
}
