package io.rankwire.mpi;

import java.io.File;
import java.io.IOException;
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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@code bin/mpirun} and {@code bin/mpijavac} themselves over a {@code RANKWIRE_HOME} whose
 * {@code lib/} holds this JVM's class path without the tests (class directories packed as jars),
 * as {@code mvn package} fills {@code dist/target/rankwire/lib}.
 */
@Timeout(120)
class MpiScriptsTest
{
    private static final String EXPECTED = System.getProperty("expected.version");

    @TempDir
    Path home;

    /** What a script printed and how it ended. */
    private record Run(int code, String out, String err)
    {
        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @BeforeEach
    void fillLib() throws Exception
    {
        final Path lib = Files.createDirectories(home.resolve("lib"));
        final Path tests = Path.of(MpiScriptsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
        {
            final Path path = Path.of(entry).toAbsolutePath();
            // test classes: a -tests.jar after package, <module>/target/test-classes before (mvn test)
            final String name = path.getFileName().toString();
            if (path.equals(tests.toAbsolutePath()) || name.endsWith("-tests.jar") ||
                name.equals("test-classes") && Files.isDirectory(path))
            {
                continue;
            }
            if (Files.isDirectory(path))
            {
                // <module>/target/classes, named as the module's jar is (mpi-compat's is rankwire-mpi-*)
                final String module = path.getParent().getParent().getFileName().toString();
                jar(path, lib.resolve("rankwire-" + (module.equals("mpi-compat") ? "mpi" : module) + "-classes.jar"));
            }
            else if (Files.isRegularFile(path))
            {
                Files.copy(path, lib.resolve(path.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
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

    private static Path script(final String name) throws Exception
    {
        final Path tests = Path.of(MpiScriptsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return tests.resolve("../../../bin").resolve(name).normalize();
    }

    private Run run(final Path workDir, final String script, final String... args) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(script(script).toString()));
        command.addAll(List.of(args));
        final ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        pb.environment().put("RANKWIRE_HOME", home.toString());
        pb.environment().remove("RANKWIRE_TRANSPORT");
        pb.environment().remove("CLASSPATH");
        final Process p = pb.start();
        p.getOutputStream().close();
        final String[] err = new String[1];
        final Thread errReader = new Thread(() ->
        {
            try
            {
                err[0] = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            }
            catch (final IOException e)
            {
                err[0] = e.toString();
            }
        });
        errReader.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS));
        errReader.join();
        return new Run(p.exitValue(), out, err[0]);
    }

    @Test
    void mpirunShouldPrintVersion() throws Exception
    {
        final Run r = run(home, "mpirun", "--version");
        assertEquals(0, r.code(), r::toString);
        assertEquals("mpirun (Rankwire) " + EXPECTED, r.out().lines().findFirst().orElse(""), r::toString);
    }

    @Test
    void mpirunHelpShouldShowJavaFormAndRwrunOptions() throws Exception
    {
        final Run r = run(home, "mpirun", "--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("Usage: mpirun -np N [options] java [JVM options] MainClass [args...]"),
            r::toString);
        assertTrue(r.out().contains("--transport=NAME") && r.out().contains("--timeout"), r::toString);
    }

    @Test
    void mpijavacShouldPrintVersionThenJavacs() throws Exception
    {
        final Run r = run(home, "mpijavac", "--version");
        assertEquals(0, r.code(), r::toString);
        final List<String> lines = (r.out() + r.err()).lines().collect(Collectors.toList());
        assertEquals("mpijavac (Rankwire) " + EXPECTED, lines.get(0), r::toString);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("javac ")), r::toString);
    }

    @Test
    void mpijavacShowmeShouldPrintTheCommandAndCompileNothing() throws Exception
    {
        final Path work = Files.createDirectories(home.resolve("work"));
        Files.writeString(work.resolve("Hello.java"), "public class Hello { }\n");
        final Run r = run(work, "mpijavac", "--showme", "-d", "out", "Hello.java");
        assertEquals(0, r.code(), r::toString);
        final String line = r.out().strip();
        assertTrue(line.matches(".*javac -cp .*/lib/\\\\\\*:\\. -d out Hello\\.java"), r::toString);
        assertTrue(Files.notExists(work.resolve("out")), "--showme compiled: " + r);
        // without --showme the same command compiles against the mpi classes
        final Path src = work.resolve("UsesMpi.java");
        Files.writeString(src, "public class UsesMpi { public static void main(String[] a) throws Exception " +
            "{ mpi.MPI.Init(a); mpi.MPI.Finalize(); } }\n");
        final Run compiled = run(work, "mpijavac", "-d", "out", "UsesMpi.java");
        assertEquals(0, compiled.code(), compiled::toString);
        assertTrue(Files.isRegularFile(work.resolve("out/UsesMpi.class")), compiled::toString);
    }
}
