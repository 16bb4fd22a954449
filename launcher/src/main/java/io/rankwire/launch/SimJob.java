package io.rankwire.launch;

import java.io.PrintStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.bootstrap.JobEnvironment;
import io.rankwire.bootstrap.JobIdentity;
import io.rankwire.bootstrap.JobVariables;
import io.rankwire.bootstrap.LauncherWatch;

/**
 * The JVM of an in-JVM job (over a transport whose ranks share one JVM, such as {@code sim}),
 * started by {@code rwrun}: runs every rank's {@code main} on its own thread, in its own
 * {@link RankClassLoader}, with its {@link JobEnvironment} installed on that thread (and
 * inherited by the threads it starts) and one {@link InMemoryBootstrap} shared by the job.
 * Exits 0 when every rank's {@code main} returned, or 1 as soon as one throws (naming the rank),
 * or when one returned without closing Rankwire. Ends itself when {@code rwrun} is gone
 * ({@link LauncherWatch}).
 * <p>
 * Arguments: {@code N tagOutput(true|false) userClassPath MainClass args...}; the job's identity
 * (id, secret, transport, settings) comes from the variables {@code rwrun} sets, never from
 * the arguments.
 */
public final class SimJob
{
    /** The system property naming the launcher's command ({@code rwrun}, {@code mpirun}) for this JVM's messages. */
    static final String COMMAND_PROPERTY = "rwrun.command";
    private SimJob()
    {
    }

    /** How the launcher was called, for this JVM's messages. */
    private static String name()
    {
        return System.getProperty(COMMAND_PROPERTY, "rwrun");
    }

    /** Runs the job; see the class comment for the arguments. */
    public static void main(final String[] argv) throws InterruptedException
    {
        final int size = Integer.parseInt(argv[0]);
        final boolean tag = Boolean.parseBoolean(argv[1]);
        final URL[] urls = ClassPaths.urls(ClassPaths.split(argv[2]));
        final String mainClass = argv[3];
        final String[] args = Arrays.copyOfRange(argv, 4, argv.length);

        final PrintStream err = System.err;
        RankTaggedOutput out = null;
        RankTaggedOutput errOut = null;
        if (tag)
        {
            out = new RankTaggedOutput(System.out);
            errOut = new RankTaggedOutput(System.err);
            System.setOut(new PrintStream(out, true));
            System.setErr(new PrintStream(errOut, true));
        }
        final RankTaggedOutput[] tagged = {out, errOut};
        LauncherWatch.watchParent(System.getenv(), "the in-JVM job");
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        final List<JobEnvironment> envs = environments(size, System.getenv(), bootstrap);
        final LinkedBlockingQueue<SimRank> done = new LinkedBlockingQueue<>();
        final List<SimRank> ranks = new ArrayList<>();
        for (final JobEnvironment env : envs)
        {
            final RankClassLoader loader =
                new RankClassLoader("rank-" + env.rank(), urls, SimJob.class.getClassLoader());
            ranks.add(new SimRank(env, loader, mainClass, args, tagged, done, bootstrap));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> reportExit(ranks, err), "rwrun-sim-exit"));
        ranks.forEach(SimRank::start);
        System.out.flush();
        final int code = await(size, done, bootstrap, err);
        if (Boolean.parseBoolean(envs.get(0).identity().settings().get(JobVariables.REPORT_STATS_SETTING)))
        {
            final StatsTable table = new StatsTable(size);
            for (int rank = 0; rank < size; rank++)
            {
                final byte[] report = bootstrap.published(rank, JobVariables.STATS_KEY);
                if (report != null)
                {
                    table.report(report, rank);
                }
            }
            System.out.flush();
            table.print(name(), err);
        }
        System.exit(code);
    }

    /**
     * Waits for every rank's {@code main}: 0 when all returned after closing; the error code of a
     * rank that aborted the job ({@code Rankwire.abort} ends its rank by throwing); 1 as soon as one
     * throws; 1 when one returned without closing Rankwire (the others' operations on it then
     * fail, and they get {@link JobSupervisor#NOT_CLOSED_GRACE_MILLIS} to end).
     */
    private static int await(
        final int size, final LinkedBlockingQueue<SimRank> done, final InMemoryBootstrap bootstrap,
        final PrintStream err) throws InterruptedException
    {
        long graceEnd = Long.MAX_VALUE;
        for (int i = 0; i < size; i++)
        {
            final SimRank finished = graceEnd == Long.MAX_VALUE ? done.take() :
                done.poll(Math.max(0, graceEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (finished == null)
            {
                return JobSupervisor.NOT_CLOSED_EXIT;
            }
            if (bootstrap.abortingRank() >= 0) // the others end because of it, however they do
            {
                err.println(name() + ": rank " + bootstrap.abortingRank() + " called abort with error code " +
                    bootstrap.abortCode() + ": ending the job");
                return bootstrap.abortCode();
            }
            if (finished.failure() != null)
            {
                err.println(name() + ": rank " + finished.rank() + " failed: uncaught " + finished.failure());
                return 1;
            }
            if (bootstrap.ended(finished.rank()) && graceEnd == Long.MAX_VALUE)
            {
                err.println(name() + ": rank " + finished.rank() + " exited without closing Rankwire (its main returned " +
                    "before Rankwire.close() finished); the other ranks' operations on it fail: ending the job");
                graceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(JobSupervisor.NOT_CLOSED_GRACE_MILLIS);
            }
        }
        return graceEnd == Long.MAX_VALUE ? 0 : JobSupervisor.NOT_CLOSED_EXIT;
    }

    /**
     * One environment per rank: the job's identity read from the variables {@code rwrun} set
     * ({@link JobIdentity#toTaskEnvironment()}) with each rank's own number, this JVM's
     * {@code rankwire.*} system properties over the launcher's settings, and one in-memory
     * bootstrap shared by the job.
     */
    static List<JobEnvironment> environments(
        final int size, final Map<String, String> variables, final InMemoryBootstrap bootstrap)
    {
        final List<JobEnvironment> envs = new ArrayList<>();
        for (int rank = 0; rank < size; rank++)
        {
            final Map<String, String> own = new TreeMap<>(variables);
            own.put(JobVariables.RANK, Integer.toString(rank));
            final JobIdentity identity = JobIdentity.fromEnvironment(own, System.getProperties());
            if (identity.size() != size)
            {
                throw new IllegalStateException(JobVariables.SIZE + " : " + identity.size() + " (expected: " + size +
                    ", the ranks this JVM was asked to run)");
            }
            envs.add(JobEnvironment.of(identity, bootstrap.forRank(rank)));
        }
        return envs;
    }

    /** Names the ranks still running when the JVM exits early, and the one that called System.exit. */
    private static void reportExit(final List<SimRank> ranks, final PrintStream err)
    {
        final List<Integer> running = ranks.stream().filter(SimRank::running).map(SimRank::rank)
            .collect(Collectors.toList());
        if (running.isEmpty())
        {
            return;
        }
        for (final SimRank r : ranks)
        {
            if (r.running() && r.callingExit())
            {
                err.println(name() + ": rank " + r.rank() + " called System.exit, which ends every rank of an in-JVM job");
            }
        }
        err.println(name() + ": the in-JVM job is exiting while ranks " + running + " are still running");
    }
}
