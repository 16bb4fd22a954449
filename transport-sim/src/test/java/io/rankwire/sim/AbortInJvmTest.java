package io.rankwire.sim;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where ranks share one JVM as threads ({@link LocalJob}), {@link Rankwire#abort} ends only the calling rank, by
 * throwing, and the job with it: the other ranks hear of the abort at once (their calls fail, also
 * a receive from the aborting rank that would otherwise wait for ever) and the job fails naming the
 * aborting rank and its error code. Process-per-rank jobs are tested through the launcher
 * ({@code AbortTest}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AbortInJvmTest
{
    @Test
    void shouldEndTheJobNamingTheAbortingRankAndItsCode()
    {
        final AtomicInteger returnedFromAbort = new AtomicInteger();
        final AtomicInteger received = new AtomicInteger();
        final RankwireException e = assertThrows(RankwireException.class, () -> LocalJob.run(3, "sim", rw ->
        {
            rw.world().barrier();
            if (rw.rank() == 1)
            {
                rw.abort(5);
                returnedFromAbort.incrementAndGet();
            }
            rw.world().recv(new byte[4], 0, 4, 1, 0);
            received.incrementAndGet();
        }));
        final StringBuilder chain = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause())
        {
            chain.append(t).append('\n');
        }
        assertTrue(chain.toString().contains("rank 1 aborted the job with error code 5"), chain::toString);
        assertEquals(0, returnedFromAbort.get());
        assertEquals(0, received.get());
    }

    @Test
    void shouldNameTheAbortEvenWhenAnotherRanksFailureCameFirst()
    {
        final RankwireException e = assertThrows(RankwireException.class, () -> LocalJob.run(2, "sim", rw ->
        {
            rw.world().barrier();
            if (rw.rank() == 1)
            {
                try
                {
                    rw.abort(7);
                }
                catch (final RankwireException aborted)
                {
                    Thread.sleep(300); // rank 0's failed receive is recorded first
                    throw aborted;
                }
            }
            rw.world().recv(new byte[4], 0, 4, 1, 0);
        }));
        assertTrue(e.getMessage().contains("rank 1 aborted the job with error code 7"), e::getMessage);
    }
}
