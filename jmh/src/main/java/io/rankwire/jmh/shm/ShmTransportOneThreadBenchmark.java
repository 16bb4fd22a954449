package io.rankwire.jmh.shm;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
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

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportProvider;

/**
 * The shm transport's own CPU cost per 8-byte message, without the runtime and without a second
 * thread: the benchmark thread posts an eager message from rank 0 to rank 1 (two transports of
 * this JVM, wired up over one job directory) and polls rank 1 until it is delivered, then the
 * same back. {@code doorbell=socket} includes each send's look at the receiver's sleeping flag
 * (a load) and the receiver's sleeper bookkeeping; {@code none} has no doorbell. Compare with
 * {@code RingOneThreadBenchmark} (the bare Agrona ring). Scores are per message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class ShmTransportOneThreadBenchmark
{
    /** {@code rankwire.shm.doorbell} of both ranks. */
    @Param({"socket", "none"})
    public String doorbell;

    private Transport[] ranks;
    private final UnsafeBuffer header = new UnsafeBuffer(new byte[TmHeader.LENGTH]);
    private final UnsafeBuffer payload = new UnsafeBuffer(new byte[8]);
    private final long[] seen = new long[1];
    private final CompletionHandler handler = c -> seen[0] += c.byteLength();

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException
    {
        final TransportProvider provider = ServiceLoader.load(TransportProvider.class).stream()
            .map(ServiceLoader.Provider::get).filter(p -> "shm".equals(p.name())).findFirst().orElseThrow();
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final String jobId = "bench-" + UUID.randomUUID();
        ranks = new Transport[2];
        for (int r = 0; r < 2; r++)
        {
            ranks[r] = provider.open(new TransportContext(r, 2, jobId, new byte[16], bootstrap.forRank(r),
                Map.of("rankwire.shm.doorbell", doorbell), () -> { }));
        }
        final Thread other = new Thread(ranks[1]::wireUp);
        other.start();
        ranks[0].wireUp();
        other.join();
        TmHeader.write(header, 0, TmHeader.EAGER, 0, 0, 7L);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        ranks[0].close();
        ranks[1].close();
    }

    /** An 8-byte message to rank 1 and polled there, then one back to rank 0. */
    @Benchmark
    @OperationsPerInvocation(2)
    public long sendAndPoll()
    {
        ranks[0].postSend(1, header, 0, TmHeader.LENGTH, payload, 0, 8, 0);
        while (ranks[1].poll(handler, 64) == 0)
        {
            Thread.onSpinWait();
        }
        ranks[1].postSend(0, header, 0, TmHeader.LENGTH, payload, 0, 8, 0);
        while (ranks[0].poll(handler, 64) == 0)
        {
            Thread.onSpinWait();
        }
        return seen[0];
    }
}
