package io.rankwire.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The launch side of Slurm: the CPUs of the allocation {@code rwrun} runs in, and the
 * {@code srun} command that starts the ranks as the tasks of one job step. What a task reads
 * from Slurm's environment is {@link io.rankwire.bootstrap.SlurmEnvironment}.
 */
final class SlurmAllocation
{
    static final String CPUS_PER_NODE = "SLURM_JOB_CPUS_PER_NODE";
    private static final Pattern CPU_GROUP = Pattern.compile("([0-9]+)(?:\\(x([0-9]+)\\))?");

    private SlurmAllocation()
    {
    }

    /**
     * The CPUs of the allocation, from {@value #CPUS_PER_NODE} ({@code 4}, {@code 2(x3),1}); -1
     * when it is missing or malformed.
     */
    static int cpus(final Map<String, String> env)
    {
        final String text = env.get(CPUS_PER_NODE);
        if (text == null || text.isEmpty())
        {
            return -1;
        }
        long total = 0;
        for (final String part : text.split(","))
        {
            final Matcher m = CPU_GROUP.matcher(part.trim());
            if (!m.matches())
            {
                return -1;
            }
            total += Long.parseLong(m.group(1)) * (m.group(2) == null ? 1 : Long.parseLong(m.group(2)));
        }
        return (int)Math.min(Integer.MAX_VALUE, total);
    }

    /**
     * {@code srun} starting {@code size} tasks of {@code rankCommand}, one per rank:
     * {@code --overcommit} when there are more ranks than {@code cpus} (unknown when negative),
     * {@code --label} when output is tagged, stdin closed, the whole step killed when a task fails.
     */
    static List<String> srunCommand(
        final String srun, final int size, final int cpus, final boolean label, final List<String> rankCommand)
    {
        return srunCommand(srun, size, cpus, 0, label, RunOptions.defaults(), rankCommand);
    }

    /**
     * As above, with {@code --ntasks-per-node} for {@code -N} ({@code perNode > 0}), {@code --chdir}
     * for {@code --wdir}, and for {@code --output-filename} srun's own per-task files
     * ({@code --output}/{@code --error} with the task's number, zero-padded to the width of the
     * last rank), which srun writes instead of forwarding the output.
     */
    static List<String> srunCommand(
        final String srun, final int size, final int cpus, final int perNode, final boolean label, final RunOptions run,
        final List<String> rankCommand)
    {
        final List<String> command = new ArrayList<>();
        command.add(srun);
        command.add("--ntasks=" + size);
        if (perNode > 0)
        {
            command.add("--ntasks-per-node=" + perNode);
        }
        if (cpus >= 0 && size > cpus)
        {
            command.add("--overcommit");
        }
        if (run.workDir() != null)
        {
            command.add("--chdir=" + run.workDir());
        }
        if (run.outputFiles() != null)
        {
            final int width = Integer.toString(Math.max(0, size - 1)).length();
            final String dir = run.outputFiles().rankDirectory(0).getParent().toString();
            run.outputFiles().makeDirectories(size);
            command.add("--output=" + dir + "/rank.%" + width + "t/stdout");
            command.add("--error=" + dir + "/rank.%" + width + "t/stderr");
        }
        command.add("--kill-on-bad-exit=1");
        command.add("--input=none");
        if (label)
        {
            command.add("--label");
        }
        command.addAll(rankCommand);
        return command;
    }
}
