package io.rankwire.jmh.tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A quick SPI-level comparison of the TCP transport with a raw JDK {@link SocketChannel} in the
 * same run: 8-byte one-way latency (half a ping-pong round trip, percentiles) and 4 MiB
 * bandwidth (the transport moves 4 MiB by rendezvous READ, two reads in flight; the baseline
 * streams 4 MiB writes over one socket). Two ranks run as threads of this JVM on 127.0.0.1; a
 * waiting rank blocks in the transport's kernel wait ({@code awaitActivity}), and the region's
 * owner polls during the bandwidth test (it answers reads only when it polls). The second argument
 * is {@code plain} (the default) or {@code tls}.
 *
 * <pre>
 *   java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar \
 *       io.rankwire.jmh.tcp.TcpVsSocketBench [iterations] [plain|tls]
 * </pre>
 */
public final class TcpVsSocketBench
{
    private static final int MIB4 = 4 << 20;

    private TcpVsSocketBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        final String mode = args.length > 1 ? args[1] : "plain";
        if (!"plain".equals(mode) && !"tls".equals(mode))
        {
            throw new IllegalArgumentException("mode : " + mode + " (expected: plain|tls)");
        }
        final int transfers = 100;
        for (int round = 0; round < 2; round++)
        {
            final String label = round == 0 ? "warm-up" : "measured";
            final long[] raw = rawPingPong(iterations);
            final long[] tcp = transportPingPong(iterations, mode);
            final double rawBw = rawBandwidth(transfers);
            final double tcpBw = transportBandwidth(transfers, mode);
            System.out.printf("%s  8 B one-way latency ns  p50/p90/p99  raw %s  tcp %s  ratio(p50) %.2f%n", label,
                percentiles(raw), percentiles(tcp), (double)tcp[tcp.length / 2] / raw[raw.length / 2]);
            System.out.printf("%s  4 MiB bandwidth MiB/s  raw %.0f  tcp %.0f  ratio %.2f%n", label, rawBw, tcpBw,
                tcpBw / rawBw);
        }
    }

    private static String percentiles(final long[] sorted)
    {
        return sorted[sorted.length / 2] + "/" + sorted[sorted.length * 9 / 10] + "/" + sorted[sorted.length * 99 / 100];
    }

    private static long[] rawPingPong(final int iterations) throws Exception
    {
        try (ServerSocketChannel server = ServerSocketChannel.open())
        {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            final Thread echo = new Thread(() ->
            {
                try (SocketChannel ch = server.accept())
                {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    final ByteBuffer buf = ByteBuffer.allocateDirect(8);
                    for (int i = 0; i < iterations; i++)
                    {
                        readFully(ch, buf.clear());
                        while (buf.hasRemaining())
                        {
                            ch.write(buf);
                        }
                    }
                }
                catch (final IOException e)
                {
                    throw new IllegalStateException(e);
                }
            });
            echo.start();
            final long[] samples = new long[iterations];
            try (SocketChannel ch = SocketChannel.open(server.getLocalAddress()))
            {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                final ByteBuffer buf = ByteBuffer.allocateDirect(8);
                for (int i = 0; i < iterations; i++)
                {
                    final long start = System.nanoTime();
                    buf.clear().putLong(0, i);
                    ch.write(buf);
                    readFully(ch, buf.clear());
                    samples[i] = (System.nanoTime() - start) / 2;
                }
            }
            echo.join();
            Arrays.sort(samples);
            return samples;
        }
    }

    private static double rawBandwidth(final int transfers) throws Exception
    {
        try (ServerSocketChannel server = ServerSocketChannel.open())
        {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            final Thread writer = new Thread(() ->
            {
                try (SocketChannel ch = server.accept())
                {
                    final ByteBuffer buf = ByteBuffer.allocateDirect(MIB4);
                    for (int i = 0; i < transfers; i++)
                    {
                        buf.clear();
                        while (buf.hasRemaining())
                        {
                            ch.write(buf);
                        }
                    }
                }
                catch (final IOException e)
                {
                    throw new IllegalStateException(e);
                }
            });
            writer.start();
            final long start;
            try (SocketChannel ch = SocketChannel.open(server.getLocalAddress()))
            {
                final ByteBuffer buf = ByteBuffer.allocateDirect(MIB4);
                start = System.nanoTime();
                for (int i = 0; i < transfers; i++)
                {
                    readFully(ch, buf.clear());
                }
            }
            final long elapsed = System.nanoTime() - start;
            writer.join();
            return transfers * 4.0 / (elapsed / 1e9);
        }
    }

    private static void readFully(final SocketChannel ch, final ByteBuffer buf) throws IOException
    {
        while (buf.hasRemaining())
        {
            if (ch.read(buf) < 0)
            {
                throw new IOException("closed");
            }
        }
        buf.flip();
    }

    private static Transport[] openPair(final String mode)
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final TransportProvider provider = ServiceLoader.load(TransportProvider.class).stream()
            .map(ServiceLoader.Provider::get).filter(p -> "tcp".equals(p.name())).findFirst().orElseThrow();
        final Map<String, String> settings = new HashMap<>();
        settings.put("rankwire.tcp.tls", Boolean.toString("tls".equals(mode)));
        settings.put("rankwire.tcp.connect", "eager");
        final Transport[] ranks = new Transport[2];
        for (int r = 0; r < 2; r++)
        {
            ranks[r] = provider.open(new TransportContext(r, 2, "bench", new byte[16], bootstrap.forRank(r),
                settings, () -> { }));
        }
        final Thread other = new Thread(ranks[1]::wireUp);
        other.start();
        ranks[0].wireUp();
        try
        {
            other.join();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        return ranks;
    }

    private static long[] transportPingPong(final int iterations, final String mode) throws Exception
    {
        final Transport[] ranks = openPair(mode);
        try
        {
            final Thread echo = new Thread(() ->
            {
                final UnsafeBuffer msg = message();
                final AtomicLong got = new AtomicLong();
                for (int i = 0; i < iterations; i++)
                {
                    got.set(0);
                    for (int spins = 0; got.get() == 0; spins++)
                    {
                        if (ranks[1].poll(c -> got.incrementAndGet(), 1) == 0 && !ranks[1].awaitActivity(1_000_000))
                        {
                            idle(spins);
                        }
                    }
                    while (ranks[1].postSend(0, msg, 0, 16, msg, 16, 8, 0) == ReturnCode.BACK_PRESSURED)
                    {
                        Thread.onSpinWait();
                    }
                }
            });
            echo.start();
            final long[] samples = new long[iterations];
            final UnsafeBuffer msg = message();
            final long[] got = new long[1];
            for (int i = 0; i < iterations; i++)
            {
                final long start = System.nanoTime();
                msg.putLong(16, i, ByteOrder.BIG_ENDIAN);
                ranks[0].postSend(1, msg, 0, 16, msg, 16, 8, 0);
                got[0] = 0;
                for (int spins = 0; got[0] == 0; spins++)
                {
                    if (ranks[0].poll(c -> got[0]++, 1) == 0 && !ranks[0].awaitActivity(1_000_000))
                    {
                        idle(spins);
                    }
                }
                samples[i] = (System.nanoTime() - start) / 2;
            }
            echo.join();
            Arrays.sort(samples);
            return samples;
        }
        finally
        {
            ranks[0].close();
            ranks[1].close();
        }
    }

    private static double transportBandwidth(final int transfers, final String mode) throws InterruptedException
    {
        final Transport[] ranks = openPair(mode);
        try
        {
            final UnsafeBuffer source = new UnsafeBuffer(ByteBuffer.allocateDirect(MIB4));
            final MemoryRegion region = ranks[1].register(source, 0, MIB4);
            final UnsafeBuffer[] dst = {
                new UnsafeBuffer(ByteBuffer.allocateDirect(MIB4)), new UnsafeBuffer(ByteBuffer.allocateDirect(MIB4))};
            final int[] done = new int[1];
            final AtomicBoolean running = new AtomicBoolean(true);
            final Thread owner = new Thread(() ->
            {
                // the region's owner polls, as a rank waiting for its rendezvous to finish does
                while (running.get())
                {
                    if (ranks[1].poll(c -> { }, 16) == 0)
                    {
                        Thread.yield();
                    }
                }
            });
            owner.start();
            final long start = System.nanoTime();
            int posted = 0;
            while (posted < Math.min(2, transfers))
            {
                ranks[0].postRead(1, region.va(), region.rkey(), MIB4, dst[posted % 2], 0, posted);
                posted++;
            }
            while (done[0] < transfers)
            {
                final int before = done[0];
                final int n = ranks[0].poll(c ->
                {
                    if (c.opcode() == CompletionOpcode.READ)
                    {
                        done[0]++;
                    }
                }, 16);
                if (n == 0)
                {
                    Thread.yield();
                }
                for (int i = before; i < done[0] && posted < transfers; i++)
                {
                    ranks[0].postRead(1, region.va(), region.rkey(), MIB4, dst[posted % 2], 0, posted);
                    posted++;
                }
            }
            final long elapsed = System.nanoTime() - start;
            running.set(false);
            owner.join();
            return transfers * 4.0 / (elapsed / 1e9);
        }
        finally
        {
            ranks[0].close();
            ranks[1].close();
        }
    }

    /** Spin a little, then yield: the idle strategy a rank uses while it waits. */
    private static void idle(final int spins)
    {
        if (spins < 100)
        {
            Thread.onSpinWait();
        }
        else
        {
            Thread.yield();
        }
    }

    private static UnsafeBuffer message()
    {
        final UnsafeBuffer msg = new UnsafeBuffer(ByteBuffer.allocateDirect(24));
        TmHeader.write(msg, 0, TmHeader.EAGER, 0, 0, 1);
        return msg;
    }
}
