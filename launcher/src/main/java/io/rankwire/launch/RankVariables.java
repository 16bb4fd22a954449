package io.rankwire.launch;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.rankwire.bootstrap.JobVariables;

/**
 * The variables that tell a rank's process where it stands, beside its {@code JobIdentity}:
 * Open MPI's {@code OMPI_COMM_WORLD_RANK}, {@code _SIZE}, {@code _LOCAL_RANK}, {@code _LOCAL_SIZE}
 * and {@code _NODE_RANK} (which programs and scripts written for Open MPI read, e.g. to pick a
 * GPU or a file), and Rankwire's {@value JobVariables#LOCAL_RANK} and
 * {@value JobVariables#LOCAL_SIZE}. The local rank is the rank's index among the job's ranks on
 * its host, the local size their count; with one job per launcher the node rank is the local rank.
 * Ranks that share one JVM ({@code sim}) get none of them: one process has one environment.
 */
final class RankVariables
{
    static final String RANK = "OMPI_COMM_WORLD_RANK";
    static final String SIZE = "OMPI_COMM_WORLD_SIZE";
    static final String LOCAL_RANK = "OMPI_COMM_WORLD_LOCAL_RANK";
    static final String LOCAL_SIZE = "OMPI_COMM_WORLD_LOCAL_SIZE";
    static final String NODE_RANK = "OMPI_COMM_WORLD_NODE_RANK";
    /** The prefix of the variables above, which a launcher's own environment must not pass on to its ranks. */
    static final String PREFIX = "OMPI_COMM_WORLD_";

    private RankVariables()
    {
    }

    /** The variables of {@code rank} of a job of {@code size}, {@code localRank} of {@code localSize} on its host. */
    static Map<String, String> of(final int rank, final int size, final int localRank, final int localSize)
    {
        final Map<String, String> env = new TreeMap<>();
        env.put(RANK, Integer.toString(rank));
        env.put(SIZE, Integer.toString(size));
        env.put(LOCAL_RANK, Integer.toString(localRank));
        env.put(LOCAL_SIZE, Integer.toString(localSize));
        env.put(NODE_RANK, Integer.toString(localRank));
        env.put(JobVariables.LOCAL_RANK, Integer.toString(localRank));
        env.put(JobVariables.LOCAL_SIZE, Integer.toString(localSize));
        return env;
    }

    /** The variables of {@code rank} when the ranks run on {@code hosts} (the host of each rank, in rank order). */
    static Map<String, String> of(final int rank, final List<String> hosts)
    {
        final String host = hosts.get(rank);
        int local = 0;
        int count = 0;
        for (int r = 0; r < hosts.size(); r++)
        {
            if (hosts.get(r).equals(host))
            {
                local += r < rank ? 1 : 0;
                count++;
            }
        }
        return of(rank, hosts.size(), local, count);
    }

    /**
     * {@code command} started through {@code sh}, which first sets the variables from Slurm's for
     * the task ({@code SLURM_PROCID}, {@code SLURM_LOCALID}, and the local size from
     * {@code SLURM_STEP_TASKS_PER_NODE}, e.g. {@code 2(x3),1}, at {@code SLURM_NODEID}): one
     * {@code srun} step starts every task with the same environment.
     */
    static List<String> fromSlurm(final List<String> command)
    {
        final String script =
            "n=${SLURM_NODEID:-0}; ls=${SLURM_NTASKS:-1}\n" +
            "for g in $(echo \"${SLURM_STEP_TASKS_PER_NODE:-}\" | tr ',' ' '); do\n" +
            "  c=${g%%(*}; r=1\n" +
            "  case $g in *x*) r=${g#*x}; r=${r%?} ;; esac\n" +
            "  if [ \"$n\" -lt \"$r\" ]; then ls=$c; break; fi\n" +
            "  n=$((n - r))\n" +
            "done\n" +
            "export " + RANK + "=$SLURM_PROCID " + SIZE + "=${SLURM_NTASKS:-1} " + LOCAL_RANK + "=${SLURM_LOCALID:-0} " +
            LOCAL_SIZE + "=$ls " + NODE_RANK + "=${SLURM_LOCALID:-0} " + JobVariables.LOCAL_RANK + "=${SLURM_LOCALID:-0} " +
            JobVariables.LOCAL_SIZE + "=$ls\n" +
            "exec \"$@\"\n";
        final List<String> wrapped = new java.util.ArrayList<>(List.of("sh", "-c", script, "rankwire-task"));
        wrapped.addAll(command);
        return wrapped;
    }
}
