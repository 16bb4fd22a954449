package io.rankwire.tcp;

import java.nio.channels.SocketChannel;
import java.util.List;

import io.netty.channel.Channel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * NIO channels whose JDK {@link SocketChannel} the rank's thread uses directly once
 * the handshake has finished (see {@link EngineSession}). Netty keeps the channel registered,
 * with no interest, so it still closes it and reports the close.
 */
final class DirectNioChannels
{
    private DirectNioChannels()
    {
    }

    /** A client or accepted connection that exposes its JDK channel. */
    static final class Socket extends NioSocketChannel
    {
        Socket()
        {
        }

        Socket(final Channel parent, final SocketChannel socket)
        {
            super(parent, socket);
        }

        /** The JDK channel, for the session's own reads and writes after the handshake. */
        SocketChannel socket()
        {
            return javaChannel();
        }
    }

    /** A listener whose accepted connections are {@link Socket}s. */
    static final class Server extends NioServerSocketChannel
    {
        private static final System.Logger LOG = System.getLogger(Server.class.getName());

        @Override
        protected int doReadMessages(final List<Object> buf) throws Exception
        {
            final SocketChannel accepted = javaChannel().accept();
            if (accepted == null)
            {
                return 0;
            }
            try
            {
                buf.add(new Socket(this, accepted));
                return 1;
            }
            catch (final RuntimeException e)
            {
                LOG.log(System.Logger.Level.WARNING, "rankwire-tcp: cannot set up an accepted connection", e);
                accepted.close();
                return 0;
            }
        }
    }
}
