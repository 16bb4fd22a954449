package io.rankwire.jmh.sim;

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

/**
 * Rendezvous bandwidth over {@code sim} (inline mode): rank 0 does a blocking 4 MiB
 * {@code send} (it returns once rank 1 holds the data and FIN came back), rank 1 receives in a
 * loop on a partner thread. With offload on, the receiving NIC matches the RNDV request and does
 * the RDMA-read itself; with it off, rank 1's software matches and posts the read.
 * {@code @OperationsPerInvocation(4 MiB)} makes the score bytes per second; compare with
 * {@code MemcpyBenchmark} from the same run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class RankwireSimBandwidthBenchmark
{
    /** {@code on}: default TM-SRQ capabilities; {@code off}: {@code rankwire.sim.maxNumTags=0}. */
    @Param({"on", "off"})
    public String offload;

    private InJvmPair pair;
    private Comm world;
    private final MessageBuffer msg = Exchanges.directMessage(Exchanges.BULK_BYTES);

    @Setup(Level.Trial)
    public void setUp()
    {
        pair = InJvmPair.start(SimSettings.of(offload, "backoff"), Exchanges.Role.SINK);
        world = pair.rank0().world();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException
    {
        pair.close();
    }

    /** One 4 MiB rendezvous send to rank 1. */
    @Benchmark
    @OperationsPerInvocation(Exchanges.BULK_BYTES)
    public void simBandwidth()
    {
        Exchanges.bulkSend(world, msg);
    }
}
