package io.rankwire.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The JVM of an in-JVM ({@code sim}) job, started by {@code rwrun --transport sim}: runs every
 * rank's {@code main} on its own thread, in its own {@link RankClassLoader}, with its
 * {@link JobEnvironment} installed on that thread (and inherited by the threads it starts) and
 * one {@link InMemoryBootstrap} shared by the job. Exits 0 when every rank's {@code main}
 * returned, or 1 as soon as one throws (naming the rank).
 * <p>
 * Arguments: {@code N tagOutput(true|false) userClassPath MainClass args...}; the job id,
 * transport and settings come from the variables {@code rwrun} sets.
 */
public final class SimJob
{
    private SimJob()
    {
    }

    /** Runs the job; see the class comment for the arguments. */
    public static void main(final String[] argv) throws InterruptedException
    {
        final int size = Integer.parseInt(argv[0]);
        final boolean tag = Boolean.parseBoolean(argv[1]);
        final URL[] urls = urls(OptionChecks.splitPath(argv[2]));
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
        final List<JobEnvironment> envs = environments(size, System.getenv());
        final LinkedBlockingQueue<SimRank> done = new LinkedBlockingQueue<>();
        final List<SimRank> ranks = new ArrayList<>();
        for (final JobEnvironment env : envs)
        {
            final RankClassLoader loader =
                new RankClassLoader("rank-" + env.rank(), urls, SimJob.class.getClassLoader());
            ranks.add(new SimRank(env, loader, mainClass, args, tagged, done));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> reportExit(ranks, err), "rwrun-sim-exit"));
        ranks.forEach(SimRank::start);
        for (int i = 0; i < size; i++)
        {
            final SimRank finished = done.take();
            if (finished.failure() != null)
            {
                err.println("rwrun: rank " + finished.rank() + " failed: uncaught " + finished.failure());
                System.out.flush();
                System.exit(1);
            }
        }
        System.out.flush();
        System.exit(0);
    }

    /** One environment per rank, sharing the job's id, secret, settings and in-memory bootstrap. */
    static List<JobEnvironment> environments(final int size, final Map<String, String> variables)
    {
        final byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        final String jobId = variables.getOrDefault(JobEnvironment.JOB_ID, "rw-sim-" + ProcessHandle.current().pid());
        final Map<String, String> settings =
            new TreeMap<>(Settings.decode(variables.getOrDefault(JobEnvironment.SETTINGS, "")));
        final String bind = variables.get(JobEnvironment.BIND);
        if (bind != null && !bind.isEmpty())
        {
            settings.put(JobEnvironment.BIND_SETTING, bind);
        }
        settings.putAll(Settings.fromProperties(System.getProperties()));
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        final List<JobEnvironment> envs = new ArrayList<>();
        for (int rank = 0; rank < size; rank++)
        {
            envs.add(new JobEnvironment(
                rank, size, jobId, secret, "sim", settings, job -> bootstrap.forRank(job.rank())));
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
                err.println("rwrun: rank " + r.rank() + " called System.exit, which ends every rank of an in-JVM job");
            }
        }
        err.println("rwrun: the simulated job is exiting while ranks " + running + " are still running");
    }

    private static URL[] urls(final List<String> entries)
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
            catch (final MalformedURLException e)
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
