package io.rankwire.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library jars' module descriptors at work: every library jar and its dependencies on
 * {@code --module-path}, nothing on the class path. An application module
 * ({@code src/test/resources/modulepath/app}, compiled here against the jars) runs 2-rank jobs
 * over {@code sim}, {@code tcp} and {@code shm} in a child JVM, so the transports are found
 * through the descriptors' {@code uses}/{@code provides}, its MBeans and flight-recorder events
 * must work for a named module, and it reports what the runtime's module exports and that a public
 * class of an unexported package stays shut. A module naming {@code io.rankwire.core} must not
 * compile. {@code rwrun} started as {@code java -m io.rankwire.launcher/...} runs a tcp job.
 * Like {@link PackagingTest}, runs after the libraries were packaged ({@code mvn verify}) and
 * skips when their jars are not built yet.
 */
class ModulePathTest
{
    /** Library module directory to artifact id. */
    private static final Map<String, String> LIBRARIES = Map.of(
        "runtime", "rankwire-runtime",
        "transport-sim", "rankwire-transport-sim",
        "transport-tcp", "rankwire-transport-tcp",
        "transport-shm", "rankwire-transport-shm",
        "launcher", "rankwire-launcher",
        "mpi-compat", "rankwire-mpi");
    /** Third-party jars the libraries require, by file-name prefix, taken from this JVM's class path. */
    private static final List<String> DEPENDENCIES = List.of("agrona-", "netty-", "picocli-");
    private static final String VERSION = System.getProperty("expected.version");
    private static final String AGRONA_FLAG = "java.base/jdk.internal.misc=org.agrona";
    private static final long CHILD_TIMEOUT_S = 300;

    private static List<Path> modulePath;

    @TempDir
    Path dir;

    @BeforeAll
    static void findJars()
    {
        final Path root = root();
        final List<Path> jars = new ArrayList<>();
        for (final Map.Entry<String, String> lib : LIBRARIES.entrySet())
        {
            jars.add(root.resolve(lib.getKey()).resolve("target").resolve(lib.getValue() + "-" + VERSION + ".jar"));
        }
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
        {
            final String name = Path.of(entry).getFileName().toString();
            if (name.endsWith(".jar") && DEPENDENCIES.stream().anyMatch(name::startsWith))
            {
                jars.add(Path.of(entry));
            }
        }
        modulePath = jars;
    }

    @Test
    void shouldRunJobsOverEveryTransportFromANamedModule() throws Exception
    {
        assumeJarsBuilt();
        final Path out = compile("app", "rankwire.app");
        final List<String> lines = run(List.of(
            "--add-exports", AGRONA_FLAG,
            "--module-path", path(out),
            "--add-modules", "ALL-MODULE-PATH",
            "-m", "rankwire.app/app.Main", dir.resolve("job.jfr").toString(), "sim", "tcp", "shm"));

        for (final String transport : List.of("sim", "tcp", "shm"))
        {
            assertTrue(lines.contains(transport + " rank 1 got 'hello from " + transport + "'"), transport + ": " + lines);
            for (int rank = 0; rank < 2; rank++)
            {
                assertTrue(lines.contains(transport + " rank " + rank + " sum 3"), transport + ": " + lines);
                assertTrue(lines.contains(transport + " rank " + rank + " mbean " + rank), transport + ": " + lines);
            }
        }
        assertTrue(lines.contains("send events recorded"), lines::toString);
        assertTrue(lines.contains("exports [io.rankwire, io.rankwire.bootstrap to [io.rankwire.launcher], io.rankwire.buffer, "
            + "io.rankwire.proto to [io.rankwire.transport.shm, io.rankwire.transport.sim], io.rankwire.settings, "
            + "io.rankwire.spi]"), lines::toString);
        assertTrue(lines.contains("core exported to app false"), lines::toString);
        assertTrue(lines.contains("observe closed"), lines::toString);
    }

