package io.rankwire.jmh.baseline;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The partner process of {@link RawSocketBenchmark}: connects to the benchmark process and,
 * until it closes the connection, either echoes 8-byte messages ({@code echo}) or reads 4 MiB
 * messages and answers each with a one-byte acknowledgement ({@code sink}).
 *
 * <pre>
 *   RawSocketPartnerMain port echo|sink spin
 * </pre>
 */
public final class RawSocketPartnerMain
{
    private RawSocketPartnerMain()
    {
    }

    /** Runs the partner; exits 0 when the benchmark closes the connection, 1 on a failure. */
    public static void main(final String[] args)
    {
        try
        {
            run(args);
            System.exit(0);
        }
        catch (final Throwable t)
        {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(final String[] args) throws Exception
    {
        if (args.length != 3)
        {
            throw new IllegalArgumentException("args : " + args.length + " (expected: port echo|sink spin)");
        }
        final int port = Integer.parseInt(args[0]);
        final boolean echo = "echo".equals(args[1]);
        final boolean spin = Boolean.parseBoolean(args[2]);
        try (SocketChannel ch = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)))
        {
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            ch.configureBlocking(!spin);
            final ByteBuffer in = ByteBuffer.allocateDirect(echo ? RawSocketBenchmark.SMALL_BYTES : RawSocketBenchmark.BULK_BYTES);
            final ByteBuffer ack = ByteBuffer.allocateDirect(1);
            while (true)
            {
                in.clear();
                if (!SocketIo.readFully(ch, in))
                {
                    return;
                }
                final ByteBuffer reply = echo ? in.flip() : ack.clear();
                SocketIo.writeFully(ch, reply);
            }
        }
    }
}
