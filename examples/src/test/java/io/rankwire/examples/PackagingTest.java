package io.rankwire.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Inspects what the build makes for users of the library: each library module's jar, sources jar
 * and javadoc jar, the manifests, the licence and the metadata of the poms, and the BOM. Runs in
 * {@code mvn verify} (or {@code package}), after the library modules were packaged; a run that
 * stops before packaging ({@code mvn test}) has no jars to inspect and skips the jar checks.
 */
class PackagingTest
{
    /** Library module directory to artifact id and module name. */
    private static final Map<String, String[]> LIBRARIES = Map.of(
        "runtime", new String[] {"rankwire-runtime", "io.rankwire"},
        "transport-sim", new String[] {"rankwire-transport-sim", "io.rankwire.transport.sim"},
        "transport-tcp", new String[] {"rankwire-transport-tcp", "io.rankwire.transport.tcp"},
        "transport-shm", new String[] {"rankwire-transport-shm", "io.rankwire.transport.shm"},
        "launcher", new String[] {"rankwire-launcher", "io.rankwire.launcher"},
        "mpi-compat", new String[] {"rankwire-mpi", "io.rankwire.mpi"});
    private static final String VERSION = System.getProperty("expected.version");

    private static Path root()
    {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("bom/pom.xml")))
        {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "no repository root above the working directory");
        return dir;
    }

    static Stream<String> libraries()
    {
        return LIBRARIES.keySet().stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("libraries")
    void libraryJarsShouldComeWithSourcesJavadocAndManifest(final String module) throws IOException
    {
        final String[] names = LIBRARIES.get(module);
        final Path target = root().resolve(module).resolve("target");
        final Path jar = target.resolve(names[0] + "-" + VERSION + ".jar");
        assumeTrue(Files.isRegularFile(jar), () -> jar + " not built yet (mvn package makes it)");
        try (JarFile j = new JarFile(jar.toFile()))
        {
            final Attributes main = j.getManifest().getMainAttributes();
            assertEquals(VERSION, main.getValue("Implementation-Version"), jar::toString);
            assertEquals(names[1], main.getValue("Automatic-Module-Name"), jar::toString);
        }
        final ModuleDescriptor descriptor = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
        assertEquals(names[1], descriptor.name(), jar::toString);
        assertFalse(descriptor.isAutomatic(), () -> jar + " has no module-info.class");
        try (JarFile sources = new JarFile(target.resolve(names[0] + "-" + VERSION + "-sources.jar").toFile()))
        {
            assertTrue(sources.stream().anyMatch(e -> e.getName().endsWith(".java")), "no sources in " + sources.getName());
        }
        try (JarFile javadoc = new JarFile(target.resolve(names[0] + "-" + VERSION + "-javadoc.jar").toFile()))
        {
            assertTrue(javadoc.getEntry("index.html") != null, "no index.html in " + javadoc.getName());
        }
    }

    @Test
    void changelogShouldListThisVersionAndStateTheVersionScheme() throws IOException
    {
        final String release = VERSION.replace("-SNAPSHOT", "");
        final String changelog = Files.readString(root().resolve("CHANGELOG.md"));
        assertTrue(changelog.contains("[Keep a Changelog]"), "CHANGELOG.md names its format");
        assertTrue(changelog.contains("[Semantic Versioning]"), "CHANGELOG.md states the version scheme");
        final String heading = VERSION.endsWith("-SNAPSHOT") ? "## [Unreleased] - " + release : "## [" + release + "]";
        assertTrue(changelog.contains(heading), "CHANGELOG.md has no section '" + heading + "'");
        for (final String section : List.of("### Added"))
        {
            assertTrue(changelog.contains(section), "CHANGELOG.md lacks " + section);
        }
        final String readme = Files.readString(root().resolve("README.md"));
        assertTrue(readme.contains("CHANGELOG.md") && readme.contains("Semantic Versioning"),
            "README.md points to the changelog and names the version scheme");
    }

    @Test
    void readmeAndDocsShouldPointOnlyInsideTheRepository() throws IOException
    {
        final Pattern link = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
        final List<Path> pages = new ArrayList<>(List.of(root().resolve("README.md")));
        try (Stream<Path> docs = Files.list(root().resolve("docs")))
        {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
        }
        for (final Path page : pages)
        {
            final String text = Files.readString(page);
            assertFalse(text.contains("../shared"), page + " names a file outside the repository");
            final Matcher m = link.matcher(text);
            while (m.find())
            {
                final String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:"))
                {
                    continue;
                }
                final Path resolved = page.getParent().resolve(target).normalize();
                assertTrue(resolved.startsWith(root().normalize()), page + " links outside the repository: " + target);
                assertTrue(Files.exists(resolved), page + " links to a missing file: " + target);
            }
        }
    }

    @Test
    void licenceAndPomMetadataShouldBeThere() throws IOException
    {
        final String licence = Files.readString(root().resolve("LICENSE"));
        assertTrue(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"));
        final String pom = Files.readString(root().resolve("pom.xml"));
        for (final String element : List.of("<name>", "<description>", "<url>", "<licenses>", "<scm", "<developers>"))
        {
            assertTrue(pom.contains(element), "root pom lacks " + element);
        }
        assertTrue(pom.contains("<name>Apache License, Version 2.0</name>"), pom);
        for (final String module : LIBRARIES.keySet())
        {
            final String modulePom = Files.readString(root().resolve(module).resolve("pom.xml"));
            assertTrue(modulePom.contains("<name>") && modulePom.contains("<description>"), module + "/pom.xml");
        }
    }

    @Test
    void bomShouldManageEveryLibraryAndNothingElse() throws IOException
    {
        final String bom = Files.readString(root().resolve("bom/pom.xml"));
        assertFalse(bom.contains("<parent>"), "the BOM must not inherit the build's dependency management");
        final Matcher m = Pattern.compile("<artifactId>(rankwire-[a-z-]+)</artifactId>").matcher(bom);
        final TreeSet<String> managed = new TreeSet<>();
        while (m.find())
        {
            managed.add(m.group(1));
        }
        managed.remove("rankwire-bom");
        final TreeSet<String> expected = new TreeSet<>();
        LIBRARIES.values().forEach(v -> expected.add(v[0]));
        assertEquals(expected, managed);
    }

    @Test
    void noPomShouldDeclareAnUnusedDisruptor() throws IOException
    {
        try (Stream<Path> poms = Files.walk(root(), 2))
        {
            poms.filter(p -> p.getFileName().toString().equals("pom.xml")).forEach(p ->
            {
                try
                {
                    assertFalse(Files.readString(p).contains("disruptor"), p::toString);
                }
                catch (final IOException e)
                {
                    throw new IllegalStateException(e);
                }
            });
        }
    }
}
