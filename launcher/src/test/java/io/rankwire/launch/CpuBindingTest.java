package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class CpuBindingTest
{
    private static final int[] ALLOWED = CpuBinding.allowedCpus(Path.of("/proc/self/status"));
    private static final boolean CAN_BIND = ALLOWED.length >= 2 && CpuBinding.findTaskset(System.getenv("PATH")) != null;

    @Test
    void shouldReadCpuLists()
    {
        assertArrayEquals(new int[] {0, 1, 2, 3, 6, 8, 9}, CpuBinding.parseList("0-3,6,8-9"));
        assertArrayEquals(new int[] {5}, CpuBinding.parseList("5"));
        assertArrayEquals(new int[0], CpuBinding.allowedCpus(Path.of("/nonexistent/status")));
    }

    @Test
    void shouldPrefixEachRankWithItsOwnCpuOrNothing()
    {
        final CpuBinding none = CpuBinding.choose("none", 2, new PrintStream(new ByteArrayOutputStream()));
        assertFalse(none.binds());
        assertEquals(List.of("java", "Main"), none.wrap(1, List.of("java", "Main")));
        assertFalse(CpuBinding.choose(null, 2, new PrintStream(new ByteArrayOutputStream())).binds());
        final CpuBinding bound = CpuBinding.choose("core", 2, new PrintStream(new ByteArrayOutputStream()));
        assertEquals(CAN_BIND, bound.binds());
        if (CAN_BIND)
        {
            final List<String> first = bound.wrap(0, List.of("java", "Main"));
            final List<String> second = bound.wrap(1, List.of("java", "Main"));
            assertEquals(List.of("-c", Integer.toString(ALLOWED[0]), "java", "Main"), first.subList(1, 5));
            assertEquals(List.of("-c", Integer.toString(ALLOWED[1]), "java", "Main"), second.subList(1, 5));
            assertTrue(first.get(0).endsWith("taskset"), first::toString);
        }
    }

    @Test
    void shouldWarnForLevelsItCannotHonourAndRefuseAnEmptyOne()
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final CpuBinding socket = CpuBinding.choose("socket", 2, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertFalse(socket.binds());
        assertEquals("rwrun: warning: --bind-to socket has no effect (Rankwire binds to a core or not at all)",
            err.toString(StandardCharsets.UTF_8).trim());
        err.reset();
        final CpuBinding many = CpuBinding.choose("core", ALLOWED.length + 1, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertFalse(many.binds());
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("rwrun: warning: --bind-to core: ranks not bound ("),
            err::toString);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> CpuBinding.choose(" ", 2, System.err));
        assertEquals("--bind-to : '' (expected: core, hwthread, cpu or none)", e.getMessage());
    }

    @Test
    void bindToCoreShouldRunEachRankStartedHereOnItsOwnCpu()
    {
        final LaunchFixture.Result r = LaunchFixture.rwrun("-np", "2", "--transport", "tcp", "--bind-to", "core",
            AffinityMain.class.getName());
        assertEquals(0, r.code, r::toString);
        final Set<String> seen = new TreeSet<>();
        for (final String rank : List.of("[0] ", "[1] "))
        {
            final String line = r.out.lines().filter(l -> l.startsWith(rank + "cpus=")).findFirst().orElseThrow(
                () -> new AssertionError("no cpus line of " + rank + r));
            seen.add(line.substring(rank.length()));
        }
        if (CAN_BIND)
        {
            assertEquals(new TreeSet<>(List.of("cpus=[" + ALLOWED[0] + "]", "cpus=[" + ALLOWED[1] + "]")), seen, r::toString);
        }
        else
        {
            assertEquals(Set.of("cpus=" + Arrays.toString(ALLOWED)), seen, r::toString);
        }
    }

    @Test
    void ranksShouldStayOnEveryCpuByDefaultAndWithBindToNone()
    {
        final String all = "cpus=" + Arrays.toString(ALLOWED);
        for (final String bind : List.of("default", "none"))
        {
            final LaunchFixture.Result r = "none".equals(bind) ?
                LaunchFixture.rwrun("-np", "2", "--transport", "tcp", "--bind-to", "none", AffinityMain.class.getName()) :
                LaunchFixture.rwrun("-np", "2", "--transport", "tcp", AffinityMain.class.getName());
            assertEquals(0, r.code, r::toString);
            assertTrue(r.out.contains("[0] " + all) && r.out.contains("[1] " + all), r::toString);
        }
    }
}
