package io.rankwire.launch;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import io.rankwire.RankwireConfig;
import io.rankwire.bootstrap.JobVariables;
import io.rankwire.bootstrap.Settings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rwrun}: starts the ranks of a job and watches them. The transport is found by name on
 * the class path ({@link Transports}); for one that connects separate JVMs ({@code tcp}, and any
 * transport the launcher does not know), N child JVMs rendezvous through the launcher's
 * bootstrap service; for one whose ranks share one JVM ({@code sim}), one child JVM runs all N
 * ranks, each in its own class loader. One-JVM-per-rank jobs start as children of the launcher,
 * over ssh on the hosts of {@code -H}/{@code --hostfile}, or as the tasks of one {@code srun}
 * step inside a Slurm allocation. Output is forwarded line by line, tagged with the rank;
 * the launcher exits with the first failing rank's exit code, and when a rank fails or the
 * timeout passes it ends the rest of the job. {@code docs/LAUNCHER.md} has the details.
 */
@Command(
    name = "rwrun",
    sortOptions = false,
    usageHelpAutoWidth = true,
    versionProvider = RwrunVersion.class,
    description = "Runs MainClass as an N-rank Rankwire job.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:every rank exited 0",
        "N:the exit code of the first rank that failed (the others are then killed)",
        "2:bad options",
        "124:the --timeout (or MPIEXEC_TIMEOUT) passed (the job was killed)",
        "125:the launcher could not start the job"},
    footerHeading = "%nExamples:%n",
    footer = {
        "  rwrun -np 4 -cp app.jar com.example.Main input.dat",
        "  rwrun -np 2 --transport sim -cp target/classes com.example.PingPong",
        "  rwrun -np 4 --transport tcp -cp app.jar com.example.Main    (TCP even between ranks of one host)",
        "  rwrun -np 8 --timeout 5m -x OMP_NUM_THREADS=1 -x rankwire.eagerLimit=16384 \\",
        "        -J-Xmx512m -cp app.jar com.example.Main",
        "  rwrun -np 4 -H node1:2,node2:2 --ssh 'ssh -p 2222' -cp app.jar app.Main",
        "  salloc -n 8 rwrun -np 8 -cp app.jar app.Main    (ranks start through srun)",
        "  rwrun -mca btl self,tcp -np 4 -wdir /scratch -cp app.jar app.Main    (Open MPI's forms: one dash, --mca)",
        "",
        "Every long option also takes one dash, as Open MPI's mpirun does (-np, -mca, -host, -wdir, -npernode, ...).",
        "Ranks see OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK, _LOCAL_SIZE, _NODE_RANK and RANKWIRE_LOCAL_RANK, _SIZE.",
        "Environment: RANKWIRE_TRANSPORT (default transport), RANKWIRE_SSH (ssh command), " +
            "RANKWIRE_HOME (where lib/ is, for bin/rwrun), MPIEXEC_TIMEOUT (seconds, as --timeout), " +
            "OMPI_MCA_btl and OMPI_MCA_pml (as --mca)."})
