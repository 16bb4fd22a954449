package io.rankwire.tcp;

import java.nio.channels.spi.SelectorProvider;

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
 * syscall; it burns one core per event loop thread.
 */
final class EventLoops
{
    private static final SelectStrategyFactory BUSY = () -> (selectNow, hasTasks) -> selectNow.get();

    final EventLoopGroup group;
    final Class<? extends SocketChannel> channelClass;
    final Class<? extends ServerChannel> serverChannelClass;
    final boolean epoll;

    EventLoops(final int rank, final int threads, final boolean busyPoll)
    {
        epoll = Epoll.isAvailable();
        final SelectStrategyFactory strategy = busyPoll ? BUSY : DefaultSelectStrategyFactory.INSTANCE;
        final IoHandlerFactory factory = epoll ?
            EpollIoHandler.newFactory(0, strategy) :
            NioIoHandler.newFactory(SelectorProvider.provider(), strategy);
        group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("rankwire-tcp-" + rank, true), factory);
        channelClass = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
        serverChannelClass = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
