package io.rankwire.mpi;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.rankwire.launch.Rwrun;
import io.rankwire.launch.Version;

/**
 * {@code mpirun}: Open MPI's command-line form for Java programs over Rankwire's launcher,
 *
 * <pre>
 * mpirun [rwrun options] java [JVM options] MainClass [args...]
 * </pre>
 *
 * translated into {@code rwrun [rwrun options] -cp CP -J<jvm option>... MainClass args...}. The
 * JVM's {@code -cp}/{@code -classpath}/{@code --class-path} becomes rwrun's {@code -cp}; without
 * one, {@code $CLASSPATH}, else the current directory, as {@code java} itself does. Every other JVM
 * option goes to each rank's JVM. Rankwire's jars (with the {@code mpi} classes) are always on
 * the ranks' class path. Without the {@code java} word the arguments go to rwrun unchanged.
 */
public final class MpiRun
{
    /** JVM options that take a value as the next argument. */
    private static final Set<String> JVM_VALUED = Set.of(
        "--add-opens", "--add-exports", "--add-modules", "--add-reads", "--limit-modules", "--patch-module");
    /** Open MPI options dropped here (rwrun accepts the others: --oversubscribe, --mca, --bind-to, --map-by). */
    private static final Set<String> IGNORED = Set.of("--allow-run-as-root");

    private MpiRun()
    {
    }

    /** Runs the job with Rankwire's class path taken from this JVM and exits with its code. */
    public static void main(final String[] args)
    {
        System.exit(execute(args, System.out, System.err, System.getenv(), System.getProperty("java.class.path")));
    }

    /** Runs the job; the first non-zero rank exit code, or rwrun's own code. */
    public static int execute(
        final String[] args, final PrintStream out, final PrintStream err, final Map<String, String> environment,
        final String rankwireClassPath)
    {
        for (int i = 0; i < args.length && !"java".equals(args[i]); i++)
        {
            if (args[i].equals("--version") || args[i].equals("-V"))
            {
                for (final String line : Version.lines("mpirun"))
                {
                    out.println(line);
                }
                return 0;
            }
            if (args[i].equals("--help") || args[i].equals("-h"))
            {
                MpiRunHelp.print(out);
                return Rwrun.execute("mpirun", new String[] {"--help"}, out, err, environment, rankwireClassPath);
            }
        }
        final List<String> argv;
        try
        {
            argv = translate(args, environment);
        }
        catch (final IllegalArgumentException e)
        {
            err.println("mpirun: " + e.getMessage());
            return 2;
        }
        return Rwrun.execute("mpirun", argv.toArray(new String[0]), out, err, environment, rankwireClassPath);
    }

    /** The rwrun arguments for an mpirun command line. */
    static List<String> translate(final String[] args, final Map<String, String> environment)
    {
        final List<String> out = new ArrayList<>();
        boolean classPathGiven = false;
        int i = 0;
        while (i < args.length && !"java".equals(args[i]))
        {
            final String a = args[i++];
            if (IGNORED.contains(a))
            {
                continue;
            }
            classPathGiven |= a.equals("-cp") || a.equals("--class-path") || a.equals("-classpath");
            out.add(a);
            final int values = Rwrun.optionValues(a); // rwrun's options in every form it accepts (-np, -mca, --mca, ...)
            if (values < 0)
            {
                return passThrough(args);
            }
            for (int v = 0; v < values && i < args.length; v++)
            {
                out.add(args[i++]);
            }
        }
        if (i == args.length)
        {
            return passThrough(args);
        }
        i++;
        final List<String> jvm = new ArrayList<>();
        for (; i < args.length && args[i].startsWith("-"); i++)
        {
            final String a = args[i];
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path"))
            {
                out.add("-cp");
                out.add(value(args, ++i, a));
                classPathGiven = true;
            }
            else if (a.equals("-jar"))
            {
                throw new IllegalArgumentException("java -jar is not supported (expected: java -cp JAR MainClass)");
            }
            else if (JVM_VALUED.contains(a))
            {
                jvm.add("-J" + a + "=" + value(args, ++i, a));
            }
            else
            {
                jvm.add("-J" + a);
            }
        }
        if (i == args.length)
        {
            throw new IllegalArgumentException("java: no main class (expected: java [JVM options] MainClass [args...])");
        }
        if (!classPathGiven)
        {
            final String cp = environment.get("CLASSPATH");
            out.add("-cp");
            out.add(cp == null || cp.isEmpty() ? "." : cp);
        }
        out.addAll(jvm);
        for (; i < args.length; i++)
        {
            out.add(args[i]);
        }
        return out;
    }

    private static List<String> passThrough(final String[] args)
    {
        final List<String> out = new ArrayList<>();
        for (final String a : args)
        {
            if (!IGNORED.contains(a))
            {
                out.add(a);
            }
        }
        return out;
    }

    private static String value(final String[] args, final int i, final String option)
    {
        if (i >= args.length)
        {
            throw new IllegalArgumentException("java " + option + ": missing value");
        }
        return args[i];
    }
}
