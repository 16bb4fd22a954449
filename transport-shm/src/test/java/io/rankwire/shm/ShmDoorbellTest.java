package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.ReturnCode;

/**
 * A waiting rank sleeps in the kernel and wakes when a peer publishes something for it, when its
 * own process asks ({@code wakeAwait}), never misses a frame published as it goes to sleep, and
 * without a doorbell leaves the waiting to the runtime.
 */
class ShmDoorbellTest
{
    private static final long LONG_WAIT = TimeUnit.SECONDS.toNanos(60);

    @TempDir
    Path dir;

    /** Calls {@code awaitActivity} on {@code rank} until {@code done} says so; returns the calls made. */
    private static CompletableFuture<Integer> sleepUntil(final ShmTransport rank, final java.util.function.BooleanSupplier done)
    {
        return CompletableFuture.supplyAsync(() ->
        {
            int calls = 0;
            while (!done.getAsBoolean())
            {
                assertTrue(rank.awaitActivity(LONG_WAIT));
                calls++;
            }
            return calls;
        });
    }

    /** Waits until {@code rank} has set its sleeping flag. */
    private static void awaitSleeping(final ShmJob job, final int rank)
    {
        while (job.ranks[rank].peer(rank).segment.control.getIntVolatile(RankSegment.SLEEPING_OFFSET) == 0)
        {
            Thread.onSpinWait();
        }
    }

    @Test
    @Timeout(60)
    void shouldWakeASleepingRankWhenAPeerSendsToIt() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "spinMicros", "0")))
        {
            final CompletableFuture<Integer> sleeper = sleepUntil(job.ranks[1], job.ranks[1]::mayHaveCompletions);
            awaitSleeping(job, 1);
            assertFalse(sleeper.isDone());
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, ShmTransportTest.eager(3), 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertTrue(sleeper.get() >= 1);
            assertEquals(1L, job.ranks[0].counterValues().get("doorbellsRung"));
            assertTrue(job.ranks[1].counterValues().get("doorbellSleeps") >= 1);
            assertEquals(3, ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.RECV).get(0).tag());
        }
    }

    @Test
    @Timeout(60)
    void shouldWakeASleepingRankFromItsOwnProcess() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "spinMicros", "0")))
        {
            final AtomicBoolean woken = new AtomicBoolean();
            final CompletableFuture<Integer> sleeper = sleepUntil(job.ranks[1], woken::get);
            awaitSleeping(job, 1);
            woken.set(true);
            job.ranks[1].wakeAwait();
            assertTrue(sleeper.get() >= 1);
            assertEquals(0L, job.ranks[0].counterValues().get("doorbellsRung"));
        }
    }

    @Test
    @Timeout(120)
    void shouldNeverSleepThroughAFramePublishedAsItGoesToSleep() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "spinMicros", "0")))
        {
            for (int i = 0; i < 2000; i++)
            {
                final int tag = i;
                final CompletableFuture<Integer> sleeper = sleepUntil(job.ranks[1], job.ranks[1]::mayHaveCompletions);
                for (int k = 0; k < (i & 63); k++)
                {
                    Thread.onSpinWait();
                }
                assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, ShmTransportTest.eager(tag), 0, TmHeader.LENGTH, null, 0, 0, 0));
                sleeper.get(30, TimeUnit.SECONDS);
                assertEquals(tag, ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.RECV).get(0).tag());
            }
            assertEquals(0L, job.ranks[1].counterValues().get("lateWakeups")); // no sleep ran past its frame to its end
        }
    }

    @Test
    @Timeout(60)
    void shouldLeaveWaitingToTheRuntimeWithoutADoorbell() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir, "doorbell", "none")))
        {
            assertFalse(job.ranks[1].awaitActivity(LONG_WAIT));
            assertEquals(ReturnCode.OK, job.ranks[0].postSend(1, ShmTransportTest.eager(1), 0, TmHeader.LENGTH, null, 0, 0, 0));
            assertEquals(0L, job.ranks[0].counterValues().get("doorbellsRung"));
        }
    }

    @Test
    @Timeout(60)
    void shouldLeaveTheSpinningToTheSleeperWithADoorbell() throws Exception
    {
        try (ShmJob job = new ShmJob(1, ShmJob.settings(dir, "spinMicros", "40")))
        {
            assertEquals(ShmTransport.RUNTIME_SPIN_MICROS, job.ranks[0].idleSpinMicros());
        }
        try (ShmJob job = new ShmJob(1, ShmJob.settings(dir, "spinMicros", "1")))
        {
            assertEquals(1, job.ranks[0].idleSpinMicros());
        }
        try (ShmJob job = new ShmJob(1, ShmJob.settings(dir, "spinMicros", "40", "doorbell", "none")))
        {
            assertEquals(40, job.ranks[0].idleSpinMicros());
        }
    }
}
