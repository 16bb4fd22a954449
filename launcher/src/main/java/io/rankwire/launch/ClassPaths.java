package io.rankwire.launch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Class paths as the launcher handles them: entries split at the platform's separator,
 * {@code dir/*} for the jars in {@code dir}.
 */
final class ClassPaths
{
    /** {@code entries} made absolute against the launcher's working directory (for ranks started elsewhere: {@code --wdir}). */
    static List<String> absolute(final List<String> entries)
    {
        final List<String> out = new ArrayList<>(entries.size());
        for (final String entry : entries)
        {
            final boolean wildcard = entry.endsWith("*");
            final String path = wildcard ? entry.substring(0, entry.length() - 1) : entry;
            final String abs = Path.of(path.isEmpty() ? "." : path).toAbsolutePath().normalize().toString();
            out.add(wildcard ? abs + File.separator + "*" : abs);
        }
        return out;
    }

    private ClassPaths()
    {
    }

    /** The non-empty entries of {@code path}; none for null. */
    static List<String> split(final String path)
    {
        final List<String> entries = new ArrayList<>();
        if (path != null)
        {
            for (final String e : path.split(Pattern.quote(File.pathSeparator)))
            {
                if (!e.isEmpty())
                {
                    entries.add(e);
                }
            }
        }
        return entries;
    }

    /**
     * The URLs of {@code entries} for a class loader, a {@code dir/*} entry expanded to the jars
     * in {@code dir} in name order, as the {@code java} launcher does.
     *
     * @throws IllegalArgumentException naming an entry that is not a valid path
     * @throws UncheckedIOException     if a wildcard entry's directory cannot be listed
     */
    static URL[] urls(final List<String> entries)
    {
        final List<URL> urls = new ArrayList<>();
        for (final String entry : entries)
        {
            try
            {
                if (entry.endsWith("*"))
                {
                    final Path dir = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 1));
                    try (Stream<Path> jars = Files.list(dir))
                    {
                        for (final Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted()
                            .collect(Collectors.toList()))
                        {
                            urls.add(jar.toUri().toURL());
                        }
                    }
                }
                else
                {
                    urls.add(Path.of(entry).toAbsolutePath().toUri().toURL());
                }
            }
            catch (final MalformedURLException | InvalidPathException e)
            {
                throw new IllegalArgumentException("class path entry : '" + entry + "' (" + e.getMessage() + ")", e);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("cannot list class path entry '" + entry + "'", e);
            }
        }
        return urls.toArray(new URL[0]);
    }
}
