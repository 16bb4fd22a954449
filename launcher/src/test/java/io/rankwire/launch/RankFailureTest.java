package io.rankwire.launch;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rank that fails ends the job within seconds, whatever the others are doing, and the launcher
 * reports it once: one summary box (rank, host, exit code, the first lines of its error) as Open
 * MPI's, while the other ranks' consequent failures are one line each, not stack traces. Real
 * jobs of rank JVMs ({@link RankFailureMain}).
 */
@Timeout(120)
class RankFailureTest
{
    /** Far below the closing rendezvous's 60 s limit that a failing rank used to wait out. */
    private static final long WITHIN_MILLIS = 30_000;

    private static LaunchFixture.Result run(final String... args)
    {
        return LaunchFixture.rwrun(args);
    }

    private static long timed(final Runnable job)
    {
        final long start = System.nanoTime();
        job.run();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    /** The lines of the other ranks' stack traces (their frames) on stderr. */
    private static List<String> survivorFrames(final LaunchFixture.Result r)
    {
        return r.err.lines().filter(l -> (l.startsWith("[0] ") || l.startsWith("[2] ")) &&
            l.substring(4).matches("\\s+at .*|\\s*\\.\\.\\. \\d+ more|\\s*Caused by: .*")).toList();
    }

    @Test
    void exitCodeShouldBeSummarisedInOneBoxAndTheOthersFailuresInOneLineEach()
    {
        final LaunchFixture.Result r = run("-np", "3", "--timeout", "60s", RankFailureMain.class.getName(), "exit");
        assertEquals(3, r.code, r::toString);
        assertTrue(r.err.contains("rwrun detected that one or more processes exited with non-zero status,\n" +
            "thus causing the job to be terminated. The first process to do so was:\n\n" +
            "  Rank:       1\n  Host:       " + FailureSummary.hostName() + "\n  Exit code:  3\n" +
            "  Error:      (nothing on stderr)\n"), r::toString);
        assertEquals(List.of(), survivorFrames(r), r::toString);
        for (final String rank : List.of("[0] ", "[2] "))
        {
            assertTrue(r.err.lines().filter(l -> l.startsWith(rank)).count() <= 2, r::toString);
        }
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void aRankThatThrowsWhileTheOthersWaitOnEachOtherShouldEndTheJobWithinSeconds()
    {
        final LaunchFixture.Result[] r = new LaunchFixture.Result[1];
        final long millis = timed(() -> r[0] = run("-np", "3", "--transport", "tcp", "--timeout", "100s",
            "-x", "rankwire.bootstrapTimeout=60s", RankFailureMain.class.getName(), "throw-pair"));
        assertEquals(1, r[0].code, r[0]::toString);
        assertTrue(millis < WITHIN_MILLIS, () -> millis + " ms\n" + r[0]);
        assertTrue(r[0].err.contains("  Rank:       1\n"), r[0]::toString);
        assertTrue(r[0].err.contains("  Error:      Exception in thread \"main\" java.lang.IllegalStateException: " +
            "rank 1 gives up\n"), r[0]::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void aRankThatThrowsWhileTheOthersWaitOnItOrStartShouldEndTheJobWithinSeconds()
    {
        for (final String mode : List.of("throw-recv", "throw-init"))
        {
            final LaunchFixture.Result[] r = new LaunchFixture.Result[1];
            final long millis = timed(() -> r[0] = run("-np", "3", "--timeout", "100s",
                RankFailureMain.class.getName(), mode));
            assertEquals(1, r[0].code, r[0]::toString);
            assertTrue(millis < WITHIN_MILLIS, () -> millis + " ms\n" + r[0]);
            assertTrue(r[0].err.contains("  Rank:       1\n"), r[0]::toString);
            assertEquals(List.of(), survivorFrames(r[0]), r[0]::toString);
        }
    }
}
