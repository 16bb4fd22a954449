package io.rankwire.launch;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rwrun} killed with {@code SIGKILL} (no shutdown hook runs): the rank JVMs it started on
 * this host ({@code tcp}) and the JVM of an in-JVM job ({@code sim}) notice their launcher is gone
 * and end themselves. Each waits in a receive nobody answers, so nothing else would end it.
 */
@Timeout(120)
class LauncherKilledTest
{
    private static final Pattern READY = Pattern.compile("\\[(\\d+)] rank (\\d+) pid (\\d+)");

    /** Starts rwrun in a JVM of its own, waits for every rank's line, kills rwrun, and checks the ranks end. */
    private static void killLauncherAndExpectRanksToEnd(final String transport) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
            LaunchFixture.rankwireClassPath(), Rwrun.class.getName(), "-np", "2", "--transport", transport,
            "-x", "rankwire.bootstrapTimeout=600000"));
        command.addAll(LaunchFixture.LIGHT_JVM);
        command.addAll(List.of("-cp", LaunchFixture.testClasses(), OrphanMain.class.getName()));
        final Process rwrun = new ProcessBuilder(command).redirectErrorStream(true).start();
        final List<ProcessHandle> started = new ArrayList<>();
        try
        {
            final BufferedReader out =
                new BufferedReader(new InputStreamReader(rwrun.getInputStream(), StandardCharsets.UTF_8));
            final List<Long> pids = new ArrayList<>();
            final StringBuilder seen = new StringBuilder();
            while (pids.size() < 2)
            {
                final String line = out.readLine();
                assertTrue(line != null, () -> "rwrun ended before both ranks started:\n" + seen);
                seen.append(line).append('\n');
                final Matcher m = READY.matcher(line);
                if (m.matches())
                {
                    pids.add(Long.parseLong(m.group(3)));
                }
            }
            started.addAll(rwrun.descendants().toList());
            for (final long pid : pids)
            {
                final Optional<ProcessHandle> rank = ProcessHandle.of(pid);
                assertTrue(rank.isPresent() && rank.get().isAlive(), "rank process " + pid + " is not running");
            }
            rwrun.destroyForcibly(); // SIGKILL: rwrun's shutdown hook does not run
            assertTrue(rwrun.waitFor(30, TimeUnit.SECONDS));
            for (final ProcessHandle p : started)
            {
                // each checks its parent every 500 ms; a minute is far beyond that on any machine
                p.onExit().get(60, TimeUnit.SECONDS);
                assertFalse(p.isAlive(), () -> p.pid() + " " + p.info().commandLine().orElse("?"));
            }
        }
        finally
        {
            rwrun.destroyForcibly();
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void shouldEndLocalRankJvmsWhenTheLauncherIsKilled() throws Exception
    {
        killLauncherAndExpectRanksToEnd("tcp");
    }

    @Test
    void shouldEndTheInJvmJobWhenTheLauncherIsKilled() throws Exception
    {
        killLauncherAndExpectRanksToEnd("sim");
    }
}
