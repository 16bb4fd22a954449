package io.rankwire.jmh.baseline;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.rankwire.jmh.tcp.PartnerProcess;

/**
 * The floor for the TCP benchmarks: a JDK {@link SocketChannel} (TCP_NODELAY) between the
 * benchmark process and a partner JVM ({@link RawSocketPartnerMain}) on loopback, the same
 * process layout as the Rankwire TCP benchmarks.
 *
 * <ul>
 *   <li>{@code rawPingPong}: write 8 bytes, read the 8-byte echo; {@code @OperationsPerInvocation(2)}
 *       reports the one-way latency;</li>
 *   <li>{@code rawStream}: write 4 MiB, read a one-byte acknowledgement (so that, like a blocking
 *       rendezvous send, an operation ends when the receiver has all the data); the score is
 *       bytes per second.</li>
 * </ul>
 *
 * {@code spin=false} uses blocking channels (the thread sleeps in the kernel); {@code spin=true}
 * non-blocking channels polled in a busy loop on both sides.
 */
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RawSocketBenchmark
{
    static final int SMALL_BYTES = 8;
    static final int BULK_BYTES = MemcpyBenchmark.BULK_BYTES;
    private static final long ACCEPT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);

    /** A connection to a partner process in one mode. */
    @State(Scope.Benchmark)
    public abstract static class Peer
    {
        /** Busy-polling non-blocking channels ({@code true}) or blocking ones ({@code false}). */
        @Param({"false"})
        public String spin;

        SocketChannel channel;
        private PartnerProcess partner;

        abstract String mode();

        @Setup(Level.Trial)
        public void setUp() throws IOException, InterruptedException
        {
            try (ServerSocketChannel server = ServerSocketChannel.open())
            {
                server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                server.configureBlocking(false);
                final int port = ((InetSocketAddress)server.getLocalAddress()).getPort();
                partner = PartnerProcess.start(RawSocketPartnerMain.class, List.of(Integer.toString(port), mode(), spin));
                channel = accept(server);
            }
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(!Boolean.parseBoolean(spin));
        }

        private SocketChannel accept(final ServerSocketChannel server) throws IOException, InterruptedException
        {
            final long deadline = System.nanoTime() + ACCEPT_TIMEOUT_NS;
            while (true)
            {
                final SocketChannel ch = server.accept();
                if (ch != null)
                {
                    return ch;
                }
                if (System.nanoTime() - deadline > 0 || !partner.isAlive())
                {
                    partner.kill();
                    throw new IllegalStateException("partner : not connected (expected: within 60 s)");
                }
                Thread.sleep(1);
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException, InterruptedException
        {
            channel.close();
            partner.close();
        }
    }

    /** The partner echoes. */
    public static class EchoPeer extends Peer
    {
        final ByteBuffer message = ByteBuffer.allocateDirect(SMALL_BYTES);

        @Override
        String mode()
        {
            return "echo";
        }
    }

    /** The partner reads 4 MiB messages and acknowledges each. */
    public static class SinkPeer extends Peer
    {
        final ByteBuffer bulk = ByteBuffer.allocateDirect(BULK_BYTES);
        final ByteBuffer ack = ByteBuffer.allocateDirect(1);

        @Override
        String mode()
        {
            return "sink";
        }
    }

    /** One 8-byte round trip. */
    @Benchmark
    @BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(2)
    public int rawPingPong(final EchoPeer peer) throws IOException
    {
        final ByteBuffer m = peer.message;
        m.clear();
        SocketIo.writeFully(peer.channel, m);
        m.clear();
        if (!SocketIo.readFully(peer.channel, m))
        {
            throw new IOException("partner closed the connection");
        }
        return m.get(0);
    }

    /** One 4 MiB message and its acknowledgement. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(BULK_BYTES)
    public int rawStream(final SinkPeer peer) throws IOException
    {
        peer.bulk.clear();
        SocketIo.writeFully(peer.channel, peer.bulk);
        peer.ack.clear();
        if (!SocketIo.readFully(peer.channel, peer.ack))
        {
            throw new IOException("partner closed the connection");
        }
        return peer.ack.get(0);
    }
}
