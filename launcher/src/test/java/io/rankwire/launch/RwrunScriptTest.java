package io.rankwire.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@code bin/rwrun} itself, over a {@code RANKWIRE_HOME} whose {@code lib/} this test fills
 * with the jars of this JVM's class path but the tests (class directories of the reactor's
 * modules packed as jars), the way {@code mvn package} fills {@code dist/target/rankwire/lib}.
 * Under {@code mvn test} the runtime's tests come as {@code runtime/target/test-classes} rather
 * than a {@code -tests.jar}, and are left out alike.
 */
@Timeout(90)
class RwrunScriptTest
{
    @TempDir
    Path home;

    private static Path script() throws URISyntaxException
    {
        return Path.of(LaunchFixture.testClasses()).resolve("../../../bin/rwrun").normalize();
    }

    private void fillLib() throws Exception
    {
        final Path lib = Files.createDirectories(home.resolve("lib"));
        final Path tests = Path.of(LaunchFixture.testClasses()).toAbsolutePath();
        for (final String entry : ClassPaths.split(System.getProperty("java.class.path")))
        {
            final Path path = Path.of(entry).toAbsolutePath();
            if (path.equals(tests) || isTests(path))
            {
                continue;
            }
            if (Files.isDirectory(path))
            {
                // <module>/target/classes: named as the module's jar would be
                jar(path, lib.resolve("rankwire-" + path.getParent().getParent().getFileName() + "-classes.jar"));
            }
            else if (Files.isRegularFile(path))
            {
                Files.copy(path, lib.resolve(path.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try (Stream<Path> jars = Files.list(lib))
        {
            assertTrue(jars.anyMatch(f -> f.getFileName().toString().startsWith("rankwire-launcher-")),
                () -> "no launcher jar in " + lib);
        }
    }

    /** A module's test classes: its {@code -tests.jar} after {@code package}, its test-classes directory before. */
    private static boolean isTests(final Path classPathEntry)
    {
        final String name = classPathEntry.getFileName().toString();
        return name.endsWith("-tests.jar") || name.equals("test-classes") && Files.isDirectory(classPathEntry);
    }

    private static void jar(final Path classes, final Path jarFile) throws IOException
    {
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(jarFile));
            Stream<Path> files = Files.walk(classes))
        {
            for (final Path f : files.filter(Files::isRegularFile).collect(Collectors.toList()))
            {
                jar.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, jar);
                jar.closeEntry();
            }
        }
    }

    private Process start(final String... args) throws Exception
    {
        return startWithOpts(null, args);
    }

    private Process startWithOpts(final String javaOpts, final String... args) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(script().toString()));
        command.addAll(List.of(args));
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("RANKWIRE_HOME", home.toString());
        pb.environment().remove("RANKWIRE_TRANSPORT");
        if (javaOpts != null)
        {
            pb.environment().put("RWRUN_JAVA_OPTS", javaOpts);
        }
        return pb.start();
    }

    private static String read(final java.io.InputStream in) throws IOException
    {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void shouldExplainMissingJarsAndHowToBuildThem() throws Exception
    {
        final Process p = start("-np", "2", "Main");
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(Launcher.START_FAILED_EXIT, p.exitValue(), err);
        assertTrue(err.contains("no rankwire-runtime-*.jar in " + home.resolve("lib")) &&
            err.contains("mvn -B package -DskipTests"), err);
    }

    @Test
    void shouldPrintVersionThroughScript() throws Exception
    {
        fillLib();
        final Process p = start("--version");
        final String out = read(p.getInputStream());
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + err);
        assertEquals("rwrun (Rankwire) " + System.getProperty("expected.version"), out.lines().findFirst().orElse(""),
            out + err);
    }

    @Test
    void shouldCheckLauncherSystemPropertySettings() throws Exception
    {
        fillLib();
        final Process p = startWithOpts("-Drankwire.credits=0", "-np", "2", "-cp", LaunchFixture.testClasses(),
            ExchangeMain.class.getName());
        final String out = read(p.getInputStream());
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(Rwrun.USAGE_EXIT, p.exitValue(), out + err);
        assertEquals("rwrun: bad setting from -D (rwrun's JVM): rankwire.credits : 0 (expected: 1..1048576)\n", err);
        assertEquals("", out);
    }

    @Test
    void shouldRunJobThroughScript() throws Exception
    {
        fillLib();
        final Process p = start("-np", "2", "-J", "-XX:TieredStopAtLevel=1", "-cp", LaunchFixture.testClasses(),
            ExchangeMain.class.getName());
        final String out = read(p.getInputStream());
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + err);
        assertTrue(out.contains("[0] rank 0 of 2 sees [rank-0, rank-1]") &&
            out.contains("[1] rank 1 of 2 sees [rank-0, rank-1]"), out + err);
    }

    @Test
    void shouldPrintEachRanksCountersAtExitWithStats() throws Exception
    {
        fillLib();
        final Process p = start("--stats", "-np", "2", "-J", "-XX:TieredStopAtLevel=1", "-cp", LaunchFixture.testClasses(),
            ObservedMain.class.getName());
        final String out = read(p.getInputStream());
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + err);
        assertTrue(out.contains("[0] rank 0 done") && out.contains("[1] rank 1 done"), out + err);
        StatsTableCheck.assertTable(err, 2, ObservedMain.MESSAGES, ObservedMain.BYTES, false, true);
    }

    @Test
    void shouldKillJobWhenLauncherIsTerminated() throws Exception
    {
        fillLib();
        final Process p = start("-np", "2", "-J-XX:TieredStopAtLevel=1", "-cp", LaunchFixture.testClasses(),
            HangingMain.class.getName());
        p.getOutputStream().close();
        final BufferedReader out =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals(List.of("[0] hanging", "[1] hanging"),
            Stream.of(out.readLine(), out.readLine()).sorted().collect(Collectors.toList()));
        final List<ProcessHandle> ranks = p.descendants().collect(Collectors.toList());
        assertEquals(2, ranks.size(), ranks::toString);
        final Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0);
        final String err = read(p.getErrorStream());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertTrue(err.contains("rwrun: stopped by a signal; killing the job"), err);
        for (final ProcessHandle rank : ranks)
        {
            assertTrue(rank.onExit().get(30, TimeUnit.SECONDS) != null);
            assertFalse(rank.isAlive());
        }
    }
}
