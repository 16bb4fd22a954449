package io.rankwire.launch;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rank that aborts the job ({@code Rankwire.abort}) ends it with its error code, as under
 * {@code mpirun}: {@code rwrun} says which rank aborted with which code and exits with it, and the
 * other ranks, all connected to it and to each other, log no connection loss or peer failure (the
 * aborting rank closes its connections in order, the others close theirs when told of the abort).
 * A rank killed with SIGKILL is still a fault the others warn about. Real rank JVMs over tcp and shm;
 * the ranks of an in-JVM job (sim) as threads of one JVM.
 */
@Timeout(120)
class AbortTest
{
    private static LaunchFixture.Result run(final String transport, final String... mode)
    {
        final List<String> args = new ArrayList<>(List.of("-np", "3", "--timeout", "60s", "--transport", transport,
            "-x", "rankwire.bootstrapTimeout=600000", AbortMain.class.getName()));
        args.addAll(List.of(mode));
        return LaunchFixture.rwrun(args.toArray(new String[0]));
    }

    @Test
    void shouldEndATcpJobWithTheAbortCodeAndNoConnectionWarnings()
    {
        assertAbortedQuietly("tcp");
    }

    @Test
    void shouldEndAShmJobWithTheAbortCodeAndNoPeerFailureWarnings()
    {
        assertAbortedQuietly("shm");
    }

    @Test
    void shouldEndAnInJvmJobWithTheAbortCode()
    {
        assertAbortedQuietly("sim");
    }

    @Test
    void shouldStillWarnWhenARankOfATcpJobIsKilled()
    {
        final LaunchFixture.Result r = assertKilled("tcp");
        assertTrue(r.err.contains("lost its connection to rank 1"), r::toString);
    }

    @Test
    void shouldStillWarnWhenARankOfAShmJobIsKilled()
    {
        final LaunchFixture.Result r = assertKilled("shm");
        assertTrue(r.err.contains(": rank 1 failed: "), r::toString);
    }

    private static void assertAbortedQuietly(final String transport)
    {
        final LaunchFixture.Result r = run(transport, "abort", "7");
        assertEquals(7, r.code, r::toString);
        assertTrue(r.out.contains("[1] rank 1 ends the job: abort 7"), r::toString);
        assertFalse(r.out.contains("returned from abort"), r::toString);
        assertEquals(1, r.err.lines().filter(l -> l.contains("abort")).count(), r::toString);
        assertTrue(r.err.contains("rwrun: rank 1 called abort with error code 7: ending the job"), r::toString);
        assertFalse(r.err.contains("lost its connection"), r::toString);
        assertFalse(r.err.contains("WARNING"), r::toString);
        // an in-JVM job is one process to the launcher, which says how that process ended
        assertFalse(r.err.replace("rwrun: the sim job (3 ranks in one JVM) failed: exit code 7", "").contains("failed:"),
            r::toString);
        assertFalse(r.err.contains("exited without closing"), r::toString);
        for (final int rank : new int[] {0, 2})
        {
            // told of the abort or killed first: either way no receive succeeded
            assertFalse(r.out.contains("[" + rank + "] rank " + rank + " received?"), r::toString);
        }
        assertTrue(LaunchFixture.liveDescendants().isEmpty(), () -> LaunchFixture.liveDescendants().toString());
    }

    private static LaunchFixture.Result assertKilled(final String transport)
    {
        final LaunchFixture.Result r = run(transport, "kill");
        assertEquals(137, r.code, r::toString);
        assertTrue(r.err.contains("rank 1 failed: exit code 137 (killed by signal 9, SIGKILL)"), r::toString);
        assertFalse(r.err.contains("called abort"), r::toString);
        assertTrue(LaunchFixture.liveDescendants().isEmpty(), () -> LaunchFixture.liveDescendants().toString());
        return r;
    }
}
