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
import io.rankwire.Request;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.sim.Exchanges;

/**
 * 8-byte message rate over TCP between two processes on loopback with a window of 64: rank 0
 * starts 64 {@code isend}s, waits for all, then waits for rank 1's acknowledgement of the window
 * (rank 1 posts 64 {@code irecv}s per window). Reported in messages per microsecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireTcpRateBenchmark
{
    /** {@code rankwire.tcp.tls} of both ranks (the same data path, through TLS). */
    @Param({"false"})
    public String tls;

    private TcpPair pair;
    private Comm world;
    private final MessageBuffer[] window = Exchanges.windowMessages();
    private final Request[] requests = new Request[Exchanges.WINDOW];

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        pair = TcpPair.start(TcpBenchSettings.of("backoff", tls), Exchanges.Role.RATE);
        world = pair.rank0().world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, InterruptedException
    {
        pair.close();
    }

    /** One window of 64 messages and its acknowledgement. */
    @Benchmark
    @OperationsPerInvocation(Exchanges.WINDOW)
    public int tcpRate()
    {
        return Exchanges.rateWindow(world, window, requests);
    }
}
