package io.rankwire.jmh.tcp;

import java.io.IOException;
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

import io.rankwire.Comm;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.sim.Exchanges;

/**
 * Rendezvous bandwidth over TCP between two processes on loopback: rank 0 does a blocking
 * 4 MiB {@code send}, which returns once rank 1 (a child JVM) has read the data from it (READ
 * request, streamed READ_DATA chunks, FIN). {@code @OperationsPerInvocation(4 MiB)} makes the
 * score bytes per second; compare with {@code RawSocketBenchmark.rawStream} from the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireTcpBandwidthBenchmark
{
    /** {@code rankwire.tcp.tls} of both ranks (the same data path, through TLS). */
    @Param({"false"})
    public String tls;

    private TcpPair pair;
    private Comm world;
    private final MessageBuffer msg = Exchanges.directMessage(Exchanges.BULK_BYTES);

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        pair = TcpPair.start(TcpBenchSettings.of("backoff", tls), Exchanges.Role.SINK);
        world = pair.rank0().world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, InterruptedException
    {
        pair.close();
    }

    /** One 4 MiB rendezvous send to rank 1. */
    @Benchmark
    @OperationsPerInvocation(Exchanges.BULK_BYTES)
    public void tcpBandwidth()
    {
        Exchanges.bulkSend(world, msg);
    }
}
