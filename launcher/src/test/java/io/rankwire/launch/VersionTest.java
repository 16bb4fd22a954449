package io.rankwire.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code rwrun --version}: the version from the launcher jar's manifest, else from the build's resource. */
@Timeout(60)
class VersionTest
{
    private static final String EXPECTED = System.getProperty("expected.version");

    @TempDir
    Path dir;

    @Test
    void shouldPrintVersionAndExitZeroWithoutOtherOptions()
    {
        assertFalse(EXPECTED == null || EXPECTED.isEmpty(), "the build sets expected.version");
        for (final String option : List.of("--version", "-V"))
        {
            final LaunchFixture.Result r = LaunchFixture.rwrunRaw(System.getenv(), new String[] {option});
            assertEquals(0, r.code, r::toString);
            assertEquals("rwrun (Rankwire) " + EXPECTED, r.outLines().get(0), r::toString);
            assertTrue(r.outLines().get(1).startsWith("Java " + System.getProperty("java.version")), r::toString);
            assertEquals("", r.err, r::toString);
        }
    }

    @Test
    void shouldPreferManifestOfLauncherJar() throws Exception
    {
        final Path classes = Path.of(Version.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final Path jar = dir.resolve("rankwire-launcher-test.jar");
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, "9.8.7-manifest");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest))
        {
            for (final String name : List.of("io/rankwire/launch/Version.class", "io/rankwire/launch/version.properties"))
            {
                out.putNextEntry(new JarEntry(name));
                Files.copy(classes.resolve(name), out);
                out.closeEntry();
            }
        }
        assertEquals("mpijavac (Rankwire) 9.8.7-manifest", runVersionMain(jar.toString()));
        // the same class from the class directory: the version the build wrote into version.properties
        assertEquals("mpijavac (Rankwire) " + EXPECTED, runVersionMain(classes.toString()));
    }

    private static String runVersionMain(final String classPath) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", classPath, Version.class.getName(), "mpijavac").redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out.lines().findFirst().orElse("");
    }
}
