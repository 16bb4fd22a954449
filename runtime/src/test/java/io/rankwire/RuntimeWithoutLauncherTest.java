package io.rankwire;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every rank loads the runtime, so it carries nothing of the launcher: no class of package
 * {@code io.rankwire.launch} and no reference to picocli (the launcher's command-line parser) in
 * any class file of the runtime's classes directory or jar, and picocli is not on its class path.
 */
class RuntimeWithoutLauncherTest
{
    private static final String[] FORBIDDEN = {"io/rankwire/launch", "picocli"};

    @Test
    void shouldHoldNoLauncherClassAndReferToNeitherLauncherNorPicocli() throws Exception
    {
        final TreeMap<String, byte[]> classes = runtimeClasses();
        assertFalse(classes.isEmpty(), "no files found where io.rankwire.Rankwire was loaded from");
        assertTrue(classes.keySet().stream().anyMatch(n -> n.startsWith("io/rankwire/bootstrap/")),
            "the rank side of the bootstrap is missing: " + classes.keySet());
        final List<String> offenders = new ArrayList<>();
        classes.forEach((name, bytes) ->
        {
            final String text = new String(bytes, StandardCharsets.ISO_8859_1);
            for (final String forbidden : FORBIDDEN)
            {
                if (name.startsWith(forbidden) || text.contains(forbidden))
                {
                    offenders.add(name + " (" + forbidden + ")");
                }
            }
        });
        assertEquals(List.of(), offenders);
    }

    @Test
    void shouldNotHavePicocliOnTheClassPath()
    {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("picocli.CommandLine"));
    }

    /** Name to bytes of every file where {@link Rankwire} comes from: a directory or a jar. */
    private static TreeMap<String, byte[]> runtimeClasses() throws IOException, URISyntaxException
    {
        final Path root = Path.of(Rankwire.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        final TreeMap<String, byte[]> classes = new TreeMap<>();
        if (Files.isDirectory(root))
        {
            try (Stream<Path> files = Files.walk(root))
            {
                for (final Path f : (Iterable<Path>)files.filter(Files::isRegularFile)::iterator)
                {
                    classes.put(root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
                }
            }
            return classes;
        }
        try (JarFile jar = new JarFile(root.toFile()))
        {
            for (final Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); )
            {
                final JarEntry entry = e.nextElement();
                if (!entry.isDirectory())
                {
                    try (InputStream in = jar.getInputStream(entry))
                    {
                        classes.put(entry.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return classes;
    }
}
