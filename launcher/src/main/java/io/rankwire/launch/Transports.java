package io.rankwire.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.rankwire.spi.TransportProvider;

/**
 * The transports a job can use: the {@link TransportProvider}s that {@link ServiceLoader} finds
 * on the class path the ranks will have (Rankwire's, then the application's {@code -cp}), and
 * what each says about itself. The launcher decides by these capabilities, never by a
 * transport's name, so a transport it has never heard of works as one JVM per rank.
 * Providers come from the launcher's own class loader first; only those found on the
 * application's class path alone are loaded (and instantiated) from it, in a loader closed
 * again before the job starts.
 */
final class Transports
{
    /** A transport chosen for a job. */
    record Choice(String name, boolean ranksShareOneJvm)
    {
    }

    private static final int MAX_ERRORS = 64;

    /** Name to {@link TransportProvider#ranksShareOneJvm()}, sorted by name. */
    private final Map<String, Boolean> found;

    private Transports(final Map<String, Boolean> found)
    {
        this.found = found;
    }

    /** The providers on {@code rankwireClassPath} and {@code userClassPath}, beyond this JVM's own. */
    static Transports find(final List<String> rankwireClassPath, final List<String> userClassPath)
    {
        final Set<String> own = ClassPaths.split(System.getProperty("java.class.path")).stream()
            .map(Transports::absolute).collect(Collectors.toSet());
        final List<String> extra = new ArrayList<>();
        for (final String entry : concat(rankwireClassPath, userClassPath))
        {
            if (!own.contains(absolute(entry)))
            {
                extra.add(entry);
            }
        }
        final URL[] urls;
        try
        {
            urls = ClassPaths.urls(extra);
        }
        catch (final UncheckedIOException e)
        {
            throw new IllegalArgumentException("invalid value for -cp: " + e.getMessage() + " (" +
                e.getCause().getMessage() + ")", e);
        }
        final Map<String, Boolean> found = new TreeMap<>();
        try (URLClassLoader loader = new URLClassLoader("rwrun-transports", urls, Transports.class.getClassLoader()))
        {
            final Iterator<TransportProvider> it = ServiceLoader.load(TransportProvider.class, loader).iterator();
            while (hasNext(it))
            {
                try
                {
                    final TransportProvider p = it.next();
                    found.putIfAbsent(p.name(), p.ranksShareOneJvm());
                }
                catch (final ServiceConfigurationError | RuntimeException | LinkageError e)
                {
                    // a provider that cannot be loaded here is not offered; the others still are
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        return new Transports(found);
    }

    /**
     * The transport named {@code name}.
     *
     * @param source the option or variable the name came from, for the message
     * @throws IllegalArgumentException naming the value and the transports found
     */
    Choice choose(final String name, final String source)
    {
        final Boolean shareOneJvm = found.get(name);
        if (shareOneJvm == null)
        {
            throw new IllegalArgumentException("invalid value for " + source + ": '" + name + "' (expected: " +
                (found.isEmpty() ? "a transport on the class path; none was found" :
                    "a transport found on the class path: " + String.join(", ", found.keySet())) + ")");
        }
        return new Choice(name, shareOneJvm);
    }

    /** The names found, sorted. */
    Set<String> names()
    {
        return found.keySet();
    }

    /** Skips broken {@code META-INF/services} entries; gives up after {@value #MAX_ERRORS} in a row. */
    private static boolean hasNext(final Iterator<TransportProvider> it)
    {
        for (int errors = 0; errors < MAX_ERRORS; errors++)
        {
            try
            {
                return it.hasNext();
            }
            catch (final ServiceConfigurationError e)
            {
                // the iterator moves on to the next entry
            }
        }
        return false;
    }

    private static List<String> concat(final List<String> a, final List<String> b)
    {
        final List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String absolute(final String entry)
    {
        try
        {
            return Path.of(entry).toAbsolutePath().normalize().toString();
        }
        catch (final RuntimeException e)
        {
            return entry;
        }
    }
}
