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
import io.rankwire.MutableStatus;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.jmh.sim.Exchanges;

/**
 * One-way latency of an 8-byte message through the full stack over TCP between two processes
 * on loopback: the benchmark thread is rank 0 and does a blocking {@code send} then a blocking
 * {@code recv}; rank 1, a child JVM ({@link TcpPartnerMain}), echoes. One invocation is a round
 * trip, and {@code @OperationsPerInvocation(2)} makes JMH report half of it (the one-way
 * latency) in every mode, percentiles included. Compare with {@code RawSocketBenchmark.rawPingPong}
 * from the same run and with Open MPI's Java bindings over TCP loopback (about 5.1 us one-way).
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireTcpPingPongBenchmark
{
    /** {@code rankwire.tcp.tls} of both ranks (the same data path, through TLS). */
    @Param({"false"})
    public String tls;

    /** {@code rankwire.idle} of both ranks. */
    @Param({"backoff"})
    public String idle;

    private TcpPair pair;
    private Comm world;
    private final MessageBuffer msg = Exchanges.directMessage(Exchanges.SMALL_BYTES);
    private final MutableStatus status = new MutableStatus();

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        pair = TcpPair.start(TcpBenchSettings.of(idle, tls), Exchanges.Role.ECHO);
        world = pair.rank0().world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException, InterruptedException
    {
        pair.close();
    }

    /** One 8-byte round trip with rank 1. */
    @Benchmark
    @OperationsPerInvocation(2)
    public int tcpPingPong()
    {
        return Exchanges.pingPong(world, msg, status);
    }
}
