package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The size rule of the project's main sources: no file over {@value #MAX_LINES} lines. A module
 * checks its own sources with {@link #checkMainSources()} (tests run in the module's directory);
 * docs/ARCHITECTURE.md lists the modules that do.
 */
public final class SourceFileSize
{
    /** The most lines a main source file may have. */
    public static final int MAX_LINES = 450;

    private SourceFileSize()
    {
    }

    /** Fails naming every {@code .java} file under {@code src/main/java} over {@value #MAX_LINES} lines. */
    public static void checkMainSources()
    {
        check(Path.of("src/main/java"), MAX_LINES);
    }

    /** Fails naming every {@code .java} file under {@code root} over {@code maxLines} lines, or when there is none. */
    public static void check(final Path root, final int maxLines)
    {
        final List<Path> sources;
        try (Stream<Path> files = Files.walk(root))
        {
            sources = files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("source root " + root.toAbsolutePath(), ex);
        }
        assertTrue(!sources.isEmpty(), "no .java files under " + root.toAbsolutePath());
        final Map<String, Long> longFiles = new TreeMap<>();
        for (final Path f : sources)
        {
            final long lines = lines(f);
            if (lines > maxLines)
            {
                longFiles.put(root.relativize(f).toString(), lines);
            }
        }
        assertEquals(Map.of(), longFiles, "main source files over " + maxLines + " lines under " + root);
    }

    private static long lines(final Path f)
    {
        try (Stream<String> lines = Files.lines(f))
        {
            return lines.count();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(f.toString(), ex);
        }
    }
}
