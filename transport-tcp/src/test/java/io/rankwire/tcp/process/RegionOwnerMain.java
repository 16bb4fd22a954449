package io.rankwire.tcp.process;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.conformance.FileBootstrap;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.tcp.TcpTransportProvider;

/**
 * A rank in its own JVM for {@link KilledPeerTest}: opens a TCP transport through a
 * {@link FileBootstrap}, registers {@value #REGION_BYTES} bytes and publishes the region under
 * {@code region} ({@code va u64 | rkey u32 | length u32}), then serves reads until it is killed.
 * It exits by itself when its standard input closes (the test JVM went away) or after two minutes,
 * so it never outlives the test.
 *
 * <p>Arguments: {@code dir rank size jobId secretHex}.
 */
final class RegionOwnerMain
{
    static final int REGION_BYTES = 16 << 20;

    private RegionOwnerMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rank = Integer.parseInt(args[1]);
        final int size = Integer.parseInt(args[2]);
        final TransportContext context = new TransportContext(rank, size, args[3], HexFormat.of().parseHex(args[4]),
            new FileBootstrap(Path.of(args[0]), rank, size),
            Map.of("rankwire.tcp.bind", "127.0.0.1", "rankwire.tcp.connect", "eager",
                "rankwire.tcp.tls", Boolean.toString(args.length > 5 && "tls".equals(args[5]))), () -> { });
        final Transport transport = new TcpTransportProvider().open(context);
        transport.wireUp();
        final UnsafeBuffer memory = new UnsafeBuffer(ByteBuffer.allocateDirect(REGION_BYTES));
        final MemoryRegion region = transport.register(memory, 0, REGION_BYTES);
        final ByteBuffer published = ByteBuffer.allocate(16).putLong(region.va()).putInt(region.rkey()).putInt(REGION_BYTES);
        context.bootstrap().put("region", published.array());
        final Thread watchdog = new Thread(() ->
        {
            try
            {
                while (System.in.read() >= 0)
                {
                    continue;
                }
            }
            catch (final java.io.IOException e)
            {
                // the parent is gone either way
            }
            Runtime.getRuntime().halt(3);
        }, "stdin-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        final long end = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < end)
        {
            transport.poll(c -> { }, 64);
            Thread.sleep(5);
        }
        Runtime.getRuntime().halt(4);
    }
}
