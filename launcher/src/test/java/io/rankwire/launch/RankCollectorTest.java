package io.rankwire.launch;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(90)
class RankCollectorTest
{
    /** The names of the serial collector's two generations, as the rank's JVM reports them. */
    private static final String SERIAL_NAMES = "Copy,MarkSweepCompact";

    @Test
    void shouldGiveRanksUnderTwoCpusEachTheSerialCollector()
    {
        assertEquals(List.of(RankCollector.SERIAL), RankCollector.options(List.of(), Map.of(), 2, 2));
        assertEquals(List.of(RankCollector.SERIAL), RankCollector.options(List.of(), Map.of(), 8, 15));
        assertEquals(List.of(RankCollector.SERIAL), RankCollector.options(List.of("-Xmx1g"), Map.of(), 3, 2));
    }

    @Test
    void shouldLeaveTheJvmChoiceToRanksWithTwoCpusOrMoreOrAnUnknownHost()
    {
        assertEquals(List.of(), RankCollector.options(List.of(), Map.of(), 1, 2));
        assertEquals(List.of(), RankCollector.options(List.of(), Map.of(), 8, 16));
        assertEquals(List.of(), RankCollector.options(List.of(), Map.of(), 4, -1));
        assertEquals(List.of(), RankCollector.options(List.of(), Map.of(), 0, 2));
    }

    @Test
    void shouldKeepACollectorTheJobNamesInOptionsOrTheJvmVariables()
    {
        assertTrue(RankCollector.namesCollector(List.of("-XX:+UseParallelGC"), Map.of()));
        assertTrue(RankCollector.namesCollector(List.of("-Xmx1g", "-XX:-UseG1GC"), Map.of()));
        assertTrue(RankCollector.namesCollector(List.of(), Map.of(RankCollector.TOOL_OPTIONS, "-Xss1m -XX:+UseZGC")));
        assertTrue(RankCollector.namesCollector(List.of(), Map.of(RankCollector.JDK_OPTIONS, "-XX:+UseShenandoahGC")));
        assertTrue(RankCollector.namesCollector(List.of(), Map.of(RankCollector.UNDERSCORE_OPTIONS, "-XX:+UseSerialGC")));
        assertEquals(List.of(), RankCollector.options(List.of("-XX:+UseG1GC"), Map.of(), 2, 2));
        assertEquals(List.of(), RankCollector.options(List.of(), Map.of(RankCollector.TOOL_OPTIONS, "-XX:+UseG1GC"), 2, 2));
    }

    @Test
    void shouldGiveARemoteHostTwiceItsRanksAsTheCpuThresholdUnlessTheJobNamesACollector()
    {
        assertEquals(4, RankCollector.serialBelow(List.of(), Map.of(), 2));
        assertEquals(2, RankCollector.serialBelow(List.of("-Xmx1g"), Map.of(), 1));
        assertEquals(0, RankCollector.serialBelow(List.of(), Map.of(), 0));
        assertEquals(0, RankCollector.serialBelow(List.of("-XX:+UseZGC"), Map.of(), 2));
        assertEquals(0, RankCollector.serialBelow(List.of(), Map.of(RankCollector.TOOL_OPTIONS, "-XX:+UseG1GC"), 2));
    }

    @Test
    void shouldNotTakeOtherFlagsForACollector()
    {
        assertFalse(RankCollector.namesCollector(
            List.of("-XX:+UseGCOverheadLimit", "-XX:+UseCompressedOops", "-XX:+UseStringDeduplication", "-Xlog:gc"),
            Map.of("JAVA_HOME", "/opt/UseG1GC", RankCollector.TOOL_OPTIONS, "-XX:+UseNUMA")));
    }

    @Test
    void shouldStartRankJvmsWithTheCollectorForTheirShareOfThisHost()
    {
        final Map<String, String> env = withoutJvmVariables();
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(env, "-np", "2", "-J-XX:TieredStopAtLevel=1", "-J-Xmx64m",
            "-cp", LaunchFixture.testClasses(), CollectorMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final boolean serial = Runtime.getRuntime().availableProcessors() < 4;
        for (int rank = 0; rank < 2; rank++)
        {
            final String line = "[" + rank + "] rank " + rank + " gc=" + SERIAL_NAMES;
            assertEquals(serial, r.outLines().contains(line), () -> "expected serial=" + serial + "\n" + r);
        }
    }

    @Test
    void shouldStartRankJvmsWithTheCollectorTheJobNames()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrunRaw(withoutJvmVariables(), "-np", "2",
            "-J-XX:TieredStopAtLevel=1", "-J-Xmx64m", "-J-XX:+UseParallelGC",
            "-cp", LaunchFixture.testClasses(), CollectorMain.class.getName());
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 2; rank++)
        {
            assertTrue(r.outLines().contains("[" + rank + "] rank " + rank + " gc=PS MarkSweep,PS Scavenge"), r::toString);
        }
    }

    private static Map<String, String> withoutJvmVariables()
    {
        final Map<String, String> env = new TreeMap<>(System.getenv());
        env.remove(RankCollector.TOOL_OPTIONS);
        env.remove(RankCollector.JDK_OPTIONS);
        env.remove(RankCollector.UNDERSCORE_OPTIONS);
        return env;
    }
}
