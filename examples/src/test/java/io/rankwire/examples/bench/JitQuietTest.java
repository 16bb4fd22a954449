package io.rankwire.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class JitQuietTest
{
    private static final long MS = 1_000_000L;

    @Test
    void shouldBeQuietOnlyAfterAWholeWindowWithLittleCompilerWork()
    {
        final AtomicLong busy = new AtomicLong(5_000 * MS);
        final JitQuiet jit = new JitQuiet(busy::get);
        assertFalse(jit.quiet(0), "no window has passed yet");
        busy.addAndGet(MS);
        assertFalse(jit.quiet(100 * MS), "the first window is not over");
        busy.addAndGet(2 * MS);
        assertTrue(jit.quiet(250 * MS), "3 ms of compiler work in 250 ms is under 2 %");
        busy.addAndGet(40 * MS);
        assertTrue(jit.quiet(300 * MS), "the verdict holds until the next window ends");
        assertFalse(jit.quiet(500 * MS), "40 ms of compiler work in 250 ms is busy");
        busy.addAndGet(4 * MS);
        assertTrue(jit.quiet(800 * MS), "4 ms in 300 ms is under 2 %");
        busy.addAndGet(6 * MS);
        assertFalse(jit.quiet(1_050 * MS), "6 ms in 250 ms is 2.4 %");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void shouldReadThisJvmsCompilerThreadsOnLinux()
    {
        final long before = JitQuiet.compilerThreadNanos();
        assertTrue(before > 0, "a JVM that ran this far has compiled something: " + before);
        long sum = 0;
        for (int i = 0; i < 200_000; i++)
        {
            sum += Integer.toString(i).hashCode();
        }
        assertTrue(JitQuiet.compilerThreadNanos() >= before, "run time only grows (" + sum + ")");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void shouldReadTheCompilerThreadsOfAProcessByPid()
    {
        final long pid = ProcessHandle.current().pid();
        final long bySelf = JitQuiet.compilerThreadNanos();
        final long byPid = JitQuiet.compilerThreadNanos(Path.of("/proc", Long.toString(pid), "task"));
        assertTrue(byPid >= bySelf, "the same threads, read later: " + byPid + " >= " + bySelf);
        assertEquals(-1, JitQuiet.compilerThreadNanos(Path.of("/proc", "no-such-process", "task")));
        final JitQuiet other = JitQuiet.ofProcess(pid);
        assertFalse(other.quiet(0), "no window has passed yet");
    }
}
