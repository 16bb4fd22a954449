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
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

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
 * Ping-pong between two threads, one per rank, through the simulated NIC in inline mode (an
 * 8-byte eager message into an SRQ buffer each way), beside the same ping-pong through two
 * Agrona many-to-one rings. The {@code ping} score is the round trip; {@code pong} only echoes.
 * Both threads spin, so the figures need two idle cores to mean anything. Once the measurement
 * stops, ping sends no more, so a partner that has left cannot be flooded.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
public class SimThreadPingPongBenchmark
{
    private static final int PAYLOAD = 8;

    /** Two ranks on one fabric; each thread polls only its own rank. */
    @State(Scope.Group)
    public static class Sim
    {
        SimTransport[] ranks;
        OffloadPort[] ports;
        UnsafeBuffer header;
        UnsafeBuffer payload;
        int srqLength;
        final Echo[] echo = {new Echo(), new Echo()};

        /** Counts RECVs on one rank and reposts their SRQ buffers. */
        final class Echo implements CompletionHandler
        {
            int rank;
            int received;

            @Override
            public void onCompletion(final Completion c)
            {
                if (c.opcode() == CompletionOpcode.RECV)
                {
                    received++;
                    ports[rank].postSrqBuffer((MutableDirectBuffer)c.buffer(), c.offset(), srqLength, c.wrId());
                }
            }
        }

        @Setup(Level.Trial)
        public void setUp()
        {
            final SimFabric fabric = SimFabric.create(2, new SimConfig().maxNumTags(0));
            ranks = new SimTransport[] {fabric.open(0), fabric.open(1)};
            ports = new OffloadPort[] {ranks[0].offloadPort(), ranks[1].offloadPort()};
            srqLength = ranks[0].capabilities().maxMessageSize();
            for (int r = 0; r < 2; r++)
            {
                echo[r].rank = r;
                for (int i = 0; i < 16; i++)
                {
                    ports[r].postSrqBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(srqLength)), 0, srqLength, i);
                }
            }
            header = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH));
            TmHeader.write(header, 0, TmHeader.EAGER, 0, 0, 1);
            payload = new UnsafeBuffer(ByteBuffer.allocateDirect(PAYLOAD));
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            ranks[0].close();
            ranks[1].close();
        }

        void send(final int from, final UnsafeBuffer hdr)
        {
            if (ranks[from].postSend(1 - from, hdr, 0, TmHeader.LENGTH, payload, 0, PAYLOAD, 0) != ReturnCode.OK)
            {
                throw new IllegalStateException("send failed");
            }
        }

        boolean await(final int rank, final Control control)
        {
            final Echo e = echo[rank];
            final int before = e.received;
            while (e.received == before)
            {
                if (control.stopMeasurement)
                {
                    return false;
                }
                ranks[rank].poll(e, 8);
            }
            return true;
        }
    }

    /** Two rings, one per direction, carrying the same 24-byte message. */
    @State(Scope.Group)
    public static class Rings
    {
        ManyToOneRingBuffer[] rings;
        UnsafeBuffer message;
        final UnsafeBuffer dst = new UnsafeBuffer(ByteBuffer.allocateDirect(64));
        final MessageHandler copy = (type, buffer, index, length) -> dst.putBytes(0, buffer, index, length);

        @Setup(Level.Trial)
        public void setUp()
        {
            rings = new ManyToOneRingBuffer[2];
            for (int i = 0; i < 2; i++)
            {
                rings[i] = new ManyToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(
                    (1 << 16) + RingBufferDescriptor.TRAILER_LENGTH)));
            }
            message = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH + PAYLOAD));
        }

        void send(final int to)
        {
            if (!rings[to].write(1, message, 0, TmHeader.LENGTH + PAYLOAD))
            {
                throw new IllegalStateException("ring full");
            }
        }

        boolean await(final int rank, final Control control)
        {
            while (rings[rank].read(copy, 1) == 0)
            {
                if (control.stopMeasurement)
                {
                    return false;
                }
            }
            return true;
        }
    }

    @Benchmark
    @Group("sim")
    @GroupThreads(1)
    public boolean ping(final Sim s, final Control control)
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        s.send(0, s.header);
        return s.await(0, control);
    }

    @Benchmark
    @Group("sim")
    @GroupThreads(1)
    public boolean pong(final Sim s, final Control control)
    {
        if (s.await(1, control))
        {
            s.send(1, s.header);
            return true;
        }
        return false;
    }

    @Benchmark
    @Group("agronaRing")
    @GroupThreads(1)
    public boolean ringPing(final Rings r, final Control control)
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        r.send(1);
        return r.await(0, control);
    }

    @Benchmark
    @Group("agronaRing")
    @GroupThreads(1)
    public boolean ringPong(final Rings r, final Control control)
    {
        if (r.await(1, control))
        {
            r.send(0);
            return true;
        }
        return false;
    }
}
