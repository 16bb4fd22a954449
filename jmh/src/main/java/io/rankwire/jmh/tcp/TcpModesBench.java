package io.rankwire.jmh.tcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.baseline.RawSocketPartnerMain;
import io.rankwire.jmh.sim.Exchanges;

/**
 * The TCP transport's modes beside a raw socket, between two processes on loopback, interleaved
 * in one run: each round measures a raw blocking JDK {@link SocketChannel} ping-pong and
 * 4 MiB stream (partner {@link RawSocketPartnerMain}), then Rankwire's 8-byte blocking
 * {@code send}/{@code recv} ping-pong and 4 MiB blocking rendezvous {@code send} (partner
 * {@link TcpPartnerMain}) with default settings ({@code default}), with TLS ({@code tls}), and with
 * {@code rankwire.idle=spin} ({@code spin}, compared with a raw ping-pong whose both ends spin on
 * non-blocking reads, {@code rawSpin}), and prints one-way latency percentiles, MiB/s, the ratios to the raw figures
 * of the same round, and the load average when the round started. Not JMH: a quick main for
 * comparing modes.
 *
 * <pre>
 *   java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp jmh/target/benchmarks.jar \
 *       io.rankwire.jmh.tcp.TcpModesBench [rounds] [iterations] [transfers] [modes...]
 * </pre>
 *
 * Modes: {@code default}, {@code tls}, {@code spin} (the first when none are given; the
 * transport has one data path, so a mode is a setting, not a second implementation). Other {@code rankwire.*} settings may be given as {@code -D}
 * system properties (e.g. {@code -Drankwire.tcp.readChunk=1048576}); they apply to every mode
 * and to both ranks (see {@link PartnerProcess#rankwireProperties}); a mode's own setting wins.
 *
 * <p>8-byte ping-pongs, raw and Rankwire alike, first run untimed round trips for at least 3 s
 * and half the timed count, so that the fresh partner JVM has compiled its path.
 *
 * <p>4 MiB transfers: both the raw stream and Rankwire first run untimed transfers (a fifth of
 * the timed ones, at least 1 GiB), and Rankwire before them 5,000 rendezvous sends of 128 KiB,
 * so that its per-message rendezvous path is compiled in the fresh partner JVM (a few hundred
 * 4 MiB transfers call it too rarely for the JIT). Each timed transfer is one blocking operation
 * (raw: write 4 MiB, read the 1-byte acknowledgement; Rankwire: a blocking {@code send}, which
 * returns on the receiver's FIN). The mean is total bytes over total time; the median transfer's
 * rate is also printed, as it is less sensitive to stalls caused by other processes, and so is
 * the CPU time both processes used per timed transfer (all their threads, from
 * {@code /proc/<pid>/task/<tid>/schedstat}; Linux only), which does not grow while a process
 * waits for a core.
 */
public final class TcpModesBench
{
    private static final int MIB4 = Exchanges.BULK_BYTES;
    /** Bulk warm-up moves at least this much (as the example benchmarks do), for the raw stream and Rankwire alike. */
    private static final long WARM_UP_BYTES = 1L << 30;
    /**
     * Rendezvous sends of {@link #PATH_WARM_UP_BYTES} (above the eager limit) that compile the
     * per-message rendezvous path (RTS, READ_REQUEST, FIN, matching) in both rank JVMs before
     * anything is timed; a few hundred 4 MiB transfers call it too rarely for the JIT.
     */
    private static final int PATH_WARM_UP = 5000;
    /**
     * 8-byte ping-pongs run untimed for at least this long (and half the timed count): the partner
     * is a fresh JVM each time, and 10,000 round trips (the count alone, at 20,000 iterations)
     * end before its compiler has finished with the path.
     */
    private static final long PING_WARM_UP_NS = TimeUnit.SECONDS.toNanos(3);
    private static final int PATH_WARM_UP_BYTES = 128 << 10;

