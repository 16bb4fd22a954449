package io.rankwire.tcp;

import java.util.concurrent.TimeUnit;

import io.netty.util.ResourceLeakDetector;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-message path allocates nothing once warm, in both I/O modes, on any thread
 * involved: the two ranks' threads and every event-loop thread of both transports, read by thread
 * id through HotSpot's per-thread allocation counters. Netty's leak detection runs at its default
 * level, SIMPLE, for the duration (what a user gets; the build otherwise runs PARANOID, which records
 * a stack trace on every access to a buffer): SIMPLE tracks one buffer allocation in 128, so it
 * allocates only where buffers are allocated per message.
 */
class TcpAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int WINDOW = 2_000;
    private static final int WINDOWS = 6;
    /** Bytes allowed in the best window of 2,000 round trips (4,000 messages), for all threads together. */
    private static final long BOUND = 256;

    /**
     * The one data path, plain. (With TLS the JDK's {@code SSLEngine} allocates its result objects
     * per record, see {@link TlsWire}.)
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldAllocateNothingPerMessageWithDefaultLeakDetection() throws Exception
    {
        final ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
        try (TcpJob job = new TcpJob(2, TcpJob.settings()).allDriven())
        {
            final Echo echo = new Echo(job.ranks[1]);
            final Thread echoThread = new Thread(echo, "allocation-echo");
            echoThread.start();
            try
            {
                final Pinger pinger = new Pinger(job.ranks[0]);
                pinger.roundTrips(WARM_UP);
                final ThreadAllocations threads = new ThreadAllocations(echoThread);
                long fewest = Long.MAX_VALUE;
                for (int w = 0; w < WINDOWS; w++)
                {
                    threads.mark();
                    pinger.roundTrips(WINDOW);
                    fewest = Math.min(fewest, threads.sinceMark());
                }
                assertEquals(WARM_UP + WINDOWS * WINDOW, pinger.received);
                assertTrue(fewest <= BOUND, "fewest bytes in a window of " + WINDOW + " round trips on " +
                    threads.threads() + " threads: " + fewest + " (expected: <= " + BOUND + ")");
            }
            finally
            {
                echo.stop = true;
                echoThread.join(10_000);
            }
        }
        finally
        {
            ResourceLeakDetector.setLevel(level);
        }
    }

    /** Rank 0: sends an 8-byte message to rank 1 and polls until the echo is back. */
    private static final class Pinger implements CompletionHandler
    {
        private final TcpTransport rank;
        private final UnsafeBuffer message = TcpJob.message(7, new byte[8]);
        private boolean back;
        int received;

        Pinger(final TcpTransport rank)
        {
            this.rank = rank;
        }

        void roundTrips(final int count)
        {
            for (int i = 0; i < count; i++)
            {
                back = false;
                while (rank.postSend(1, message, 0, message.capacity(), null, 0, 0, i) == ReturnCode.BACK_PRESSURED)
                {
                    rank.poll(this, 16);
                }
                while (!back)
                {
                    if (rank.poll(this, 16) == 0)
                    {
                        TcpJob.idle();
                    }
                }
            }
        }

        @Override
        public void onCompletion(final Completion c)
        {
            if (c.opcode() == CompletionOpcode.RECV && c.byteLength() == message.capacity())
            {
                back = true;
                received++;
            }
        }
    }

    /** Rank 1: sends every received message back to rank 0. */
    private static final class Echo implements Runnable, CompletionHandler
    {
        private final TcpTransport rank;
        volatile boolean stop;

        Echo(final TcpTransport rank)
        {
            this.rank = rank;
        }

        @Override
        public void run()
        {
            while (!stop)
            {
                if (rank.poll(this, 16) == 0)
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
                while (rank.postSend(0, c.buffer(), c.offset(), c.byteLength(), null, 0, 0, 0) == ReturnCode.BACK_PRESSURED)
                {
                    Thread.yield();
                }
            }
        }
    }
}
