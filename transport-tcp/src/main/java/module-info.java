/**
 * The {@code tcp} transport over Netty. Exports nothing; the runtime finds it through
 * {@link java.util.ServiceLoader}. Netty's native epoll transport is used when its module
 * ({@code io.netty.transport.epoll.linux.x86_64} or the one for the platform) is resolved, e.g.
 * with {@code --add-modules ALL-MODULE-PATH}; without it, NIO.
 *
 * @provides io.rankwire.spi.TransportProvider {@code tcp}
 */
module io.rankwire.transport.tcp
{
    requires io.rankwire;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
    requires io.netty.transport.classes.epoll;
    requires jdk.net;

    provides io.rankwire.spi.TransportProvider with io.rankwire.tcp.TcpTransportProvider;
}
