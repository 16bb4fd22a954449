package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import io.netty.util.ResourceLeakDetector;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.MemoryRegion;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rendezvous as the runtime drives it, at the transport's SPI, allocates nothing once warm on
 * any thread involved: rank 0 registers its buffer and sends (va, rkey, length) in a message;
 * rank 1 posts the read (READ_REQUEST, then READ_DATA chunks straight into its buffer), checks the
 * bytes and answers with a message (the FIN); rank 0 closes the region. Direct buffers on both
 * sides, 600,000 bytes (three READ_DATA chunks), Netty's default leak detection, HotSpot's
 * per-thread allocation counters as in {@link TcpAllocationTest}.
 */
class TcpRendezvousAllocationTest
{
    private static final int LENGTH = 600_000;
    private static final int WARM_UP = 3_000;
    private static final int WINDOW = 500;
    private static final int WINDOWS = 6;
    /** Bytes allowed in the best window of 500 rendezvous, for all threads together. */
    private static final long BOUND = 256;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void shouldAllocateNothingPerRendezvousOnceWarm() throws Exception
    {
        final ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
        try (TcpJob job = new TcpJob(2, TcpJob.settings("readChunk", "262144")).allDriven())
        {
            final Reader reader = new Reader(job.ranks[1]);
            final Thread readerThread = new Thread(reader, "allocation-reader");
            readerThread.start();
            try
            {
                final Owner owner = new Owner(job.ranks[0]);
                owner.rendezvous(WARM_UP);
                final ThreadAllocations threads = new ThreadAllocations(readerThread);
                long fewest = Long.MAX_VALUE;
                for (int w = 0; w < WINDOWS; w++)
                {
                    threads.mark();
                    owner.rendezvous(WINDOW);
                    fewest = Math.min(fewest, threads.sinceMark());
                }
                assertEquals(WARM_UP + WINDOWS * WINDOW, owner.fins);
                assertEquals(0, reader.failures, "reads that failed or carried wrong bytes");
                assertTrue(fewest <= BOUND, "fewest bytes in a window of " + WINDOW + " rendezvous on " +
                    threads.threads() + " threads: " + fewest + " (expected: <= " + BOUND + ")");
            }
            finally
            {
                reader.stop = true;
                readerThread.join(10_000);
            }
        }
        finally
        {
            ResourceLeakDetector.setLevel(level);
        }
    }

    /** Rank 0: registers its buffer, announces it, and waits for the FIN to close the region. */
    private static final class Owner implements CompletionHandler
    {
        private final TcpTransport rank;
        private final UnsafeBuffer data = new UnsafeBuffer(ByteBuffer.allocateDirect(LENGTH));
        private final UnsafeBuffer rndv = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH + 16));
        private boolean fin;
        int fins;

        Owner(final TcpTransport rank)
        {
            this.rank = rank;
            for (int i = 0; i < LENGTH; i++)
            {
                data.putByte(i, (byte)(i * 31 + 7));
            }
            TmHeader.write(rndv, 0, TmHeader.EAGER, 0, 0, 1);
        }

        void rendezvous(final int count)
        {
            for (int i = 0; i < count; i++)
            {
                final MemoryRegion region = rank.register(data, 0, LENGTH);
                rndv.putLong(TmHeader.LENGTH, region.va());
                rndv.putInt(TmHeader.LENGTH + 8, region.rkey());
                rndv.putInt(TmHeader.LENGTH + 12, LENGTH);
                fin = false;
                while (rank.postSend(1, rndv, 0, rndv.capacity(), null, 0, 0, i) == ReturnCode.BACK_PRESSURED)
                {
                    rank.poll(this, 16);
                }
                while (!fin)
                {
                    if (rank.poll(this, 16) == 0)
                    {
                        TcpJob.idle();
                    }
                }
                region.close();
            }
        }

        @Override
        public void onCompletion(final Completion c)
        {
            if (c.opcode() == CompletionOpcode.RECV)
            {
                fin = true;
                fins++;
            }
        }
    }

    /** Rank 1: reads each announced region into its buffer, checks a few bytes, answers with a FIN. */
    private static final class Reader implements Runnable, CompletionHandler
    {
        private final TcpTransport rank;
        private final UnsafeBuffer into = new UnsafeBuffer(ByteBuffer.allocateDirect(LENGTH));
        private final UnsafeBuffer finMessage = TcpJob.message(2, new byte[8]);
        private long va;
        private int rkey;
        private boolean announced;
        private boolean readDone;
        volatile boolean stop;
        volatile int failures;

        Reader(final TcpTransport rank)
        {
            this.rank = rank;
        }

        @Override
        public void run()
        {
            while (!stop)
            {
                if (announced)
                {
                    announced = false;
                    readDone = false;
                    into.setMemory(0, 16, (byte)0);
                    into.setMemory(LENGTH - 16, 16, (byte)0);
                    while (rank.postRead(0, va, rkey, LENGTH, into, 0, 0) == ReturnCode.BACK_PRESSURED)
                    {
                        rank.poll(this, 16);
                    }
                    while (!readDone && !stop)
                    {
                        if (rank.poll(this, 16) == 0)
                        {
                            Thread.yield();
                        }
                    }
                    if (into.getByte(1) != (byte)(31 + 7) || into.getByte(LENGTH - 1) != (byte)((LENGTH - 1) * 31 + 7))
                    {
                        failures++;
                    }
                    while (rank.postSend(0, finMessage, 0, finMessage.capacity(), null, 0, 0, 0) == ReturnCode.BACK_PRESSURED)
                    {
                        rank.poll(this, 16);
                    }
                }
                else if (rank.poll(this, 16) == 0)
                {
                    Thread.yield();
                }
            }
        }

        @Override
        public void onCompletion(final Completion c)
        {
            if (c.opcode() == CompletionOpcode.RECV)
            {
                va = c.buffer().getLong(c.offset() + TmHeader.LENGTH);
                rkey = c.buffer().getInt(c.offset() + TmHeader.LENGTH + 8);
                announced = true;
            }
            else if (c.opcode() == CompletionOpcode.READ)
            {
                if (c.status() != CompletionStatus.SUCCESS)
                {
                    failures++;
                }
                readDone = true;
            }
        }
    }
}
