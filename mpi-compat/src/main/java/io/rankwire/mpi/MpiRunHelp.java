package io.rankwire.mpi;

import java.io.PrintStream;

/** The part of {@code mpirun --help} that is mpirun's own; rwrun's option list follows it. */
final class MpiRunHelp
{
    private static final String[] LINES = {
        "Usage: mpirun -np N [options] java [JVM options] MainClass [args...]",
        "       mpirun -np N [options] MainClass [args...]            (rwrun's form, with -cp among the options)",
        "",
        "Runs MainClass as an N-rank Rankwire job, as Open MPI's mpirun runs a Java program.",
        "The java part: -cp/-classpath/--class-path becomes the ranks' class path (default $CLASSPATH, else .);",
        "every other JVM option goes to each rank's JVM; java -jar is not supported. Rankwire's jars, with the",
        "mpi classes, are always on the ranks' class path.",
        "",
        "Open MPI options: --oversubscribe (more ranks than hostfile slots), --timeout SECONDS, -x NAME[=VALUE],",
        "--allow-run-as-root (no effect); --mca NAME VALUE, --bind-to WHAT and --map-by WHAT are accepted",
        "with a warning that they have no effect.",
        "",
        "Examples:",
        "  mpijavac Hello.java && mpirun -np 4 java Hello",
        "  mpirun -np 4 --transport sim java -Xmx256m -cp app.jar Ring 10",
        "  mpirun -np 8 --hostfile hosts --timeout 300 java -cp app.jar Main",
        "",
        "The options before 'java' are rwrun's (docs/LAUNCHER.md):",
        ""};

    private MpiRunHelp()
    {
    }

    static void print(final PrintStream out)
    {
        for (final String line : LINES)
        {
            out.println(line);
        }
    }
}