    @Test
    void shouldNotCompileAModuleThatNamesAnUnexportedPackage() throws IOException
    {
        assumeJarsBuilt();
        final StringWriter diagnostics = new StringWriter();
        final int code = javac(diagnostics, "intruder", "rankwire.intruder");
        assertTrue(code != 0, "compiled: " + diagnostics);
        assertTrue(diagnostics.toString().contains("package io.rankwire.core is not visible"), diagnostics::toString);
    }

    @Test
    void shouldLaunchATcpJobFromTheLaunchersModule() throws Exception
    {
        assumeJarsBuilt();
        // the launcher runs on the module path; its ranks are class-path JVMs given everything with -cp
        final List<Path> rankClassPath = new ArrayList<>(modulePath);
        rankClassPath.add(Path.of(Hello.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        final List<String> lines = run(List.of(
            "--module-path", path(),
            "-m", "io.rankwire.launcher/io.rankwire.launch.Rwrun",
            "-np", "2", "--transport", "tcp", "-cp", rankClassPath.stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator)),
            Hello.class.getName()));
        assertTrue(lines.contains("[0] Hello from rank 0 of 2"), lines::toString);
        assertTrue(lines.contains("[1] Hello from rank 1 of 2"), lines::toString);
    }

    private static void assumeJarsBuilt()
    {
        for (final Path jar : modulePath)
        {
            assumeTrue(Files.isRegularFile(jar), () -> jar + " not built yet (mvn package makes it)");
        }
        for (final String prefix : DEPENDENCIES)
        {
            assertTrue(modulePath.stream().anyMatch(p -> p.getFileName().toString().startsWith(prefix)),
                () -> "no " + prefix + "* jar on this JVM's class path");
        }
    }

    /** Compiles the module {@code name} under {@code modulepath/<tree>} against the jars. */
    private Path compile(final String tree, final String name) throws IOException
    {
        final StringWriter diagnostics = new StringWriter();
        assertEquals(0, javac(diagnostics, tree, name), diagnostics::toString);
        return dir.resolve(tree);
    }

    private int javac(final StringWriter diagnostics, final String tree, final String name) throws IOException
    {
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertTrue(javac != null, "no system Java compiler (the build runs on a JDK)");
        final Path sources;
        try
        {
            sources = Path.of(ModulePathTest.class.getResource("/modulepath/" + tree).toURI());
        }
        catch (final URISyntaxException e)
        {
            throw new IllegalStateException(e);
        }
        Files.createDirectories(dir.resolve(tree));
        return javac.getTask(diagnostics, null, null, List.of(
            "-d", dir.resolve(tree).toString(),
            "--module-path", path(),
            "--module-source-path", sources.toString(),
            "--module", name), null, null).call() ? 0 : 1;
    }

    /** Runs {@code java args}, fails on a non-zero exit or when it outlives the timeout, returns its lines. */
    private List<String> run(final List<String> args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(args);
        final Path log = dir.resolve("child-" + System.nanoTime() + ".log");
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(CHILD_TIMEOUT_S, TimeUnit.SECONDS))
        {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            throw new AssertionError("no exit within " + CHILD_TIMEOUT_S + " s: " + command + "\n" + read(log));
        }
        final String output = read(log);
        assertEquals(0, p.exitValue(), () -> command + "\n" + output);
        final List<String> lines = Arrays.asList(output.split("\\R"));
        assertFalse(lines.isEmpty(), "no output");
        return lines;
    }

    private static String read(final Path log)
    {
        try
        {
            return Files.readString(log, StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static String path(final Path... first)
    {
        final List<String> entries = new ArrayList<>();
        for (final Path p : first)
        {
            entries.add(p.toString());
        }
        modulePath.forEach(p -> entries.add(p.toString()));
        return String.join(File.pathSeparator, entries);
    }

    private static Path root()
    {
        Path d = Path.of("").toAbsolutePath();
        while (d != null && !Files.isRegularFile(d.resolve("bom/pom.xml")))
        {
            d = d.getParent();
        }
        assertTrue(d != null, "no repository root above the working directory");
        return d;
    }
}
