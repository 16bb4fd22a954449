package io.rankwire.launch.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.launch.Rwrun;

/**
 * {@code rwrun} jobs over shared memory (real rank JVMs, a private {@code rankwire.shm.dir}): a
 * rank killed with SIGKILL ends the job with its exit code (not the 10 s timeout's 124), and
 * nothing of the job is left in the shm directory, also when the rank died in the middle of
 * wire-up with its files in place (the launcher removes them); {@code --transport shm} over two
 * (fake) hosts fails naming the rank and its host.
 */
class RwrunShmTest
{
    private Path shmDir;

    @BeforeEach
    void makeShmDir() throws IOException
    {
        shmDir = Files.createTempDirectory(Path.of("/tmp"), "rw");
    }

    @AfterEach
    void removeShmDir() throws IOException
    {
        Files.deleteIfExists(shmDir);
    }

    private List<String> left() throws IOException
    {
        try (Stream<Path> s = Files.walk(shmDir))
        {
            return s.filter(p -> !p.equals(shmDir)).map(Path::toString).collect(Collectors.toList());
        }
    }

    private String[] argv(final String transport, final String... tail)
    {
        final List<String> a = new ArrayList<>(List.of("-np", "2", "--timeout", "10s", "-x", "rankwire.shm.dir=" + shmDir,
            "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx128m", "-cp", testClasses()));
        if (transport != null)
        {
            a.addAll(0, List.of("--transport", transport));
        }
        a.addAll(Arrays.asList(tail));
        return a.toArray(new String[0]);
    }

    @Test
    @Timeout(60)
    void shouldEndTheJobWhenARankIsKilledAndLeaveNothing() throws Exception
    {
        final Result r = rwrun(argv(null, ShmKillMain.class.getName(), "running"));
        assertTrue(r.out.contains("rank 0 reaches rank 1 over shm"), r.toString());
        assertEquals(137, r.code, r.toString());
        assertTrue(r.err.contains("rank 1 failed: exit code 137 (killed by signal 9, SIGKILL)"), r.toString());
        assertEquals(List.of(), left(), r.toString());
    }

    @Test
    @Timeout(60)
    void shouldRemoveTheFilesOfARankKilledDuringWireUp() throws Exception
    {
        final Result r = rwrun(argv("shm", ShmKillMain.class.getName(), "wireup", shmDir.toString()));
        assertTrue(r.out.contains("segment present; killing myself"), r.toString());
        assertEquals(137, r.code, r.toString());
        assertEquals(List.of(), left(), r.toString());
    }

    @Test
    @Timeout(60)
    void shouldRefuseShmOverTwoHostsNamingTheRankAndItsHost() throws Exception
    {
        final String[] a = argv("shm", "-x", "rankwire.hostId=a,b", ShmKillMain.class.getName(), "running");
        final Result r = rwrun(a);
        assertTrue(r.code != 0 && r.code != 124, r.toString());
        assertTrue(r.err.matches("(?s).*rankwire-shm: rank [01] runs on host 'fake:[ab]' \\(expected: 'fake:[ab]', the host of" +
            " rank [01]; the shm transport connects the ranks of one host.*"), r.toString());
        assertEquals(List.of(), left(), r.toString());
    }

    /** What a job printed and how it ended. */
    record Result(int code, String out, String err)
    {
        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Result rwrun(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = Rwrun.execute(args, o, e, System.getenv(), rankwireClassPath());
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String testClasses()
    {
        try
        {
            return Path.of(ShmKillMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        }
        catch (final URISyntaxException e)
        {
            throw new IllegalStateException(e);
        }
    }

    static String rankwireClassPath()
    {
        final String tests = testClasses();
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !e.isEmpty() && !Path.of(e).toAbsolutePath().toString().equals(tests))
            .collect(Collectors.joining(File.pathSeparator));
    }
}
