package io.rankwire.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher records a start-up cache of Rankwire's jars once (an AOT cache on JDK 25 and later,
 * a class-data archive before), saying so, and rank JVMs then load Rankwire's classes from it;
 * {@code --cds off} starts them without it. Rankwire comes as jars, as
 * from a distribution's {@code lib/}: before {@code package} (under {@code mvn test}) the reactor's
 * class directories are packed into jars first, since only jars can be archived.
 */
class ClassDataArchiveTest
{
    private static final String RANKWIRE_CLASS = "io.rankwire.Rankwire ";
    /** What the launcher prints when recording was skipped because it took too long. */
    private static final String OVERRAN = "rwrun: recording the class-data archive took over ";

    @TempDir
    Path dir;

    /** Rankwire's jars, as the launcher is given them. */
    private String rankwire;

    @Test
    @Timeout(240)
    void shouldRecordTheArchiveOnceAndStartRanksFromIt() throws IOException
    {
        final Map<String, String> env = new HashMap<>(System.getenv());
        env.put("RANKWIRE_CDS_DIR", dir.resolve("cds").toString());
        rankwire = Launch.rankwireJars(dir.resolve("lib"));

        recordOrSkip(env);
        final List<Path> archives = archives();
        assertEquals(1, archives.size(), "archives: " + archives);

        final Launch.Result second = Launch.run(env, List.of(classLoadLog("on")), "tcp", 2, rankwire, Hello.class);
        assertEquals(0, second.code, second.toString());
        assertEquals(archives, archives(), "the second job records nothing new");
        assertFalse(second.err.contains("preparing a start-up cache"), second.toString());
        for (final String line : rankwireLoads("on"))
        {
            assertTrue(line.contains("shared objects file"), "loaded without the archive: " + line);
        }

        final Launch.Result off = Launch.run(env, List.of("--cds", "off", classLoadLog("off")), "sim", 2, rankwire, Hello.class);
        assertEquals(0, off.code, off.toString());
        for (final String line : rankwireLoads("off"))
        {
            assertTrue(!line.contains("shared objects file"), "--cds off still used the archive: " + line);
        }
    }

    /**
     * Runs a job that records the archive. Recording is best-effort by design: on a host so loaded
     * that the training JVM overruns its time limit, the launcher says so and ranks start without
     * an archive; that is "skipped" (tried twice, then the test is skipped with the launcher's
     * words), not "broken". Anything else without an archive fails: a recording that exited
     * non-zero, or no archive and no word why.
     */
    private void recordOrSkip(final Map<String, String> env) throws IOException
    {
        for (int attempt = 1; attempt <= 2; attempt++)
        {
            final Launch.Result job = Launch.run(env, List.of(), "tcp", 2, rankwire, Hello.class);
            assertEquals(0, job.code, job.toString());
            assertFalse(job.err.contains("rwrun: recording the class-data archive failed"), "broken: " + job);
            if (!archives().isEmpty())
            {
                assertTrue(job.err.contains("rwrun: preparing a start-up cache of Rankwire's classes"), "recorded without a word: " + job);
                assertTrue(job.err.contains("rwrun: start-up cache ready in "), job.toString());
                return;
            }
            final boolean overran = job.err.contains(OVERRAN);
            assertTrue(overran, "no archive and no word why (broken): " + job);
            if (attempt == 2)
            {
                assumeTrue(false, () -> "skipped: recording overran its time limit twice on this loaded host: " +
                    job.err.lines().filter(l -> l.contains(OVERRAN)).findFirst().orElse(""));
            }
        }
    }

    private String classLoadLog(final String name)
    {
        return "-J-Xlog:class+load=info:file=" + dir.resolve(name + "-%p.log");
    }

    private List<Path> archives() throws IOException
    {
        if (!Files.isDirectory(dir.resolve("cds")))
        {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir.resolve("cds")))
        {
            // an AOT cache on JDK 25 and later, a class-data archive before
            final String suffix = Runtime.version().feature() >= 25 ? ".aot" : ".jsa";
            return files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().collect(Collectors.toList());
        }
    }

    /** The class-load lines for io.rankwire.Rankwire in every log named {@code name-<pid>.log}; at least one. */
    private List<String> rankwireLoads(final String name) throws IOException
    {
        final List<String> lines;
        try (Stream<Path> files = Files.list(dir))
        {
            lines = files.filter(f -> f.getFileName().toString().startsWith(name + "-"))
                .flatMap(ClassDataArchiveTest::lines)
                .filter(l -> l.contains(RANKWIRE_CLASS))
                .collect(Collectors.toList());
        }
        assertTrue(!lines.isEmpty(), "no rank logged loading " + RANKWIRE_CLASS + "in " + dir);
        return lines;
    }

    private static Stream<String> lines(final Path f)
    {
        try
        {
            return Files.readAllLines(f).stream();
        }
        catch (final IOException e)
        {
            throw new IllegalStateException(f.toString(), e);
        }
    }
}
