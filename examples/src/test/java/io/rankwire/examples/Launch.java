package io.rankwire.examples;

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
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.rankwire.launch.Rwrun;

/**
 * Runs an example as a job through the launcher's Java entry point, the way {@code bin/rwrun}
 * does: Rankwire and the libraries come from this JVM's class path, the examples' classes are
 * given with {@code -cp} (so each in-JVM rank loads its own copy).
 */
public final class Launch
{
    /** Keeps rank JVMs light on a small machine. */
    private static final List<String> LIGHT_JVM = List.of(
        "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx256m", "-J-Xss512k");

    private Launch()
    {
    }

    /** What a job printed and how it ended. */
    public static final class Result
    {
        public final int code;
        public final String out;
        public final String err;

        Result(final int code, final String out, final String err)
        {
            this.code = code;
            this.out = out;
            this.err = err;
        }

        /** Lines rank {@code rank} printed on stdout, without the {@code [rank] } tag. */
        public List<String> lines(final int rank)
        {
            final String tag = "[" + rank + "] ";
            return out.lines().filter(l -> l.startsWith(tag)).map(l -> l.substring(tag.length()))
                .collect(Collectors.toList());
        }

        /** The first of rank {@code rank}'s lines matching {@code regex} entirely, or an assertion error. */
        public Matcher line(final int rank, final String regex)
        {
            final Pattern p = Pattern.compile(regex);
            for (final String l : lines(rank))
            {
                final Matcher m = p.matcher(l);
                if (m.matches())
                {
                    return m;
                }
            }
            throw new AssertionError("no line of rank " + rank + " matches /" + regex + "/ in\n" + this);
        }

        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** Runs {@code main} on {@code np} ranks over {@code transport} with {@code args}. */
    public static Result run(final String transport, final int np, final Class<?> main, final String... args)
    {
        return run(System.getenv(), List.of(), transport, np, main, args);
    }

    /**
     * Like {@link #run(String, int, Class, String...)} with this environment and these extra rwrun
     * options; a null {@code transport} gives no {@code --transport} (the launcher's default).
     */
    public static Result run(
        final Map<String, String> environment, final List<String> options, final String transport, final int np,
        final Class<?> main, final String... args)
    {
        return run(environment, options, transport, np, rankwireClassPath(), main, args);
    }

    /** Like {@link #run(Map, List, String, int, Class, String...)} with Rankwire's class path given. */
    public static Result run(
        final Map<String, String> environment, final List<String> options, final String transport, final int np,
        final String rankwireClassPath, final Class<?> main, final String... args)
    {
        final List<String> argv = new ArrayList<>(List.of("-np", Integer.toString(np),
            "--timeout", "50s", "-cp", examplesClasses()));
        if (transport != null)
        {
            argv.addAll(0, List.of("--transport", transport));
        }
        argv.addAll(LIGHT_JVM);
        argv.addAll(options);
        argv.add(main.getName());
        argv.addAll(Arrays.asList(args));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = Rwrun.execute(argv.toArray(new String[0]), o, e, environment, rankwireClassPath);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The directory (or jar) the example classes were loaded from. */
    static String examplesClasses()
    {
        return location(PingPong.class);
    }

    /**
     * Rankwire's class path as the launcher finds it in a distribution, jars only: this JVM's, with
     * each class directory (the reactor's modules before {@code package}, as under {@code mvn test})
     * packed into a jar under {@code dir}, named after its module.
     */
    public static String rankwireJars(final Path dir) throws IOException
    {
        final List<String> entries = new ArrayList<>();
        for (final String entry : rankwireClassPath().split(File.pathSeparator))
        {
            final Path path = Path.of(entry);
            if (Files.isDirectory(path))
            {
                // <module>/target/classes
                final Path jar = dir.resolve("rankwire-" + path.getParent().getParent().getFileName() + "-classes.jar");
                pack(path, jar);
                entries.add(jar.toString());
            }
            else
            {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void pack(final Path classes, final Path jarFile) throws IOException
    {
        Files.createDirectories(jarFile.getParent());
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(jarFile));
            Stream<Path> files = Files.walk(classes))
        {
            for (final Path f : files.filter(Files::isRegularFile).sorted().collect(Collectors.toList()))
            {
                jar.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, jar);
                jar.closeEntry();
            }
        }
    }

    /** This JVM's class path without the examples' own classes and tests. */
    private static String rankwireClassPath()
    {
        final String main = examplesClasses();
        final String tests = location(Launch.class);
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> !e.isEmpty())
            .filter(e ->
            {
                final String abs = Path.of(e).toAbsolutePath().toString();
                return !abs.equals(main) && !abs.equals(tests);
            })
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
