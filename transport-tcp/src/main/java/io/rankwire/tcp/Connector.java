package io.rankwire.tcp;

import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.rankwire.spi.TransportException;

/**
 * Listens for peers and opens connections to them. Every connection gets the same pipeline:
 * (optional TLS) | {@link FrameDecoder} | {@link ConnectionHandler}, with TCP_NODELAY, pooled
 * direct buffers, a write-buffer water mark that gives back-pressure to the rank, and TCP
 * keep-alive ({@link KeepAlive}); in the default (event-loop) mode also a reusable read buffer
 * ({@link ReadBuffers}).
 */
final class Connector
{
    private static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(2 << 20, 8 << 20);

    private final TcpTransport transport;
    private final TcpSettings settings;
    private final Bootstrap client;
    private final Channel server;
    private final TlsContexts tls;
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();

    Connector(final TcpTransport transport, final EventLoops loops, final TcpSettings settings)
    {
        this.transport = transport;
        this.settings = settings;
        this.tls = settings.tls ? TlsContexts.create() : null;
        this.client = new Bootstrap()
            .channelFactory(loops.channelFactory)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .option(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)Math.min(Integer.MAX_VALUE, settings.connectTimeoutMs));
        final ServerBootstrap serverBootstrap = new ServerBootstrap()
            .group(loops.group)
            .channelFactory(loops.serverChannelFactory)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
            .childHandler(initializer(-1));
        final ChannelFuture bound = serverBootstrap.bind(settings.bind, settings.port).awaitUninterruptibly();
        if (!bound.isSuccess())
        {
            throw new TransportException("rankwire-tcp: cannot listen on " + settings.bind + ":" + settings.port,
                bound.cause());
        }
        this.server = bound.channel();
    }

    /** This transport's certificate fingerprint, or null without TLS. */
    byte[] fingerprint()
    {
        return tls == null ? null : tls.fingerprint();
    }

    InetSocketAddress localAddress()
    {
        return (InetSocketAddress)server.localAddress();
    }

    /** Opens a connection to {@code link}'s peer on the link's event loop. */
    void connect(final PeerLink link)
    {
        final InetSocketAddress address = link.address();
        if (address == null)
        {
            transport.connectFailed(link.peer, "no address for rank " + link.peer + " (wireUp not called?)");
            return;
        }
        client.clone(link.loop).handler(initializer(link.peer)).connect(address).addListener((ChannelFuture f) ->
        {
            if (!f.isSuccess())
            {
                transport.connectFailed(link.peer, "cannot connect to rank " + link.peer + " at " + address + ": " +
                    f.cause());
            }
        });
    }

    private ChannelInitializer<SocketChannel> initializer(final int peer)
    {
        return new ChannelInitializer<>()
        {
            @Override
            protected void initChannel(final SocketChannel ch)
            {
                channels.add(ch);
                KeepAlive.apply(ch, settings);
                if (transport.engineIo == null)
                {
                    final ReadBuffers reads = new ReadBuffers(ch.config().getRecvByteBufAllocator());
                    ch.config().setRecvByteBufAllocator(reads);
                    ch.closeFuture().addListener(f -> reads.release());
                }
                ch.closeFuture().addListener(f -> channels.remove(ch));
                if (tls != null)
                {
                    ch.pipeline().addLast(tls.handler(ch, peer >= 0));
                }
                ch.pipeline().addLast(new FrameDecoder(settings.maxFrame, transport.refusals), new ConnectionHandler(transport, peer));
            }
        };
    }

    /** Closes the listener and every connection, waiting up to {@code timeoutMs}. */
    void close(final long timeoutMs)
    {
        server.close().awaitUninterruptibly(timeoutMs);
        for (final Channel ch : channels)
        {
            ch.close().awaitUninterruptibly(timeoutMs);
        }
    }
}
