package io.rankwire.jmh.baseline;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The ceiling for in-JVM bulk transfer: one 4 MiB copy per invocation, between two direct
 * buffers ({@link UnsafeBuffer#putBytes}) and between two heap arrays
 * ({@link System#arraycopy}). {@code @OperationsPerInvocation(4 MiB)} makes the score bytes per
 * second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class MemcpyBenchmark
{
    /** The bulk message size of every bandwidth benchmark. */
    public static final int BULK_BYTES = 4 << 20;

    private final UnsafeBuffer directSrc = new UnsafeBuffer(ByteBuffer.allocateDirect(BULK_BYTES));
    private final UnsafeBuffer directDst = new UnsafeBuffer(ByteBuffer.allocateDirect(BULK_BYTES));
    private final byte[] heapSrc = new byte[BULK_BYTES];
    private final byte[] heapDst = new byte[BULK_BYTES];

    /** 4 MiB direct-to-direct copy. */
    @Benchmark
    @OperationsPerInvocation(BULK_BYTES)
    public byte unsafeBufferPutBytes()
    {
        directDst.putBytes(0, directSrc, 0, BULK_BYTES);
        return directDst.getByte(BULK_BYTES - 1);
    }

    /** 4 MiB heap-to-heap copy. */
    @Benchmark
    @OperationsPerInvocation(BULK_BYTES)
    public byte systemArraycopy()
    {
        System.arraycopy(heapSrc, 0, heapDst, 0, BULK_BYTES);
        return heapDst[BULK_BYTES - 1];
    }
}
