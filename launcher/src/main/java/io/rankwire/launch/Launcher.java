package io.rankwire.launch;

import java.io.File;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.rankwire.bootstrap.BootstrapServer;
import io.rankwire.bootstrap.JobIdentity;
import io.rankwire.bootstrap.JobVariables;

/**
 * Starts a job described by a {@link JobSpec} and supervises it: the bootstrap service and one
 * JVM per rank, or one JVM holding every rank when the transport's ranks share one JVM
 * ({@link io.rankwire.spi.TransportProvider#ranksShareOneJvm()}). Each child learns its
 * {@link JobIdentity} from its environment. A shutdown hook ends the job if the launcher itself
 * is asked to stop.
 */
final class Launcher
{
    /** Exit code when the launcher could not start the job. */
    static final int START_FAILED_EXIT = 125;
    /** Options every rank JVM gets: Agrona 2.x reaches jdk.internal.misc.Unsafe (the only flag Rankwire needs). */
    static final List<String> RANKWIRE_JVM_OPTIONS = List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED");
    private static final int SECRET_BYTES = 32;

    private Launcher()
    {
    }

    static int run(final JobSpec spec, final PrintStream out, final PrintStream err)
    {
        final SecureRandom random = new SecureRandom();
        final byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        final byte[] id = new byte[6];
        random.nextBytes(id);
        final String jobId = "rw-" + ProcessHandle.current().pid() + "-" + HexFormat.of().formatHex(id);

        final String name = spec.run.command();
        final JobSupervisor supervisor = new JobSupervisor(out, err, spec.run);
        final SrunReport srun = new SrunReport();
        final StatsTable table = spec.stats && !spec.transport.ranksShareOneJvm() ? new StatsTable(spec.size) : null;
        BootstrapServer server = null;
        final Thread hook = new Thread(() ->
        {
            err.println(name + ": stopped by a signal; killing the job");
            supervisor.kill();
            JobCleanup.run(name, jobId, spec.settings, err);
        }, "rwrun-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try
        {
            final boolean oneJvm = spec.transport.ranksShareOneJvm();
            final List<String> cds = oneJvm || spec.placement.kind == Placement.Kind.LOCAL ?
                ClassDataArchive.jvmOptions(name, spec.cdsDirectory, spec.rankwireClassPath, err) : List.of();
            if (oneJvm)
            {
                final JobIdentity job = identity(spec, jobId, secret, null);
                supervisor.start("the " + spec.transport.name() + " job (" + spec.size + " ranks in one JVM)",
                    inJvmCommand(spec, cds), childOfThisLauncher(environment(spec, job.toTaskEnvironment())), "");
            }
            else
            {
                server = BootstrapServer.start(spec.bind, spec.size, secret);
                watchMembership(spec, server, supervisor);
                if (table != null)
                {
                    server.onPublished(JobVariables.STATS_KEY, table::report);
                }
                final InetSocketAddress address = advertised(server.address(), spec.placement);
                startRanks(spec, supervisor, identity(spec, jobId, secret, address), srun, cds, err);
            }
            final int code = supervisor.await(spec.timeout);
            if (table != null)
            {
                table.print(name, err);
            }
            return supervisor.failedNotClosed() ? code : firstFailure(name, code, srun, err);
        }
        catch (final UncheckedIOException e)
        {
            err.println(name + ": " + e.getMessage());
            return START_FAILED_EXIT;
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            err.println(name + ": interrupted; killing the job");
            return START_FAILED_EXIT;
        }
        finally
        {
            supervisor.kill();
            if (server != null)
            {
                server.close();
            }
            removeHook(hook);
            JobCleanup.run(name, jobId, spec.settings, err);
        }
    }

    /**
     * How the supervisor learns that a rank ended without closing Rankwire: a process of one rank
     * that exits 0 while the service still counts the rank as joined (exact: a rank's JOIN and
     * LEAVE are answered before it goes on), or, for srun's one process of many ranks, the
     * service's report of a rank whose membership connection ended; and of a rank that aborts the job.
     */
    private static void watchMembership(final JobSpec spec, final BootstrapServer server, final JobSupervisor supervisor)
    {
        server.onAbort(supervisor::aborted);
        if (spec.placement.kind == Placement.Kind.SLURM)
        {
            server.onDeparture(supervisor::departed);
        }
        else
        {
            supervisor.notClosed(server::joinedWithoutLeaving); // one process per rank, started in rank order
        }
    }

    /** Under srun, the exit code of the first task that failed rather than srun's (the highest). */
    private static int firstFailure(final String name, final int code, final SrunReport srun, final PrintStream err)
    {
        if (code == 0 || code == JobSupervisor.TIMEOUT_EXIT || srun.failedRank() < 0)
        {
            return code;
        }
        err.println(name + ": the first rank to fail was rank " + srun.failedRank() + " (" + srun.failedNode() + "): " +
            ExitStatus.describe(srun.failedCode()));
        FailureSummary.print(err, name, srun.failedRank(), srun.failedNode(), srun.failedCode(), List.of());
        return srun.failedCode();
    }

    private static void startRanks(
        final JobSpec spec, final JobSupervisor supervisor, final JobIdentity job, final SrunReport srun,
        final List<String> cds, final PrintStream err)
    {
        final Placement placement = spec.placement;
        if (placement.kind == Placement.Kind.SLURM)
        {
            final List<String> gc = RankCollector.options(spec.jvmOptions, spec.environment, spec.size, placement.cpus);
            supervisor.start("srun (" + spec.size + " ranks)", SlurmAllocation.srunCommand("srun", spec.size,
                placement.cpus, placement.perNode, spec.tagOutput, spec.run, RankVariables.fromSlurm(rankCommand(spec, gc, List.of()))),
                environment(spec, job.toTaskEnvironment()), spec.tagOutput ? "[srun] " : "", null, srun);
            return;
        }
        final List<String> gcHere = RankCollector.options(spec.jvmOptions, spec.environment,
            placement.kind == Placement.Kind.SSH ? ranksOnThisHost(placement) : spec.size,
            Runtime.getRuntime().availableProcessors());
        final List<String> hostOfRank = placement.kind == Placement.Kind.SSH ? placement.hosts :
            java.util.Collections.nCopies(spec.size, FailureSummary.THIS_HOST);
        for (int rank = 0; rank < spec.size; rank++)
        {
            final String prefix = spec.tagOutput ? "[" + rank + "] " : "";
            final JobIdentity own = job.withRank(rank);
            final Map<String, String> where = RankVariables.of(rank, hostOfRank);
            if (spec.run.reportBindings())
            {
                CpuBinding.report(err, placement.kind == Placement.Kind.LOCAL ? spec.binding : CpuBinding.NONE, rank,
                    placement.kind == Placement.Kind.SSH ? placement.hosts.get(rank) : FailureSummary.hostName());
            }
            if (placement.kind == Placement.Kind.SSH && ThisHost.is(placement.hosts.get(rank)))
            {
                // localhost in a host list: a child of this launcher, without ssh
                supervisor.startRank(rank, placement.hosts.get(rank), rankCommand(spec, gcHere, cds),
                    childOfThisLauncher(environment(spec, with(ThisHost.rankEnvironment(spec, own), where))), prefix, null);
            }
            else if (placement.kind == Placement.Kind.SSH)
            {
                final String host = placement.hosts.get(rank);
                final Map<String, String> remote = with(remoteEnvironment(spec, own, host), where);
                final int serialBelow = RankCollector.serialBelow(spec.jvmOptions, remote, ranksOn(placement, host));
                final List<String> ssh = SshCommand.command(placement.ssh, host, spec.run.workDir() != null ?
                    spec.run.workDir().toString() : System.getProperty("user.dir"),
                    remote, rankCommand(spec, List.of(), List.of()), serialBelow);
                supervisor.startRank(rank, host, ssh, spec.environment, prefix,
                    own.toEnvironment().get(JobVariables.SECRET) + "\n");
            }
            else
            {
                supervisor.startRank(rank, FailureSummary.THIS_HOST, spec.binding.wrap(rank, rankCommand(spec, gcHere, cds)),
                    childOfThisLauncher(environment(spec, with(own.toEnvironment(), where))), prefix, null);
            }
        }
    }

    /**
     * The job as rank 0 sees it: the launcher's settings with {@value JobVariables#BIND_SETTING}
     * naming {@code --bind}'s interface.
     *
     * @param bootstrap null for a job whose ranks share one JVM and an in-memory bootstrap
     */
    static JobIdentity identity(
        final JobSpec spec, final String jobId, final byte[] secret, final InetSocketAddress bootstrap)
    {
        final Map<String, String> settings = new TreeMap<>(spec.settings);
        settings.put(JobVariables.BIND_SETTING, spec.bind.getHostAddress());
        return new JobIdentity(0, spec.size, jobId, secret, spec.transport.name(), bootstrap, settings);
    }

    /**
     * The variables a remote rank gets on its command line: its {@link JobIdentity} but the
     * secret (which the ssh session's stdin carries, so it never appears in a process argument),
     * and the {@code -x} ones (not the launcher's whole environment). It listens on its host's
     * address unless {@code -x rankwire.tcp.bind} said otherwise.
     */
    static Map<String, String> remoteEnvironment(final JobSpec spec, final JobIdentity rank, final String host)
    {
        final String address = hostAddress(host);
        final Map<String, String> settings = new TreeMap<>(rank.settings());
        settings.put(JobVariables.BIND_SETTING, address);
        if (!spec.placement.tcpBindGiven)
        {
            settings.put(JobVariables.TCP_BIND_SETTING, address);
        }
        final JobIdentity remote = new JobIdentity(rank.rank(), rank.size(), rank.jobId(), rank.secret(),
            rank.transport(), rank.bootstrap(), settings);
        final Map<String, String> env = new TreeMap<>(spec.placement.exported);
        env.putAll(remote.toEnvironment());
        env.remove(JobVariables.SECRET);
        return env;
    }

    private static String hostAddress(final String host)
    {
        try
        {
            return InetAddress.getByName(host).getHostAddress();
        }
        catch (final UnknownHostException e)
        {
            throw new UncheckedIOException("cannot resolve host '" + host + "'", e);
        }
    }

    /** A child's environment: the launcher's (minus {@code RANKWIRE_*}) and {@code -x}, then the job's. */
    private static Map<String, String> environment(final JobSpec spec, final Map<String, String> job)
    {
        final Map<String, String> env = new TreeMap<>(spec.environment);
        env.putAll(job);
        return env;
    }

    /**
     * The environment of a child of this JVM on this host, with {@value JobVariables#LAUNCHER_PID}:
     * it ends itself when this launcher is gone, even killed with {@code SIGKILL}
     * ({@code io.rankwire.bootstrap.LauncherWatch}). Ranks over ssh have their remote script for
     * that, and srun's tasks their membership of this launcher's bootstrap service.
     */
    private static Map<String, String> childOfThisLauncher(final Map<String, String> env)
    {
        final Map<String, String> child = new TreeMap<>(env);
        child.put(JobVariables.LAUNCHER_PID, Long.toString(ProcessHandle.current().pid()));
        return child;
    }

    private static Map<String, String> with(final Map<String, String> env, final Map<String, String> more)
    {
        final Map<String, String> all = new TreeMap<>(env);
        all.putAll(more);
        return all;
    }

    /** The ranks of an ssh host list that run on this host. */
    private static int ranksOnThisHost(final Placement placement)
    {
        return (int)placement.hosts.stream().filter(ThisHost::is).count();
    }

    /** The ranks of an ssh host list that run on {@code host}. */
    private static int ranksOn(final Placement placement, final String host)
    {
        return (int)placement.hosts.stream().filter(host::equals).count();
    }

    /** A rank's command: {@code gc} chooses its collector ({@link RankCollector}), {@code cds} its class-data archive. */
    private static List<String> rankCommand(final JobSpec spec, final List<String> gc, final List<String> cds)
    {
        final List<String> classPath = new ArrayList<>(spec.rankwireClassPath);
        classPath.addAll(spec.userClassPath);
        final List<String> command = javaCommand(spec, classPath, gc, cds);
        command.add(spec.mainClass);
        command.addAll(spec.args);
        return command;
    }

    private static List<String> inJvmCommand(final JobSpec spec, final List<String> cds)
    {
        final List<String> command = javaCommand(spec, spec.rankwireClassPath, List.of(), cds);
        command.add(command.size() - 2, "-D" + SimJob.COMMAND_PROPERTY + "=" + spec.run.command());
        command.add(SimJob.class.getName());
        command.add(Integer.toString(spec.size));
        command.add(Boolean.toString(spec.tagOutput));
        command.add(String.join(File.pathSeparator, spec.userClassPath));
        command.add(spec.mainClass);
        command.addAll(spec.args);
        return command;
    }

    private static List<String> javaCommand(
        final JobSpec spec, final List<String> classPath, final List<String> gc, final List<String> cds)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(RANKWIRE_JVM_OPTIONS);
        command.addAll(gc);
        command.addAll(cds);
        command.addAll(spec.jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath));
        return command;
    }

    /**
     * A wildcard listen address is advertised as the loopback address when the ranks run on this
     * host, else as this host's address.
     */
    private static InetSocketAddress advertised(final InetSocketAddress listening, final Placement placement)
    {
        if (!listening.getAddress().isAnyLocalAddress())
        {
            return listening;
        }
        try
        {
            return new InetSocketAddress(placement.kind == Placement.Kind.LOCAL ?
                InetAddress.getLoopbackAddress() : InetAddress.getLocalHost(), listening.getPort());
        }
        catch (final UnknownHostException e)
        {
            throw new UncheckedIOException("cannot name this host for the bootstrap service; give --bind", e);
        }
    }

    private static void removeHook(final Thread hook)
    {
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (final IllegalStateException ignored)
        {
            // the JVM is already shutting down; the hook is running or has run
        }
    }
}
