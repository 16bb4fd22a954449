package io.rankwire.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every benchmark main, run as a plain JVM outside the launcher: {@code --help} prints its
 * options and nothing else and exits 0 (had it started the runtime, the one-rank job would fail
 * the benchmarks' two-rank check), and an unknown option exits 2 naming the option.
 */
class BenchHelpTest
{
    private static final List<Class<?>> MAINS = List.of(
        Latency.class, Bandwidth.class, BiBandwidth.class, MessageRate.class, Overlap.class, Burst.class, CollOverlap.class);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPrintOptionsAndExitZeroWithoutStartingTheRuntime() throws Exception
    {
        for (final Class<?> main : MAINS)
        {
            final Result r = java(main, "--help");
            assertEquals(0, r.code, main.getSimpleName() + ": " + r);
            assertEquals("", r.err, main.getSimpleName() + ": " + r);
            assertTrue(r.out.startsWith("Usage: bin/rwrun -np 2"), r.toString());
            assertTrue(r.out.contains("io.rankwire.examples.bench." + main.getSimpleName() + " [OPTIONS]"), r.toString());
            assertTrue(r.out.contains("--iters N") && r.out.contains("(default: "), r.toString());
        }
        assertEquals(Latency.USAGE.text(), java(Latency.class, "-h").out);
        assertEquals(Bandwidth.StreamBench.usage(true).text(), java(BiBandwidth.class, "--help").out);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRejectAnUnknownOptionNamingIt() throws Exception
    {
        for (final Class<?> main : List.of(Latency.class, Overlap.class))
        {
            final Result r = java(main, "--iters", "5", "--bogus", "1");
            assertEquals(2, r.code, r.toString());
            assertTrue(r.err.startsWith(main.getSimpleName() + ": option : '--bogus' (expected: --help, "), r.toString());
            assertEquals("", r.out, r.toString());
        }
        final Result window = java(Latency.class, "--window", "4");
        assertEquals(2, window.code, window.toString());
        assertTrue(window.err.contains("'--window'"), window.toString());
        final Result osu = java(Latency.class, "--osu", "--rounds", "2");
        assertEquals(2, osu.code, osu.toString());
        assertTrue(osu.err.startsWith("Latency: --rounds : 2 (expected: 1 with --osu)"), osu.toString());
        assertEquals("", osu.out, osu.toString());
    }

    private Result java(final Class<?> main, final String... args) throws IOException, InterruptedException
    {
        final Path out = Files.createTempFile(dir, "out", ".txt");
        final Path err = Files.createTempFile(dir, "err", ".txt");
        final List<String> cmd = new java.util.ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("RANKWIRE"));
        final Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.SECONDS))
        {
            p.destroyForcibly();
            throw new AssertionError(main.getSimpleName() + " " + String.join(" ", args) + " did not exit in 30 s");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Exit code and output of one JVM. */
    private record Result(int code, String out, String err)
    {
        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
