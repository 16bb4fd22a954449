package io.rankwire.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.observe.LogCapture;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;
import io.rankwire.spi.ReturnCode;

/**
 * Shared memory that faults under a rank (the JVM's {@code InternalError} for SIGBUS: here a heap
 * file shrunk under every mapping of it) fails the peer whose file it is, with a WARNING naming
 * the file, instead of a raw {@code InternalError} out of {@code poll}; and what a rank reserves:
 * its whole segment at wire-up, its heap as it hands it out. The JVM raises such a fault at the
 * thread's next safepoint after a compiled copy, not at the copy, so which completions of the
 * faulting read were already handed out is not fixed; the peer's failure is.
 */
class ShmMappedFaultTest
{
    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void shouldFailThePeerNamingItsHeapFileWhenASingleCopyReadFaults() throws Exception
    {
        final LogCapture capture = new LogCapture(ShmTransport.class.getName(), null);
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir)))
        {
            // four steps of a single-copy read: the first faults, and the read is still pending when the fault is raised
            final int length = 4 * Reads.DIRECT_STEP;
            final ByteBuffer b = job.ranks[0].allocate(length);
            final var region = job.ranks[0].register(new UnsafeBuffer(b), 0, length);
            job.ranks[0].heap().file.channel().truncate(0);
            final UnsafeBuffer dst = new UnsafeBuffer(new byte[length]);
            assertEquals(ReturnCode.OK, job.ranks[1].postRead(0, region.va(), region.rkey(), length, dst, 0, 9));
            final List<ShmJob.Seen> seen = ShmJob.await(job.ranks[1], 1, s -> s.opcode == CompletionOpcode.PEER_FAILED);
            assertEquals(0, seen.get(seen.size() - 1).peer);
            assertEquals(CompletionStatus.PEER_FAILED, seen.get(seen.size() - 1).status);
            for (int i = 0; i < 100; i++)
            {
                job.ranks[1].poll(c -> { }, 64); // nothing more is read from the failed peer's heap
            }
            assertEquals(ReturnCode.PEER_FAILED, job.ranks[1].postRead(0, region.va(), region.rkey(), length, dst, 0, 10));
            final List<String> warnings = capture.messages(Level.ALL);
            assertTrue(warnings.stream().anyMatch(w -> w.contains("rank 0 failed") &&
                w.contains("a fault on shared memory mapped from " + job.ranks[0].heap().file.path)), warnings.toString());
        }
        finally
        {
            capture.close();
        }
    }

    @Test
    @Timeout(60)
    void shouldReserveTheSegmentAtWireUpAndTheHeapAsItIsHandedOut() throws Exception
    {
        try (ShmJob job = new ShmJob(2, ShmJob.settings(dir)))
        {
            final long segment = RankSegment.size(new ShmSettings(ShmJob.settings(dir)), 2);
            assertEquals(segment, job.ranks[0].sharedMemoryBytes(), "the segment alone");
            final ByteBuffer first = job.ranks[0].allocate(100);
            assertEquals(segment + SharedHeap.RESERVE_STEP, job.ranks[0].sharedMemoryBytes(), "one step of the heap");
            final ByteBuffer big = job.ranks[0].allocate(3 << 20);
            assertEquals(segment + 4 * SharedHeap.RESERVE_STEP, job.ranks[0].sharedMemoryBytes(), "the heap up to its end");
            job.ranks[0].free(big);
            job.ranks[0].allocate(1 << 20);
            assertEquals(segment + 4 * SharedHeap.RESERVE_STEP, job.ranks[0].sharedMemoryBytes(), "reused, not reserved again");
            assertEquals(segment + 4 * SharedHeap.RESERVE_STEP, job.ranks[0].counterValues().get("sharedMemoryBytes"));
            job.ranks[0].free(first);
        }
    }
}