    private TcpModesBench()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        final int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        final int transfers = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        final List<String> modes = args.length > 3 ? List.of(args).subList(3, args.length) :
            List.of("default");
        for (int round = 1; round <= rounds; round++)
        {
            System.out.printf("round %d  load average %s%n", round, loadAverage());
            final long[] raw = rawPingPong(iterations, false);
            final Bulk rawBulk = rawStream(transfers);
            final double rawBw = meanMibPerSecond(rawBulk.times);
            final double rawMedianBw = medianMibPerSecond(rawBulk.times);
            final double rawCpu = rawBulk.cpuMicrosPerTransfer();
            System.out.printf("  raw          8 B one-way ns p50/p90/p99 %s   4 MiB %.0f MiB/s (median transfer %.0f MiB/s," +
                " CPU %.0f us per transfer)%n", percentiles(raw), rawBw, rawMedianBw, rawCpu);
            final boolean anySpin = modes.stream().anyMatch("spin"::equals);
            final long[] rawSpin = anySpin ? rawPingPong(iterations, true) : raw;
            if (anySpin)
            {
                System.out.printf("  rawSpin      8 B one-way ns p50/p90/p99 %s%n", percentiles(rawSpin));
            }
            for (final String mode : modes)
            {
                final long[] tcp = rankwirePingPong(settings(mode), iterations);
                final Bulk tcpBulk = rankwireBandwidth(settings(mode), transfers);
                final double tcpBw = meanMibPerSecond(tcpBulk.times);
                final double tcpMedianBw = medianMibPerSecond(tcpBulk.times);
                final double tcpCpu = tcpBulk.cpuMicrosPerTransfer();
                final long[] base = "spin".equals(mode) ? rawSpin : raw;
                System.out.printf("  %-12s 8 B one-way ns p50/p90/p99 %s (p50 %.2fx %s)   4 MiB %.0f MiB/s (%.2f of raw)" +
                    " (median transfer %.0f MiB/s, %.2f of raw; CPU %.0f us per transfer, %.2fx raw)%n",
                    mode, percentiles(tcp), (double)tcp[tcp.length / 2] / base[base.length / 2],
                    base == raw ? "raw" : "rawSpin", tcpBw, tcpBw / rawBw, tcpMedianBw, tcpMedianBw / rawMedianBw,
                    tcpCpu, tcpCpu / rawCpu);
            }
        }
    }

    private static Map<String, String> settings(final String mode)
    {
        final Map<String, String> m = new LinkedHashMap<>();
        m.put(RankwireConfig.IDLE_PROP, "backoff");
        switch (mode)
        {
            case "default":
                break;
            case "tls":
                m.put("rankwire.tcp.tls", "true");
                break;
            case "spin":
                m.put(RankwireConfig.IDLE_PROP, "spin");
                break;
            default:
                throw new IllegalArgumentException("mode : " + mode + " (expected: default|tls|spin)");
        }
        return m;
    }

    private static String loadAverage()
    {
        try
        {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        }
        catch (final IOException e)
        {
            return "unknown";
        }
    }

    private static String percentiles(final long[] sorted)
    {
        return sorted[sorted.length / 2] + "/" + sorted[sorted.length * 9 / 10] + "/" + sorted[sorted.length * 99 / 100];
    }

    /** Whether an 8-byte warm-up goes on after {@code done} round trips: half the timed count and {@link #PING_WARM_UP_NS}. */
    private static boolean pingWarmUpGoesOn(final int done, final int iterations, final long start)
    {
        return done < iterations / 2 || System.nanoTime() - start < PING_WARM_UP_NS;
    }

    private static long[] rankwirePingPong(final Map<String, String> settings, final int iterations) throws Exception
    {
        try (TcpPair pair = TcpPair.start(settings, Exchanges.Role.ECHO))
        {
            final Comm world = pair.rank0().world();
            final MessageBuffer msg = Exchanges.directMessage(Exchanges.SMALL_BYTES);
            final MutableStatus status = new MutableStatus();
            final long warmUpStart = System.nanoTime();
            for (int i = 0; pingWarmUpGoesOn(i, iterations, warmUpStart); i++)
            {
                Exchanges.pingPong(world, msg, status);
            }
            final long[] samples = new long[iterations];
            for (int i = 0; i < iterations; i++)
            {
                final long start = System.nanoTime();
                Exchanges.pingPong(world, msg, status);
                samples[i] = (System.nanoTime() - start) / 2;
            }
            Arrays.sort(samples);
            return samples;
        }
    }

    /** MiB/s over all timed transfers ({@code times}: nanoseconds per 4 MiB transfer). */
    private static double meanMibPerSecond(final long[] times)
    {
        long sum = 0;
        for (final long t : times)
        {
            sum += t;
        }
        return times.length * 4.0 / (sum / 1e9);
    }

    /** MiB/s of the median transfer: less sensitive than the mean to stalls from other processes. */
    private static double medianMibPerSecond(final long[] times)
    {
        final long[] sorted = times.clone();
        Arrays.sort(sorted);
        return 4.0 / (sorted[sorted.length / 2] / 1e9);
    }

    /** Timed 4 MiB transfers: nanoseconds each, and the CPU time both processes used meanwhile (-1 if unknown). */
    private static final class Bulk
    {
        final long[] times;
        final long cpuNanos;

        Bulk(final long[] times, final long cpuNanos)
        {
            this.times = times;
            this.cpuNanos = cpuNanos;
        }

        double cpuMicrosPerTransfer()
        {
            return cpuNanos < 0 ? Double.NaN : cpuNanos / 1e3 / times.length;
        }
    }

    private static Bulk rankwireBandwidth(final Map<String, String> settings, final int transfers) throws Exception
    {
        try (TcpPair pair = TcpPair.start(settings, Exchanges.Role.SINK))
        {
            final Comm world = pair.rank0().world();
            final UnsafeBuffer buf = Exchanges.directBuffer(MIB4);
            final MessageBuffer msg = MessageBuffer.of(buf, 0, MIB4);
            final MessageBuffer pathWarmUp = MessageBuffer.of(buf, 0, PATH_WARM_UP_BYTES);
            for (int i = 0; i < PATH_WARM_UP; i++)
            {
                world.send(pathWarmUp, 1, Exchanges.BULK_TAG);
            }
            for (int i = 0; i < bulkWarmUp(transfers); i++)
            {
                Exchanges.bulkSend(world, msg);
            }
            final long[] times = new long[transfers];
            final long cpuStart = CpuTime.bothNanos(pair.partnerPid());
            for (int i = 0; i < transfers; i++)
            {
                final long start = System.nanoTime();
                Exchanges.bulkSend(world, msg);
                times[i] = System.nanoTime() - start;
            }
            return new Bulk(times, cpuUsed(cpuStart, CpuTime.bothNanos(pair.partnerPid())));
        }
    }

    private static long[] rawPingPong(final int iterations, final boolean spin) throws Exception
    {
        try (ServerSocketChannel server = ServerSocketChannel.open())
        {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final int port = ((InetSocketAddress)server.getLocalAddress()).getPort();
            try (PartnerProcess partner = PartnerProcess.start(RawSocketPartnerMain.class, List.of(Integer.toString(port), "echo", Boolean.toString(spin))))
            {
                final long[] samples = new long[iterations];
                try (SocketChannel ch = server.accept())
                {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    ch.configureBlocking(!spin); // non-blocking: the loops below spin on read and write
                    final ByteBuffer m = ByteBuffer.allocateDirect(Exchanges.SMALL_BYTES);
                    final long warmUpStart = System.nanoTime();
                    for (int i = 0; pingWarmUpGoesOn(i, iterations, warmUpStart); i++)
                    {
                        roundTrip(ch, m);
                    }
                    for (int i = 0; i < iterations; i++)
                    {
                        final long start = System.nanoTime();
                        roundTrip(ch, m);
                        samples[i] = (System.nanoTime() - start) / 2;
                    }
                }
                Arrays.sort(samples);
                return samples;
            }
        }
    }

    /** One raw 8-byte round trip: {@code m} out, the echo back into it. */
    private static void roundTrip(final SocketChannel ch, final ByteBuffer m) throws IOException
    {
        writeFully(ch, m.clear());
        readFully(ch, m.clear());
    }

    private static long cpuUsed(final long start, final long end)
    {
        return start < 0 || end < 0 ? -1 : end - start;
    }

    private static Bulk rawStream(final int transfers) throws Exception
    {
        try (ServerSocketChannel server = ServerSocketChannel.open())
        {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            final int port = ((InetSocketAddress)server.getLocalAddress()).getPort();
            try (PartnerProcess partner = PartnerProcess.start(RawSocketPartnerMain.class, List.of(Integer.toString(port), "sink", "false")))
            {
                try (SocketChannel ch = server.accept())
                {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    final ByteBuffer bulk = ByteBuffer.allocateDirect(MIB4);
                    final ByteBuffer ack = ByteBuffer.allocateDirect(1);
                    final long[] times = new long[transfers];
                    final int warmUp = bulkWarmUp(transfers);
                    long cpuStart = -1;
                    for (int i = -warmUp; i < transfers; i++)
                    {
                        if (i == 0)
                        {
                            cpuStart = CpuTime.bothNanos(partner.pid());
                        }
                        final long start = System.nanoTime();
                        writeFully(ch, bulk.clear());
                        readFully(ch, ack.clear());
                        if (i >= 0)
                        {
                            times[i] = System.nanoTime() - start;
                        }
                    }
                    return new Bulk(times, cpuUsed(cpuStart, CpuTime.bothNanos(partner.pid())));
                }
            }
        }
    }

    /**
     * Untimed 4 MiB transfers before the timed ones: a fifth of them, but at least as many as move
     * {@link #WARM_UP_BYTES}, so that the rendezvous path of the fresh partner JVM is compiled
     * before it is timed (the raw stream gets the same number).
     */
    private static int bulkWarmUp(final int transfers)
    {
        return (int)Math.max(transfers / 5, WARM_UP_BYTES / MIB4);
    }

    private static void writeFully(final SocketChannel ch, final ByteBuffer buf) throws IOException
    {
        while (buf.hasRemaining())
        {
            ch.write(buf);
        }
    }

    private static void readFully(final SocketChannel ch, final ByteBuffer buf) throws IOException
    {
        while (buf.hasRemaining())
        {
            if (ch.read(buf) < 0)
            {
                throw new IOException("partner closed the connection");
            }
        }
    }
}
