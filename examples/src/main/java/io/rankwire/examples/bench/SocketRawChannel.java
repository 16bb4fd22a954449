package io.rankwire.examples.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

import io.rankwire.Comm;

/**
 * The {@code tcp} baseline: one JDK {@link SocketChannel} with {@code TCP_NODELAY} between ranks
 * 0 and 1, blocking, or non-blocking and polled in a loop when the job's ranks spin
 * ({@code rankwire.idle=spin}: a rank's thread then polls its sockets the same way). Rank 1
 * listens on an ephemeral port and tells rank 0 the address with a Rankwire message. A message
 * is its payload alone, no header; a zero-byte message moves one byte, since TCP cannot carry an
 * empty write.
 */
final class SocketRawChannel implements RawChannel
{
    private static final int ADDRESS_TAG = 9001;
    private final SocketChannel channel;
    private final boolean spin;

    private SocketRawChannel(final SocketChannel channel, final boolean spin)
    {
        this.channel = channel;
        this.spin = spin;
    }

    /**
     * Connects ranks 0 and 1 of {@code world}; {@code bind} is the interface rank 1 listens on,
     * {@code spin} makes the socket non-blocking (reads and writes are retried until done).
     */
    static SocketRawChannel open(final Comm world, final String bind, final boolean spin)
    {
        try
        {
            final SocketChannel ch;
            if (world.rank() == 1)
            {
                try (ServerSocketChannel server = ServerSocketChannel.open())
                {
                    server.bind(new InetSocketAddress(InetAddress.getByName(bind), 0));
                    final InetSocketAddress local = (InetSocketAddress)server.getLocalAddress();
                    final byte[] address = (local.getAddress().getHostAddress() + " " + local.getPort())
                        .getBytes(StandardCharsets.US_ASCII);
                    world.send(address, 0, address.length, 0, ADDRESS_TAG);
                    ch = server.accept();
                }
            }
            else
            {
                final byte[] address = new byte[256];
                final int n = world.recv(address, 0, address.length, 1, ADDRESS_TAG).bytes();
                final String[] hostPort = new String(address, 0, n, StandardCharsets.US_ASCII).split(" ");
                ch = SocketChannel.open(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])));
            }
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.configureBlocking(!spin);
            return new SocketRawChannel(ch, spin);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("raw baseline: cannot connect ranks 0 and 1", e);
        }
    }

    @Override
    public String name()
    {
        return spin ? "raw SocketChannel, spinning" : "raw SocketChannel";
    }

    @Override
    public void send(final ByteBuffer buf, final int length)
    {
        buf.clear().limit(Math.max(1, length));
        try
        {
            while (buf.hasRemaining())
            {
                channel.write(buf);
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void recv(final ByteBuffer buf, final int length)
    {
        buf.clear().limit(Math.max(1, length));
        try
        {
            while (buf.hasRemaining())
            {
                if (channel.read(buf) < 0)
                {
                    throw new IOException("raw baseline: connection closed by the peer");
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close()
    {
        try
        {
            channel.close();
        }
        catch (final IOException ignored)
        {
            // closing a benchmark socket: nothing left to do
        }
    }
}
