package io.rankwire.launch;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(90)
class SimLaunchTest
{
    private static final Pattern COUNTER_LINE = Pattern.compile(
        "\\[(\\d)] rank (\\d) runs=(\\d+) child-thread-rank=(\\d) pid=(\\d+) loader=(\\S+) shared=(\\S+)" +
            " peer-runs=(\\d+)");

    @Test
    void shouldRunFourRanksInOneJvmEachWithItsOwnClassLoader()
    {
        final LaunchFixture.Result r =
            LaunchFixture.rwrun("-np", "4", "--transport", "sim", CounterMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final List<Matcher> lines = r.outLines().stream().map(COUNTER_LINE::matcher).filter(Matcher::matches)
            .collect(Collectors.toList());
        assertEquals(4, lines.size(), r::toString);
        for (final Matcher m : lines)
        {
            final String rank = m.group(1);
            assertEquals(rank, m.group(2), r::toString);
            assertEquals("1", m.group(3), "a rank saw another rank's static state\n" + r);
            assertEquals(rank, m.group(4), "a thread started by a rank lost its environment\n" + r);
            assertEquals("rank-" + rank, m.group(6), r::toString);
            assertEquals("app", m.group(7), r::toString);
            assertEquals("1", m.group(8), r::toString);
        }
        assertEquals(Set.of("0", "1", "2", "3"), lines.stream().map(m -> m.group(1)).collect(Collectors.toSet()));
        assertEquals(1, lines.stream().map(m -> m.group(5)).distinct().count(), "ranks ran in different JVMs\n" + r);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldExchangeThroughSharedInMemoryBootstrap()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "3", "--transport", "sim", "-x", "rankwire.coll.bcast.segmentBytes=4096",
            ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(r.outLines().contains("[" + rank + "] rank " + rank + " of 3 sees [rank-0, rank-1, rank-2]"),
                r::toString);
            assertTrue(r.err.contains("[" + rank + "] rank " + rank + " transport=sim"), r::toString);
            assertTrue(r.out.contains("settings={rankwire.bind=127.0.0.1, rankwire.coll.bcast.segmentBytes=4096, rankwire.job.hosts=1, rankwire.tcp.bind=127.0.0.1}"),
                r::toString);
        }
    }

    @Test
    void shouldFailNamingRankWhoseMainThrows()
    {
        final LaunchFixture.Result r =
            LaunchFixture.rwrun("-np", "4", "--transport", "sim", FailingMain.class.getName());
        assertEquals(1, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 2 failed: uncaught java.lang.IllegalStateException: rank 2 gives up"),
            r::toString);
        assertTrue(r.err.contains("[2] java.lang.IllegalStateException: rank 2 gives up"), r::toString);
        assertTrue(r.err.contains("rwrun: the sim job (4 ranks in one JVM) failed: exit code 1"), r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldReportRankThatCallsSystemExit()
    {
        final LaunchFixture.Result r =
            LaunchFixture.rwrun("-np", "3", "--transport", "sim", ExitingMain.class.getName());
        assertEquals(3, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 1 called System.exit"), r::toString);
        assertTrue(r.err.contains("still running"), r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldKillHangingSimJobAtTimeout()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--transport", "sim", "--timeout", "2s",
            HangingMain.class.getName());
        assertEquals(JobSupervisor.TIMEOUT_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: job timed out after 2s"), r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldHandTheSimJobTheSecretThroughTheEnvironmentOnly()
    {
        final LaunchFixture.Result r =
            LaunchFixture.rwrun("-np", "2", "--transport", "sim", SecretMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertEquals(64, SecretMain.secretOf(r, 0).length(), r::toString);
        assertEquals(SecretMain.secretOf(r, 0), SecretMain.secretOf(r, 1));
        assertTrue(r.outLines().containsAll(List.of("[0] rank 0 arguments-hold-secret=false",
            "[1] rank 1 arguments-hold-secret=false", "[0] rank 0 processes-holding-secret=[]",
            "[1] rank 1 processes-holding-secret=[]")), r::toString);
    }
}
