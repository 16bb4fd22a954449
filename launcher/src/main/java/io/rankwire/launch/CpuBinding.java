package io.rankwire.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds each rank process this launcher starts on its own host to one CPU of those the launcher
 * may run on ({@code Cpus_allowed_list}, so a Slurm or cgroup CPU set is respected), by starting
 * it through {@code taskset -c <cpu>} (which then runs the JVM in its place, so the pid watched
 * is the JVM's), as Open MPI's {@code mpirun --bind-to core} does.
 *
 * <p>{@code --bind-to core} (or {@code hwthread}, {@code cpu}) binds when the ranks started here
 * fit the allowed CPUs one each and {@code taskset} is installed; without the option, or with
 * {@code none}, nothing is bound: unlike a C rank, a JVM bound whole to one CPU shares it with
 * its own compiler, collector and helper threads, and through the launcher bound ranks measured
 * no better than unbound ones (docs/LAUNCHER.md). More ranks than CPUs are not bound
 * (oversubscribed, as Open MPI does). Other Open MPI binding levels ({@code socket},
 * {@code numa}, ...) are accepted with a warning and bind nothing.
 */
final class CpuBinding
{
    /** Binds nothing. */
    static final CpuBinding NONE = new CpuBinding(new int[0], null);

    private static final List<String> CORE_LEVELS = List.of("core", "hwthread", "cpu");

    private final int[] cpus;
    private final String taskset;

    private CpuBinding(final int[] cpus, final String taskset)
    {
        this.cpus = cpus;
        this.taskset = taskset;
    }

    /**
     * The binding for {@code localRanks} rank processes started on this host.
     *
     * @param bindTo {@code --bind-to}, null when not given (nothing is bound)
     * @throws IllegalArgumentException for an empty value
     */
    static CpuBinding choose(final String bindTo, final int localRanks, final PrintStream err)
    {
        return choose("rwrun", bindTo, localRanks, err);
    }

    /**
     * As above; warnings start with {@code command} ({@code rwrun}, {@code mpirun}).
     */
    static CpuBinding choose(final String command, final String bindTo, final int localRanks, final PrintStream err)
    {
        if (bindTo != null && bindTo.isBlank())
        {
            throw new IllegalArgumentException("--bind-to : '' (expected: core, hwthread, cpu or none)");
        }
        if (bindTo == null || "none".equals(bindTo))
        {
            return NONE;
        }
        if (!CORE_LEVELS.contains(bindTo))
        {
            err.println(command + ": warning: --bind-to " + bindTo + " has no effect (Rankwire binds to a core or not at all)");
            return NONE;
        }
        if (localRanks <= 0)
        {
            err.println(command + ": warning: --bind-to " + bindTo + " has no effect for this job (its ranks share one " +
                "JVM or are started on other hosts)");
            return NONE;
        }
        final int[] allowed = allowedCpus(Path.of("/proc/self/status"));
        final String tool = findTaskset(System.getenv("PATH"));
        if (allowed.length < localRanks || tool == null)
        {
            err.println(command + ": warning: --bind-to " + bindTo + ": ranks not bound (" + (tool == null ?
                "taskset not found on PATH" : localRanks + " ranks on " + allowed.length + " allowed CPUs") + ")");
            return NONE;
        }
        return new CpuBinding(allowed, tool);
    }

    /** Whether ranks are bound. */
    boolean binds()
    {
        return taskset != null;
    }

    /**
     * {@code --report-bindings}: one line for {@code rank} as Open MPI prints it,
     * {@code [host:pid] MCW rank 0 bound to cpu 3: [./././B]} (one character per CPU this launcher
     * may use, {@code B} for the rank's), or {@code [host:pid] MCW rank 0 is not bound (or bound to
     * all available processors)}; {@code pid} is the launcher's.
     */
    static void report(final PrintStream err, final CpuBinding binding, final int rank, final String host)
    {
        final String who = "[" + host + ":" + ProcessHandle.current().pid() + "] MCW rank " + rank;
        if (!binding.binds())
        {
            err.println(who + " is not bound (or bound to all available processors)");
            return;
        }
        final int cpu = binding.cpus[rank % binding.cpus.length];
        final StringBuilder map = new StringBuilder("[");
        for (int i = 0; i < binding.cpus.length; i++)
        {
            map.append(i == 0 ? "" : "/").append(binding.cpus[i] == cpu ? 'B' : '.');
        }
        err.println(who + " bound to cpu " + cpu + ": " + map.append(']'));
    }

    /** {@code command} as the {@code index}th rank process started on this host runs it. */
    List<String> wrap(final int index, final List<String> command)
    {
        if (taskset == null)
        {
            return command;
        }
        final List<String> wrapped = new ArrayList<>(command.size() + 3);
        wrapped.add(taskset);
        wrapped.add("-c");
        wrapped.add(Integer.toString(cpus[index % cpus.length]));
        wrapped.addAll(command);
        return wrapped;
    }

    /** The CPUs in {@code status}'s {@code Cpus_allowed_list} (e.g. {@code 0-3,6}); none if unreadable. */
    static int[] allowedCpus(final Path status)
    {
        try
        {
            for (final String line : Files.readAllLines(status))
            {
                if (line.startsWith("Cpus_allowed_list:"))
                {
                    return parseList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        }
        catch (final IOException | RuntimeException e)
        {
            // not Linux, or an unexpected format: no binding
        }
        return new int[0];
    }

    /** A CPU list such as {@code 0-3,6,8-9}, in order. */
    static int[] parseList(final String list)
    {
        final List<Integer> cpus = new ArrayList<>();
        for (final String part : list.split(","))
        {
            final String p = part.trim();
            if (p.isEmpty())
            {
                continue;
            }
            final int dash = p.indexOf('-');
            final int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            final int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            for (int c = from; c <= to; c++)
            {
                cpus.add(c);
            }
        }
        return cpus.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code taskset} on {@code path} (a PATH value), or null. */
    static String findTaskset(final String path)
    {
        if (path == null)
        {
            return null;
        }
        for (final String dir : path.split(java.io.File.pathSeparator))
        {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset")))
            {
                return Path.of(dir, "taskset").toString();
            }
        }
        return null;
    }
}
