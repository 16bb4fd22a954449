package io.rankwire.launch;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(90)
class RwrunTest
{
    @Test
    void shouldRunFourRanksThatExchangeThroughBootstrapWithTaggedOutput()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "4", ExchangeMain.class.getName(), "a", "b c");
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            assertTrue(r.outLines().contains(
                "[" + rank + "] rank " + rank + " of 4 sees [rank-0, rank-1, rank-2, rank-3]"),
                r::toString);
            assertTrue(r.err.contains("[" + rank + "] rank " + rank + " transport=auto args=[a, b c]"), r::toString);
        }
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldKillJobAndNameRankWhenOneRankFails()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "4", FailingMain.class.getName(), "--grandchild");
        assertEquals(1, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: rank 2 failed: exit code 1"), r::toString);
        assertTrue(r.err.contains("[2] Exception in thread \"main\" java.lang.IllegalStateException: rank 2 gives up"),
            r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
        final long grandchild = Long.parseLong(r.outLines().stream().filter(l -> l.startsWith("[0] grandchild "))
            .findFirst().orElseThrow().substring("[0] grandchild ".length()));
        final Optional<ProcessHandle> sleeper = ProcessHandle.of(grandchild);
        assertFalse(sleeper.isPresent() && sleeper.get().isAlive(), "rank 0's child process outlived the job");
    }

    @Test
    void shouldKillHangingJobAtTimeout()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--timeout", "2s", HangingMain.class.getName());
        assertEquals(JobSupervisor.TIMEOUT_EXIT, r.code, r::toString);
        assertTrue(r.err.contains("rwrun: job timed out after 2s; killing rank 0, rank 1"), r::toString);
        assertEquals(List.of(), LaunchFixture.liveDescendants());
    }

    @Test
    void shouldPassExportedVariablesAndSettingsToRanks()
    {
        final Map<String, String> env = new TreeMap<>(System.getenv());
        env.put("RW_TEST_VAR", "from-launcher");
        final List<String> args = new java.util.ArrayList<>(LaunchFixture.LIGHT_JVM);
        args.addAll(List.of("-cp", LaunchFixture.testClasses(), "-np", "2", "--no-tag-output",
            "-x", "RW_TEST_VAR", "-x", "rankwire.eagerLimit=4096", ExchangeMain.class.getName()));
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(env, args.toArray(new String[0]));
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(r.outLines().contains("rank " + rank +
                " RW_TEST_VAR=from-launcher settings={rankwire.bind=127.0.0.1, rankwire.eagerLimit=4096," +
                " rankwire.job.hosts=1, rankwire.tcp.bind=127.0.0.1}"),
                r::toString);
        }
    }

    @Test
    void shouldGiveExplicitValueOfExportedVariable()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "1", "-x", "RW_TEST_VAR=given=with=equals",
            ExchangeMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith("rank 0 RW_TEST_VAR=given=with=equals ")),
            r::toString);
    }

    @Test
    void shouldHandRanksTheSecretThroughTheEnvironmentOnly()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", SecretMain.class.getName());
        assertEquals(0, r.code, r::toString);
        assertEquals(64, SecretMain.secretOf(r, 0).length(), r::toString);
        assertEquals(SecretMain.secretOf(r, 0), SecretMain.secretOf(r, 1));
        assertTrue(r.outLines().containsAll(List.of("[0] rank 0 arguments-hold-secret=false",
            "[1] rank 1 arguments-hold-secret=false", "[0] rank 0 processes-holding-secret=[]",
            "[1] rank 1 processes-holding-secret=[]")), r::toString);
    }
}
