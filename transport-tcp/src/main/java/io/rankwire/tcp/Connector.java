package io.rankwire.tcp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.rankwire.spi.TransportException;

/**
 * Listens for peers and opens connections to them. Every connection gets the same pipeline for
 * its handshake: (optional TLS) | {@link FrameDecoder} | {@link HandshakeHandler}, with
 * TCP_NODELAY, pooled direct buffers and TCP keep-alive ({@link KeepAlive}); the handshake
 * handler then hands the socket to the rank's thread. Also what this rank tells its peers about
 * its address ({@link #advertisedAddress}) and how it reads theirs ({@link #parseAddress}).
 */
final class Connector
{
    private final TcpContext tcp;
    private final Peers peers;
    private final TcpSettings settings;
    private final Bootstrap client;
    private final Channel server;
    private final TlsContexts tls;
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();

    /** Listens at once; {@code peers} hears of failed connection attempts, and each connection's handshake reports there. */
    Connector(final TcpContext tcp, final Peers peers, final EventLoops loops)
    {
        this.tcp = tcp;
        this.peers = peers;
        this.settings = tcp.settings;
        this.tls = tcp.tls;
        this.client = new Bootstrap()
            .channelFactory(DirectNioChannels.Socket::new)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)Math.min(Integer.MAX_VALUE, settings.connectTimeoutMs));
        final ServerBootstrap serverBootstrap = new ServerBootstrap()
            .group(loops.group)
            .channelFactory(DirectNioChannels.Server::new)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childHandler(initializer(-1));
        final ChannelFuture bound = serverBootstrap.bind(settings.bind, settings.port).awaitUninterruptibly();
        if (!bound.isSuccess())
        {
            throw new TransportException("rankwire-tcp: cannot listen on " + settings.bind + ":" + settings.port,
                bound.cause());
        }
        this.server = bound.channel();
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
            peers.connectFailed(link.peer, "no address for rank " + link.peer + " (wireUp not called?)");
            return;
        }
        client.clone(link.loop).handler(initializer(link.peer)).connect(address).addListener((ChannelFuture f) ->
        {
            if (!f.isSuccess())
            {
                peers.connectFailed(link.peer, "cannot connect to rank " + link.peer + " at " + address + ": " +
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
                ch.closeFuture().addListener(f -> channels.remove(ch));
                if (tls != null)
                {
                    ch.pipeline().addLast(tls.handler(ch, peer >= 0));
                }
                ch.pipeline().addLast(new FrameDecoder(tcp.refusals), new HandshakeHandler(tcp, peers, peer));
            }
        };
    }

    /** The address peers connect to: {@code rankwire.tcp.advertise}, else the listener's, as host:port. */
    String advertisedAddress()
    {
        final InetSocketAddress local = localAddress();
        String host = settings.advertise;
        if (host.isEmpty())
        {
            try
            {
                host = local.getAddress().isAnyLocalAddress() ?
                    InetAddress.getLocalHost().getHostAddress() : local.getAddress().getHostAddress();
            }
            catch (final UnknownHostException e)
            {
                throw new TransportException("rankwire-tcp: cannot name this host; set rankwire.tcp.advertise", e);
            }
        }
        return host + ":" + local.getPort();
    }

    /** The address {@code peer} published ({@link #advertisedAddress}). */
    static InetSocketAddress parseAddress(final int peer, final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0)
        {
            throw new TransportException("rankwire-tcp: rank " + peer + " published a bad address '" + text + "'");
        }
        final String host = text.substring(0, colon);
        return new InetSocketAddress(
            host.startsWith("[") ? host.substring(1, host.length() - 1) : host, Integer.parseInt(text.substring(colon + 1)));
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
