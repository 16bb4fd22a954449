package io.rankwire.launch;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs {@link Rwrun#execute} the way {@code bin/rwrun} does, with Rankwire's class path taken from
 * this JVM minus the test classes, which are given as the application's {@code -cp}: so an in-JVM
 * job's rank class loaders, not the shared parent, load the test mains.
 */
final class LaunchFixture
{
    /** Keeps rank JVMs light on a small machine. */
    static final List<String> LIGHT_JVM = List.of("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-Xmx64m");

    private LaunchFixture()
    {
    }

    static final class Result
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

        List<String> outLines()
        {
            return out.lines().collect(Collectors.toList());
        }

        @Override
        public String toString()
        {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static String testClasses()
    {
        try
        {
            return Path.of(LaunchFixture.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        }
        catch (final URISyntaxException e)
        {
            throw new IllegalStateException(e);
        }
    }

    static String rankwireClassPath()
    {
        final String tests = testClasses();
        return ClassPaths.split(System.getProperty("java.class.path")).stream()
            .filter(e -> !Path.of(e).toAbsolutePath().toString().equals(tests))
            .collect(Collectors.joining(File.pathSeparator));
    }

    /** Runs rwrun with the light JVM options, {@code -cp <test classes>}, then {@code args}. */
    static Result rwrun(final String... args)
    {
        final List<String> all = new ArrayList<>(LIGHT_JVM);
        all.add("-cp");
        all.add(testClasses());
        all.addAll(List.of(args));
        return rwrunRaw(System.getenv(), all.toArray(new String[0]));
    }

    /** Runs rwrun with exactly {@code args}. */
    static Result rwrunRaw(final Map<String, String> environment, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = Rwrun.execute(args, o, e, environment, rankwireClassPath());
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs the launcher as {@code mpirun} with the light JVM options, {@code -cp <test classes>}, then {@code args}. */
    static Result mpirun(final Map<String, String> environment, final String... args)
    {
        final List<String> all = new ArrayList<>(LIGHT_JVM);
        all.add("-cp");
        all.add(testClasses());
        all.addAll(List.of(args));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = Rwrun.execute("mpirun", all.toArray(new String[0]), o, e, environment, rankwireClassPath());
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The processes this JVM started that are still alive. */
    static List<ProcessHandle> liveDescendants()
    {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).collect(Collectors.toList());
    }
}
