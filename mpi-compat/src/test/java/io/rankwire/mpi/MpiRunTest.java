package io.rankwire.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.rankwire.SettingsCheck;
import mpi.MPI;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the classic examples (default package, test classes) unchanged as real jobs through
 * mpirun's Java entry point: {@code mpirun -np 4 java -cp <test classes> [JVM options] Class args}.
 * Rankwire and the {@code mpi} classes come from this JVM's class path, as bin/mpirun takes them
 * from the distribution's lib directory.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MpiRunTest
{
    /** What a job printed and how it ended. */
    private static final class Result
    {
        final int code;
        final String out;
        final String err;

        Result(final int code, final String out, final String err)
        {
            this.code = code;
            this.out = out;
            this.err = err;
        }

        List<String> lines(final int rank)
        {
            final String tag = "[" + rank + "] ";
            return out.lines().filter(l -> l.startsWith(tag)).map(l -> l.substring(tag.length())).collect(Collectors.toList());
        }

        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private static Result mpirun(final Map<String, String> env, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = MpiRun.execute(args, o, e, env, rankwireClassPath());
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Result java(final String transport, final int np, final String main, final String... args)
    {
        final List<String> argv = new ArrayList<>(List.of("-np", Integer.toString(np), "--timeout", "60s",
            "--transport", transport, "java", "-cp", testClasses(),
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", main));
        argv.addAll(Arrays.asList(args));
        return mpirun(System.getenv(), argv.toArray(new String[0]));
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldRunHelloOnFourRanks(final String transport)
    {
        final Result r = java(transport, 4, "Hello");
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            assertEquals(List.of("Hello, world, I am " + rank + " of 4"), r.lines(rank), r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldRunRingOnFourRanks(final String transport)
    {
        final Result r = java(transport, 4, "Ring", "5");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.lines(0).contains("Process 0 decremented value: 0"), r::toString);
        for (int rank = 0; rank < 4; rank++)
        {
            final int passes = rank == 0 ? 5 : 6;
            assertTrue(r.lines(rank).contains("Process " + rank + " exiting after " + passes + " passes"), r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldRunConnectivityOnFourRanks(final String transport)
    {
        final Result r = java(transport, 4, "Connectivity", "-v");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.lines(0).contains("Connectivity test on 4 processes PASSED."), r::toString);
        assertTrue(r.lines(2).contains("checking connection between rank 2 and rank 3"), r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldRunAHaloExchangeWithTopologiesDatatypesAndGroupsOnThreeRanks(final String transport)
    {
        final Result r = java(transport, 3, "Halo");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.lines(0).contains("Halo test on 3 processes PASSED."), r::toString);
    }

    /** No --transport: ranks on one host take the launcher's default, shared memory. */
    @Test
    void shouldRunAHaloExchangeOnTheDefaultTransport()
    {
        final Result r = mpirun(System.getenv(), "-np", "3", "--timeout", "60s", "java", "-cp", testClasses(),
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "Halo");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.lines(0).contains("Halo test on 3 processes PASSED."), r::toString);
    }

    /**
     * A rank that ends without finalizing while the others wait for an iDup fails their waits
     * (naming it) instead of leaving them waiting; the job fails within the test's limit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tcp", "shm"})
    void shouldFailAnIDupWhoseMemberEndsWithoutFinalizing(final String transport)
    {
        final Result r = java(transport, 3, "IdupPeerGone");
        assertNotEquals(0, r.code, r::toString);
        assertTrue(r.lines(1).contains("rank 1 returns without finalizing"), r::toString);
        for (final int rank : new int[] {0, 2})
        {
            assertTrue(r.lines(rank).stream().anyMatch(l -> l.startsWith("rank " + rank + " iDup failed: class " + MPI.ERR_OTHER) &&
                l.contains("rank 1")), r::toString);
            assertTrue(r.lines(rank).contains("rank " + rank + " finalize failed"), r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldEndTheWholeJobWithTheAbortCode(final String transport)
    {
        final Result r = java(transport, 3, "AbortOnOne", "3");
        assertEquals(3, r.code, r::toString);
        assertTrue(r.err.contains("MPI_ABORT was invoked on rank 1 with errorcode 3"), r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "sim", "shm"})
    void shouldRunAFunneledRankWhenInitThreadAsksForIt(final String transport)
    {
        final Result r = java(transport, 3, "FunneledThreads");
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            assertTrue(r.lines(rank).contains("provided " + MPI.THREAD_FUNNELED), r::toString);
            assertTrue(r.lines(rank).stream().anyMatch(l -> l.startsWith("second thread: refused") &&
                l.contains("rankwire.threads=funneled") && l.contains("'second'")), r::toString);
        }
        assertTrue(r.lines(0).contains("token back: 3"), r::toString);
    }

    @Test
    void shouldKeepEveryThreadAllowedWhenTheEnvironmentSaysSo()
    {
        final Result r = mpirun(System.getenv(), "-np", "2", "--timeout", "60s", "--transport", "sim", "java", "-cp",
            testClasses(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "-Drankwire.threads=multiple",
            "FunneledThreads");
        assertEquals(0, r.code, r::toString);
        assertTrue(r.lines(1).contains("second thread: allowed"), r::toString);
        assertTrue(r.lines(0).contains("token back: 2"), r::toString);
    }

    @Test
    void shouldPassTheSkippedCodeThrough()
    {
        final Result r = java("tcp", 2, "Skipped");
        assertEquals(77, r.code, r::toString);
    }

    @Test
    void shouldTakeTheTransportFromTheEnvironment()
    {
        final Map<String, String> env = new HashMap<>(System.getenv());
        env.put("RANKWIRE_TRANSPORT", "sim");
        env.put("CLASSPATH", testClasses());
        final Result r = mpirun(env, "-np", "2", "--timeout", "60s", "java", "Hello");
        assertEquals(0, r.code, r::toString);
        assertEquals(List.of("Hello, world, I am 1 of 2"), r.lines(1), r::toString);
    }

    @Test
    void shouldTranslateJvmOptionsAndClassPath()
    {
        final Map<String, String> env = Map.of();
        assertEquals(List.of("-np", "4", "--transport", "sim", "--oversubscribe", "-cp", "app.jar", "-J-Xmx1g",
                "-J--add-opens=java.base/java.lang=ALL-UNNAMED", "-J-Dx=y", "Main", "-v", "java"),
            MpiRun.translate(new String[] {"-np", "4", "--transport", "sim", "--oversubscribe", "java", "-Xmx1g",
                "-classpath", "app.jar", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Dx=y", "Main", "-v", "java"}, env));
        assertEquals(List.of("-np", "2", "-cp", ".", "Main"), MpiRun.translate(new String[] {"-np", "2", "java", "Main"}, env));
        assertEquals(List.of("-np", "2", "-cp", "x", "Main"), MpiRun.translate(new String[] {"-np", "2", "-cp", "x", "Main"}, env));
        assertEquals(List.of("-np", "2", "-cp", "a:b", "Main"),
            MpiRun.translate(new String[] {"-np", "2", "java", "Main"}, Map.of("CLASSPATH", "a:b")));
    }

    @Test
    void shouldPassOpenMpiOptionsWithTheirValuesToRwrun()
    {
        assertEquals(List.of("-np", "2", "--mca", "btl", "self,tcp", "--bind-to", "core", "--map-by", "slot",
                "--hostfile", "hosts", "--timeout", "30", "-cp", ".", "Main", "x"),
            MpiRun.translate(new String[] {"-np", "2", "--mca", "btl", "self,tcp", "--bind-to", "core", "--map-by", "slot",
                "--hostfile", "hosts", "--allow-run-as-root", "--timeout", "30", "java", "Main", "x"}, Map.of()));
    }

    @Test
    void shouldFindTheJavaWordAfterOneDashLongOptions()
    {
        assertEquals(List.of("-mca", "btl", "^openib", "-np", "4", "-wdir", "/tmp", "-N", "2", "-q", "-cp", ".",
                "Main", "x"),
            MpiRun.translate(new String[] {"-mca", "btl", "^openib", "-np", "4", "-wdir", "/tmp", "-N", "2", "-q",
                "java", "Main", "x"}, Map.of()));
    }

    @Test
    void shouldRunAnOpenMpiCommandLineOnLocalhostSlots() throws Exception
    {
        final java.nio.file.Path hostfile = java.nio.file.Files.createTempFile("hosts", "");
        try
        {
            java.nio.file.Files.writeString(hostfile, "localhost slots=1\n");
            final Result r = mpirun(System.getenv(), "-np", "2", "--oversubscribe", "--hostfile", hostfile.toString(),
                "--mca", "btl", "self,tcp", "--bind-to", "core", "--timeout", "60", "--ssh", "false",
                "java", "-cp", testClasses(), "-XX:TieredStopAtLevel=1", "-Xmx128m", "Hello");
            assertEquals(0, r.code, r::toString);
            assertEquals(2, r.out.lines().filter(l -> l.contains("Hello")).count(), r::toString);
            assertTrue(r.err.contains("mpirun: warning: --bind-to core has no effect"), r::toString);
        }
        finally
        {
            java.nio.file.Files.delete(hostfile);
        }
    }

    @Test
    void shouldListEverySettingAsRwrunDoes()
    {
        final Result r = mpirun(System.getenv(), "--settings", "-x", "rankwire.credits=8");
        assertEquals(0, r.code, r::toString);
        for (final String key : SettingsCheck.onClassPath().knownKeys())
        {
            assertTrue(r.out.contains("\n  " + key + " = "), () -> key + " missing:\n" + r);
        }
        assertTrue(r.out.contains("\n  rankwire.credits = 8  [-x]\n"), r::toString);
    }

    @Test
    void shouldRefuseJavaJarAndAMissingMainClass()
    {
        Result r = mpirun(System.getenv(), "-np", "2", "java", "-jar", "app.jar");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("mpirun: java -jar is not supported"), r::toString);
        r = mpirun(System.getenv(), "-np", "2", "java", "-Xmx1g");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("no main class"), r::toString);
    }

    private static String testClasses()
    {
        return location(MpiRunTest.class);
    }

    private static String rankwireClassPath()
    {
        final String tests = testClasses();
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !e.isEmpty())
            .filter(e -> !Path.of(e).toAbsolutePath().toString().equals(tests))
            .collect(Collectors.joining(File.pathSeparator));
    }

    private static String location(final Class<?> type)
    {
        try
        {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().toString();
        }
        catch (final URISyntaxException e)
        {
            throw new IllegalStateException(e);
        }
    }
}
