/**
 * The {@code tcp} transport over Netty. Exports nothing; the runtime finds it through
 * {@link java.util.ServiceLoader}. Every channel is a JDK NIO channel: no native
 * transport is required or used, so the module runs on any platform the JDK runs on.
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
    requires jdk.net;

    provides io.rankwire.spi.TransportProvider with io.rankwire.tcp.TcpTransportProvider;
}