public final class Rwrun implements Callable<Integer>
{
    /** Most ranks one launcher starts. */
    static final int MAX_RANKS = 1024;
    /** Exit code for bad options. */
    static final int USAGE_EXIT = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-np", "-n", "--np", "-c", "--n"}, paramLabel = "N",
        description = "Number of ranks (1.." + MAX_RANKS + "); required, but with --settings or -N.")
    private Integer size;

    @Option(names = {"-N", "--npernode"}, paramLabel = "N",
        description = "N ranks on each host (of -H/--hostfile, of the Slurm allocation, else this one); " +
            "without -np the job has N times the hosts' count of ranks. --map-by ppr:N:node is the same.")
    private Integer perNode;

    @Option(names = "--settings",
        description = "List every rankwire.* setting the ranks would read (default, what a value may be, what it does, " +
            "who reads it) with the value this job would get from -x, -J-D, rwrun's own -D, --transport or " +
            "$RANKWIRE_TRANSPORT, -v, --stats and --bind; then exit: 0, or 2 when a value is refused. " +
            "docs/SETTINGS.md has the same table.")
    private boolean listSettings;

    @Option(names = "--clean", description = "Remove what jobs of this user that are no longer running left on this " +
        "host (shared-memory files of a job killed during wire-up), print what was removed, and exit.")
    private boolean clean;

    @Option(names = "--transport", paramLabel = "NAME",
        description = "Transport found on the class path: auto (shared memory within a host, TCP across hosts), " +
            "shm (ranks of one host), tcp (TCP for every peer), sim (all ranks in one JVM), or another installed one. " +
            "Default: $RANKWIRE_TRANSPORT, else auto.")
    private String transport;

    @Option(names = {"-cp", "--class-path", "-classpath"}, paramLabel = "PATH",
        description = "The application's class path (repeatable; entries separated by ':' on Unix, ';' on Windows).")
    private List<String> classPath = new ArrayList<>();

    @Option(names = "-x", paramLabel = "NAME[=VALUE]",
        description = "Pass an environment variable to every rank (its current value when no VALUE is given). " +
            "A name starting with 'rankwire.' is a Rankwire setting instead. Repeatable.")
    private List<String> exports = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "DURATION",
        description = "Kill the job when it runs longer than this, e.g. 30 (seconds), 30s, 5m, 1h, 500ms. " +
            "Default: $MPIEXEC_TIMEOUT seconds, else none.")
    private String timeout;

    @Option(names = "--bind", paramLabel = "ADDR",
        description = "Interface for the bootstrap service and the ranks. Default: 127.0.0.1; with -H/--hostfile " +
            "the address this host uses to reach the first host; in a Slurm allocation of several nodes, all.")
    private String bind;

    @Option(names = {"-H", "--host"}, paramLabel = "HOST[:SLOTS],...",
        description = "Start ranks on these hosts over ssh, filling each host's slots (default 1) in turn. Repeatable.")
    private List<String> hostLists = new ArrayList<>();

    @Option(names = {"--hostfile", "--machinefile"}, paramLabel = "FILE",
        description = "Like -H, from a file of lines 'host slots=N' (Open MPI syntax, # comments).")
    private String hostfile;

    @Option(names = "--ssh", paramLabel = "CMD",
        description = "The ssh command and its options for -H/--hostfile, split at spaces. " +
            "Default: $RANKWIRE_SSH, else ssh.")
    private String ssh;

    @Option(names = "--launcher", paramLabel = "auto|local|slurm|ssh", defaultValue = "auto",
        description = "How tcp ranks start: children of rwrun (local), tasks of one srun step (slurm), over ssh " +
            "(ssh). auto: ssh with -H/--hostfile, else slurm when SLURM_JOB_ID is set, else local.")
    private String launcher;

    @Option(names = "--tag-output", negatable = true,
        description = "Prefix each output line with [rank]. Default: on when N > 1.")
    private Boolean tagOutput;

    @Option(names = "--output-filename", paramLabel = "DIR[:nocopy,nojobid]",
        description = "Also write each rank's output to DIR/1/rank.R/stdout and .../stderr (R zero-padded to the " +
            "width of the last rank), as Open MPI 4 and 5 do; :nojobid leaves out the job's directory (1), " +
            ":nocopy writes the files only.")
    private String outputFilename;

    @Option(names = {"--wdir", "--wd"}, paramLabel = "DIR",
        description = "The ranks' working directory (on every host). Default: this one.")
    private String workDir;

    @Option(names = {"-J", "--jvm-opt"}, paramLabel = "OPT",
        description = "Option for each rank's JVM, e.g. -J-Xmx1g (repeatable).")
    private List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--cds", paramLabel = "auto|off",
        description = "Start rank JVMs on this host from a start-up cache of Rankwire's classes (on JDK 25 and " +
            "later an AOT cache with the JIT's profiles of the messaging paths; before, a class-data archive), " +
            "recorded once per JDK and build in $RANKWIRE_CDS_DIR, else $XDG_CACHE_HOME/rankwire, else " +
            "~/.cache/rankwire. Default: $RANKWIRE_CDS, else auto.")
    private String cds;

    @Option(names = "-v", description = "Verbose: Rankwire's log at INFO in every rank (rank start-up, transports); " +
        "-vv: DEBUG. Default: warnings and errors only (-x rankwire.logLevel=LEVEL sets it too).")
    private boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Print no warnings about options and no notes; errors still.")
    private boolean quiet;

    @Option(names = "--report-bindings", description = "Print each rank's CPU binding on stderr as it starts, one " +
        "line per rank, as Open MPI does (see --bind-to).")
    private boolean reportBindings;

    @Option(names = "--stats", description = "At the end of the job, print each rank's counters as a table on stderr " +
        "(messages, bytes, unexpected high-water, offload hit rate, back-pressure, send-buffer fallbacks).")
    private boolean stats;

    @Option(names = "--oversubscribe",
        description = "Allow more ranks than the slots of -H/--hostfile: further ranks take the slots again in turn. " +
            "Ranks on this host alone are never limited by its cores.")
    private boolean oversubscribe;

    @Option(names = "--mca", arity = "2", paramLabel = "NAME VALUE",
        description = "Open MPI's MCA parameter. btl chooses the transport: vader, sm or shm: shm; tcp: tcp; both: auto; " +
            "self is ignored; ^LIST excludes (^openib: the default choice); pml ucx needs a ucx transport. " +
            "$OMPI_MCA_btl and $OMPI_MCA_pml too. Other parameters: one warning, no effect " +
            "(Rankwire's own settings are given with -x, docs/SETTINGS.md).")
    private List<String> mca = new ArrayList<>();

    @Option(names = "--bind-to", paramLabel = "WHAT", description = "core (or hwthread, cpu): each rank process started on " +
        "this host is bound to a CPU of its own (through taskset) when they fit, else none is; none (the default): " +
        "not bound. Ranks started over ssh or srun, or sharing one JVM, are not bound.")
    private String bindTo;

    @Option(names = "--map-by", paramLabel = "WHAT", description = "ppr:N:node: as -N N. Other Open MPI mapping " +
        "policies: accepted with a warning, no effect (ranks fill each host's slots in turn).")
    private String mapBy;

    @Option(names = "--allow-run-as-root", description = "Accepted for Open MPI command lines; no effect.")
    private boolean allowRunAsRoot;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print Rankwire's version and exit.")
    private boolean version;

    @Parameters(index = "0", arity = "0..1", paramLabel = "MainClass",
        description = "The class whose main each rank runs.")
    private String mainClass;

    @Parameters(index = "1..*", paramLabel = "args", description = "Arguments for MainClass.")
    private List<String> args = new ArrayList<>();

    private final String command;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final List<String> rankwireClassPath;

    private Rwrun(
        final String command,
        final PrintStream out,
        final PrintStream err,
        final Map<String, String> environment,
        final String rankwireClassPath)
    {
        this.command = command;
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.rankwireClassPath = ClassPaths.split(rankwireClassPath);
    }

    /** Runs {@code rwrun} with Rankwire's own class path taken from this JVM, and exits with its code. */
    public static void main(final String[] args)
    {
        System.exit(execute(args, System.out, System.err, System.getenv(), System.getProperty("java.class.path")));
    }

    /**
     * Runs {@code rwrun} and returns its exit code.
     *
     * @param environment       the launcher's environment (inherited by the ranks)
     * @param rankwireClassPath Rankwire and its dependencies, put before the user's class path
     */
    public static int execute(
        final String[] args,
        final PrintStream out,
        final PrintStream err,
        final Map<String, String> environment,
        final String rankwireClassPath)
    {
        return execute("rwrun", args, out, err, environment, rankwireClassPath);
    }

    /**
     * Runs the launcher as {@code command} (the name its messages and help use: {@code rwrun}, or
     * {@code mpirun} for Open MPI's command line over it) and returns its exit code.
     *
     * @param environment       the launcher's environment (inherited by the ranks)
     * @param rankwireClassPath Rankwire and its dependencies, put before the user's class path
     */
    public static int execute(
        final String command,
        final String[] args,
        final PrintStream out,
        final PrintStream err,
        final Map<String, String> environment,
        final String rankwireClassPath)
    {
        final CommandLine cl = new CommandLine(new Rwrun(command, out, err, environment, rankwireClassPath));
        cl.getCommandSpec().name(command);
        cl.setStopAtPositional(true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, a) ->
        {
            err.println(command + ": " + e.getMessage());
            if (!(e.getCause() instanceof SettingsPreCheck.BadSetting))
            {
                err.println("Try '" + command + " --help' for more information.");
            }
            return USAGE_EXIT;
        });
        final List<String> normalized;
        try
        {
            normalized = new CommandLineForms(cl.getCommandSpec()).normalize(List.of(args));
        }
        catch (final IllegalArgumentException e)
        {
            err.println(command + ": " + e.getMessage());
            err.println("Try '" + command + " --help' for more information.");
            return USAGE_EXIT;
        }
        return cl.execute(normalized.toArray(new String[0]));
    }

    /**
     * How many of the following words an option of the launcher takes as its values (0 for a flag,
     * 2 for {@code --mca}), in any form the launcher accepts ({@code -np}, {@code --np},
     * {@code -mca}, {@code --mca}, ...); -1 when {@code arg} is no option. For front ends that
     * find where the launcher's options end.
     */
    public static int optionValues(final String arg)
    {
        return Forms.FORMS.valuesAfter(arg);
    }

    /** The launcher's option forms, made once. */
    private static final class Forms
    {
        static final CommandLineForms FORMS = new CommandLineForms(
            new CommandLine(new Rwrun("rwrun", System.out, System.err, Map.of(), "")).getCommandSpec());
    }

    @Override
    public Integer call()
    {
        if (listSettings)
        {
            return listSettings();
        }
        if (clean)
        {
            final Map<String, String> settings = new TreeMap<>(Settings.fromProperties(System.getProperties()));
            OptionChecks.exports(exports, environment, new TreeMap<>(), settings);
            return JobSweep.run(command, settings, out, err);
        }
        final JobSpec job = toSpec();
        if (!quiet)
        {
            OpenMpiOptions.warn(command, mapBy, err);
        }
        return Launcher.run(job, out, err);
    }

    private JobSpec toSpec()
    {
        final CommandLine cl = spec.commandLine();
        try
        {
            final int perHost = OpenMpiOptions.perNode(perNode, mapBy);
            final List<String> userClassPath = OptionChecks.classPath(classPath);
            final Transports transports = Transports.find(rankwireClassPath, userClassPath);
            final McaTransports.Choice fromMca = McaTransports.choose(mca, environment, transports.names());
            final Transports.Choice t = transport(transports, fromMca);
            final Duration limit = timeout != null ? OptionChecks.timeout(timeout) : OptionChecks.mpiexecTimeout(environment);
            final Map<String, String> env = new TreeMap<>();
            final Map<String, String> settings = new TreeMap<>(Settings.fromProperties(System.getProperties()));
            OptionChecks.exports(exports, environment, env, settings);
            optionSettings(settings, new TreeMap<>());
            final Placement placement = Placements.choose(launcher, t, size, perHost, hostLists, hostfile,
                ssh != null ? ssh : environment.getOrDefault("RANKWIRE_SSH", ""), environment, env,
                settings.containsKey(JobVariables.TCP_BIND_SETTING), oversubscribe);
            final int n = Placements.size(size, perHost, placement);
            if (outputFilename != null && t.ranksShareOneJvm())
            {
                throw new IllegalArgumentException("--output-filename needs a transport with one JVM per rank (" +
                    t.name() + " runs every rank in one JVM)");
            }
            OptionChecks.size(n);
            final InetAddress address = Placements.bind(bind, placement);
            settings.putIfAbsent(JobVariables.TCP_BIND_SETTING, address.getHostAddress());
            settings.putIfAbsent(Placement.HOSTS_SETTING, Integer.toString(placement.hostsSpanned(n)));
            SettingsPreCheck.check(n, settings, exports, jvmOptions, rankwireClassPath, userClassPath);
            HostCheck.check(t, placement, n, settings);
            OptionChecks.mainClass(mainClass, rankwireClassPath, userClassPath);
            final boolean tag = tagOutput != null ? tagOutput : n > 1;
            final String cdsMode = OptionChecks.cds(cds != null ? cds : environment.getOrDefault("RANKWIRE_CDS", "auto"));
            final RunOptions run = new RunOptions(command, quiet, reportBindings, OptionChecks.workDir(workDir),
                OutputFiles.parse(outputFilename, n), timeout != null ? "--timeout" : "MPIEXEC_TIMEOUT");
            final PrintStream warnings = quiet ? new PrintStream(OutputStream.nullOutputStream()) : err;
            return new JobSpec(n, t, rankwireClassPath, run.workDir() == null ? userClassPath :
                ClassPaths.absolute(userClassPath), childEnvironment(env), settings, limit,
                address, tag, jvmOptions, mainClass, args, placement,
                ClassDataArchive.directory(cdsMode, environment, jvmOptions), stats,
                CpuBinding.choose(command, bindTo, placement.kind == Placement.Kind.LOCAL && !t.ranksShareOneJvm() ? n : 0,
                    warnings), run);
        }
        catch (final IllegalArgumentException e)
        {
            throw new ParameterException(cl, e.getMessage(), e);
        }
    }

    /** {@code --transport}, else the transport {@code --mca} asks for, else {@code $RANKWIRE_TRANSPORT} or the default. */
    private Transports.Choice transport(final Transports transports, final McaTransports.Choice fromMca)
    {
        if (!quiet)
        {
            fromMca.warnings().forEach(w -> err.println(command + ": warning: " + w));
        }
        if (fromMca.transport() == null)
        {
            return OptionChecks.transport(transport, environment, transports);
        }
        if (transport != null)
        {
            if (!quiet && !transport.equals(fromMca.transport()))
            {
                err.println(command + ": warning: " + fromMca.source() + " has no effect: --transport " + transport +
                    " chooses the transport");
            }
            return OptionChecks.transport(transport, environment, transports);
        }
        return transports.choose(fromMca.transport(), fromMca.source());
    }

    /** The settings rwrun's own options set ({@code -v}, {@code --stats}), and in {@code given} which option set each. */
    private void optionSettings(final Map<String, String> settings, final Map<String, String> given)
    {
        if (verbose.length > 0 && settings.putIfAbsent(JobVariables.LOG_LEVEL_SETTING, verbose.length == 1 ? "info" : "debug") == null)
        {
            given.put(JobVariables.LOG_LEVEL_SETTING, verbose.length == 1 ? "-v" : "-vv");
        }
        if (stats)
        {
            settings.put(JobVariables.REPORT_STATS_SETTING, "true");
            given.put(JobVariables.REPORT_STATS_SETTING, "--stats");
        }
    }

    /** {@code --settings}: the listing of {@link SettingsListing}, with the values this command line gives. */
    private int listSettings()
    {
        try
        {
            final List<String> userClassPath = OptionChecks.classPath(classPath);
            final Transports transports = Transports.find(rankwireClassPath, userClassPath);
            final McaTransports.Choice fromMca = McaTransports.choose(mca, environment, transports.names());
            final Transports.Choice t = transport(transports, fromMca);
            final Map<String, String> settings = new TreeMap<>(Settings.fromProperties(System.getProperties()));
            OptionChecks.exports(exports, environment, new TreeMap<>(), settings);
            final Map<String, String> given = new TreeMap<>();
            optionSettings(settings, given);
            settings.put(RankwireConfig.TRANSPORT_PROP, t.name());
            given.put(RankwireConfig.TRANSPORT_PROP, transport != null ? "--transport" : fromMca.transport() != null ?
                fromMca.source() : environment.getOrDefault(JobVariables.TRANSPORT, "").isEmpty() ? command + "'s default" :
                "$" + JobVariables.TRANSPORT);
            if (bind != null && settings.putIfAbsent(JobVariables.TCP_BIND_SETTING, bind) == null)
            {
                given.put(JobVariables.TCP_BIND_SETTING, "--bind");
            }
            SettingsPreCheck.list(out, settings, given, exports, jvmOptions, rankwireClassPath, userClassPath);
            return 0;
        }
        catch (final IllegalArgumentException e)
        {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    private Map<String, String> childEnvironment(final Map<String, String> exported)
    {
        final Map<String, String> env = new TreeMap<>(environment);
        env.keySet().removeIf(name -> name.startsWith("RANKWIRE_") || name.startsWith(RankVariables.PREFIX));
        env.putAll(exported);
        return env;
    }
}
