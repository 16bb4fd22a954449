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
        final List<String> command = new ArrayList<>();
        command.add(srun);
        command.add("--ntasks=" + size);
        if (cpus >= 0 && size > cpus)
        {
            command.add("--overcommit");
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
