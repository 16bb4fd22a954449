package io.rankwire.jmh.sim;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import io.rankwire.proto.TmHeader;
import io.rankwire.sim.SimConfig;
import io.rankwire.sim.SimFabric;
import io.rankwire.sim.SimTransport;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.OffloadPort;
import io.rankwire.spi.ReturnCode;

/**
 * Round trips through the raw simulated NIC (transport SPI, inline mode, one thread driving both
 * ranks), beside the same round trip through two Agrona rings (the baseline: the cost of a
 * copy in and a copy out through a many-to-one ring):
 *
 * <ul>
 *   <li>{@code srqRoundTrip}: eager message into a plain SRQ buffer (the unexpected path, and
 *       every message without offload), SRQ buffer reposted;</li>
 *   <li>{@code taggedRoundTrip}: ADD a tagged buffer, eager message matched and placed by the
 *       NIC (TM_ADD and TM_RECV completions);</li>
 *   <li>{@code agronaRingRoundTrip}: header and payload written into one ring, read and copied
 *       out, then back through a second ring.</li>
 * </ul>
 *
 * Run: {@code java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -jar jmh/target/benchmarks.jar SimPingPong}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
@State(Scope.Thread)
public class SimPingPongBenchmark
{
    private static final long TAG = 0x1234_5678L;

    @Param({"8", "1024"})
    int payloadSize;

    private SimTransport[] ranks;
    private OffloadPort[] ports;
    private UnsafeBuffer header;
    private UnsafeBuffer payload;
    private UnsafeBuffer[] tagged;
    private int srqLength;
    private final Counter counter = new Counter();

    private ManyToOneRingBuffer ringOut;
    private ManyToOneRingBuffer ringBack;
    private UnsafeBuffer ringDst;
    private MessageHandler ringCopy;

    /** Counts received completions and reposts SRQ buffers as software does. */
    private final class Counter implements CompletionHandler
    {
        int rank;
        int received;

        @Override
        public void onCompletion(final Completion c)
        {
            final int op = c.opcode();
            if (op == CompletionOpcode.RECV)
            {
                received++;
                ports[rank].postSrqBuffer((MutableDirectBuffer)c.buffer(), c.offset(), srqLength, c.wrId());
            }
            else if (op == CompletionOpcode.TM_RECV)
            {
                received++;
            }
        }
    }

    @Setup(Level.Trial)
    public void setUp()
    {
        final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(16).eagerLimit(8192));
        ranks = new SimTransport[] {fabric.open(0), fabric.open(1)};
        ports = new OffloadPort[] {ranks[0].offloadPort(), ranks[1].offloadPort()};
        srqLength = ranks[0].capabilities().maxMessageSize();
        for (int r = 0; r < 2; r++)
        {
            for (int i = 0; i < 8; i++)
            {
                ports[r].postSrqBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(srqLength)), 0, srqLength, i);
            }
        }
        header = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH));
        TmHeader.write(header, 0, TmHeader.EAGER, 0, 0, TAG);
        payload = new UnsafeBuffer(ByteBuffer.allocateDirect(payloadSize));
        tagged = new UnsafeBuffer[] {
            new UnsafeBuffer(ByteBuffer.allocateDirect(payloadSize)),
            new UnsafeBuffer(ByteBuffer.allocateDirect(payloadSize))};

        ringOut = new ManyToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(
            (1 << 16) + RingBufferDescriptor.TRAILER_LENGTH)));
        ringBack = new ManyToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(
            (1 << 16) + RingBufferDescriptor.TRAILER_LENGTH)));
        ringDst = new UnsafeBuffer(ByteBuffer.allocateDirect(srqLength));
        ringCopy = (type, buffer, index, length) -> ringDst.putBytes(0, buffer, index, length);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        ranks[0].close();
        ranks[1].close();
    }

    private void hop(final int from, final int to)
    {
        if (ranks[from].postSend(to, header, 0, TmHeader.LENGTH, payload, 0, payloadSize, 0) != ReturnCode.OK)
        {
            throw new IllegalStateException("send failed");
        }
        counter.rank = to;
        counter.received = 0;
        while (counter.received == 0)
        {
            ranks[to].poll(counter, 8);
        }
    }

    @Benchmark
    public int srqRoundTrip()
    {
        hop(0, 1);
        hop(1, 0);
        return counter.received;
    }

    @Benchmark
    public int taggedRoundTrip()
    {
        add(1);
        hop(0, 1);
        add(0);
        hop(1, 0);
        return counter.received;
    }

    private void add(final int rank)
    {
        if (ports[rank].postAdd(0, TAG, -1L, tagged[rank], 0, payloadSize, rank, 0) != ReturnCode.OK)
        {
            throw new IllegalStateException("ADD refused");
        }
    }

    @Benchmark
    public int agronaRingRoundTrip()
    {
        return ringHop(ringOut) + ringHop(ringBack);
    }

    private int ringHop(final ManyToOneRingBuffer ring)
    {
        final int index = ring.tryClaim(1, TmHeader.LENGTH + payloadSize);
        final MutableDirectBuffer b = ring.buffer();
        b.putBytes(index, header, 0, TmHeader.LENGTH);
        b.putBytes(index + TmHeader.LENGTH, payload, 0, payloadSize);
        ring.commit(index);
        int read;
        while ((read = ring.read(ringCopy, 1)) == 0)
        {
            // a record that wrapped past the end follows a padding record: read again
        }
        return read;
    }
}
