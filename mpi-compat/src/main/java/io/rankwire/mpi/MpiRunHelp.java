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
        "Open MPI options, with one dash or two: -np N, -N N (--npernode, --map-by ppr:N:node), -H/-host,",
        "--hostfile, --oversubscribe, --timeout SECONDS (or $MPIEXEC_TIMEOUT), -x NAME[=VALUE], -wdir DIR,",
        "-q, --tag-output, --output-filename DIR (DIR/1/rank.R/stdout and stderr), --report-bindings,",
        "--bind-to core|none, --allow-run-as-root (no effect). --mca btl (or $OMPI_MCA_btl) chooses the",
        "transport: vader/sm/shm: shm, tcp: tcp, both: auto, self ignored, ^LIST excludes; other --mca",
        "parameters and --map-by policies are accepted with one warning and have no effect. Ranks see",
        "OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK, _LOCAL_SIZE and _NODE_RANK.",
        "",
        "Examples:",
        "  mpijavac Hello.java && mpirun -np 4 java Hello",
        "  mpirun -np 4 --transport sim java -Xmx256m -cp app.jar Ring 10",
        "  mpirun -np 8 --hostfile hosts --timeout 300 java -cp app.jar Main",
        "  mpirun -mca btl ^openib -np 4 -x OMP_NUM_THREADS=1 java -cp app.jar Main",
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
