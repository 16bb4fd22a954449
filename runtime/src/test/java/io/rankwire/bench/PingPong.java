package io.rankwire.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CyclicBarrier;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * Two-rank ping-pong latency of the runtime over a transport, beside a raw baseline measured in
 * the same run: the same exchange driven directly through the transport SPI (post a TMH+payload,
 * poll until the echo arrives), with no matching, requests or protocol state. Half round-trip
 * times, median and 99th percentile over {@code iterations} exchanges after a warm-up.
 *
 * <pre>
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp ... io.rankwire.bench.PingPong \
 *     [transport] [iterations] [key=value settings...]
 * </pre>
 */
public final class PingPong
{
    private static final int[] SIZES = {8, 1024, 8192, 65536, 1 << 20};

    private PingPong()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String transport = args.length > 0 ? args[0] : "sim";
        final int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        final Map<String, String> settings = new HashMap<>();
        for (int i = 2; i < args.length; i++)
        {
            final String[] kv = args[i].split("=", 2);
            settings.put(kv[0], kv[1]);
        }
        System.out.printf("transport=%s iterations=%d settings=%s%n", transport, iterations, settings);
        System.out.printf("%10s %12s %12s %12s %12s %8s %10s%n",
            "bytes", "raw p50 ns", "rw p50 ns", "raw p99 ns", "rw p99 ns", "p50 x", "rw B/rt");
        for (final int size : SIZES)
        {
            final int n = size >= 65536 ? Math.max(200, iterations / 20) : iterations;
            final long[] raw = size + TmHeader.LENGTH <= maxMessage(transport, settings) ? raw(transport, settings, size, n) : null;
            final long[] all = runtime(transport, settings, size, n);
            final long[] rw = Arrays.copyOf(all, n);
            final long rawP50 = raw == null ? -1 : pct(raw, 50);
            final long rawP99 = raw == null ? -1 : pct(raw, 99);
            System.out.printf("%10d %12s %12d %12s %12d %8s %10d%n", size,
                raw == null ? "-" : Long.toString(rawP50), pct(rw, 50),
                raw == null ? "-" : Long.toString(rawP99), pct(rw, 99),
                raw == null ? "-" : String.format("%.2f", pct(rw, 50) / (double)rawP50), all[n]);
        }
    }

    private static long allocatedBytes()
    {
        return ((com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean())
            .getCurrentThreadAllocatedBytes();
    }

    private static long pct(final long[] samples, final int p)
    {
        final long[] s = samples.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int)((long)s.length * p / 100))];
    }

    private static long[] runtime(final String transport, final Map<String, String> settings, final int size, final int n)
    {
        final long[] samples = new long[n + 1];
        final int warmup = Math.min(5_000, n);
        final RankwireConfig config = new RankwireConfig().setAll(settings).idle(RankwireConfig.Idle.SPIN);
        LocalJob.run(2, transport, config, java.time.Duration.ofMinutes(5), rw ->
        {
            final Comm world = rw.world();
            final byte[] buf = new byte[size];
            final MutableStatus status = new MutableStatus();
            final int peer = 1 - world.rank();
            long allocated = 0;
            for (int i = -warmup; i < n; i++)
            {
                if (i == 0)
                {
                    allocated = allocatedBytes();
                }
                if (world.rank() == 0)
                {
                    final long t0 = System.nanoTime();
                    world.send(buf, 0, size, peer, 1);
                    world.recv(buf, 0, size, peer, 1, status);
                    if (i >= 0)
                    {
                        samples[i] = (System.nanoTime() - t0) / 2;
                    }
                }
                else
                {
                    world.recv(buf, 0, size, peer, 1, status);
                    world.send(buf, 0, size, peer, 1);
                }
            }
            if (world.rank() == 0)
            {
                samples[n] = (allocatedBytes() - allocated) / n;
            }
        });
        return samples;
    }

    private static int maxMessage(final String transport, final Map<String, String> settings)
    {
        final Transport[] t = open(transport, settings, 1);
        try
        {
            return t[0].capabilities().maxMessageSize();
        }
        finally
        {
            t[0].close();
        }
    }

    private static Transport[] open(final String transport, final Map<String, String> settings, final int size)
    {
        TransportProvider provider = null;
        for (final TransportProvider p : ServiceLoader.load(TransportProvider.class))
        {
            if (p.name().equals(transport))
            {
                provider = p;
            }
        }
        if (provider == null)
        {
            throw new IllegalArgumentException("transport : " + transport + " (expected: on the class path)");
        }
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        final String jobId = "bench-" + System.nanoTime();
        final Transport[] ts = new Transport[size];
        for (int r = 0; r < size; r++)
        {
            ts[r] = provider.open(new TransportContext(r, size, jobId, new byte[16], bootstrap.forRank(r), settings, () -> { }));
        }
        return ts;
    }

    /** The same exchange straight over the transport SPI. */
    private static long[] raw(final String transport, final Map<String, String> settings, final int size, final int n)
        throws Exception
    {
        final Transport[] ts = open(transport, settings, 2);
        final long[] samples = new long[n];
        final int warmup = Math.min(5_000, n);
        final CyclicBarrier start = new CyclicBarrier(2);
        final Thread[] threads = new Thread[2];
        final Throwable[] errors = new Throwable[2];
        for (int r = 0; r < 2; r++)
        {
            final int rank = r;
            threads[r] = new Thread(() ->
            {
                try
                {
                    final Transport t = ts[rank];
                    final OffloadPort port = t.offloadPort();
                    final int slot = Math.max(64, t.capabilities().maxMessageSize());
                    if (port != null)
                    {
                        for (int i = 0; i < 16; i++)
                        {
                            port.postSrqBuffer(new UnsafeBuffer(new byte[slot]), 0, slot, i);
                        }
                    }
                    final Thread wire = new Thread(t::wireUp);
                    wire.start();
                    wire.join();
                    start.await();
                    final UnsafeBuffer hdr = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
                    TmHeader.write(hdr, 0, TmHeader.EAGER, 0, 0, 1L);
                    final UnsafeBuffer payload = new UnsafeBuffer(new byte[size]);
                    final UnsafeBuffer in = new UnsafeBuffer(new byte[size]);
                    final long[] got = new long[1];
                    final int peer = 1 - rank;
                    final io.rankwire.spi.CompletionHandler handler = c -> receive(c, port, in, got);
                    for (int i = -warmup; i < n; i++)
                    {
                        final long t0 = System.nanoTime();
                        if (rank == 0)
                        {
                            send(t, peer, hdr, payload, size);
                        }
                        got[0] = -1;
                        while (got[0] < 0)
                        {
                            t.poll(handler, 16);
                        }
                        if (rank == 1)
                        {
                            send(t, peer, hdr, payload, size);
                        }
                        else if (i >= 0)
                        {
                            samples[i] = (System.nanoTime() - t0) / 2;
                        }
                    }
                }
                catch (final Throwable e)
                {
                    errors[rank] = e;
                }
            }, "raw-" + r);
            threads[r].start();
        }
        for (final Thread t : threads)
        {
            t.join();
        }
        ts[0].close();
        ts[1].close();
        for (final Throwable e : errors)
        {
            if (e != null)
            {
                throw new IllegalStateException(e);
            }
        }
        return samples;
    }

    private static void send(final Transport t, final int peer, final UnsafeBuffer hdr, final UnsafeBuffer payload, final int size)
    {
        while (t.postSend(peer, hdr, 0, TmHeader.LENGTH, payload, 0, size, 0) != 0)
        {
            t.poll(c -> { }, 0);
        }
    }

    private static void receive(final Completion c, final OffloadPort port, final UnsafeBuffer in, final long[] got)
    {
        if (c.opcode() == CompletionOpcode.RECV)
        {
            final int len = c.byteLength() - TmHeader.LENGTH;
            in.putBytes(0, c.buffer(), c.offset() + TmHeader.LENGTH, len);
            got[0] = len;
            if (port != null)
            {
                port.postSrqBuffer((UnsafeBuffer)c.buffer(), c.offset(), c.buffer().capacity() - c.offset(), c.wrId());
            }
        }
    }
}
