package io.rankwire.launch;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code srun}'s own messages on its stderr to learn which task failed first and how:
 * {@code srun: error: node1: task 2: Exited with exit code 1}. {@code srun} itself exits with
 * the highest exit code of its tasks, which after a failure is usually that of a task it killed
 * ({@code 143}); {@code rwrun} reports the first failure instead, as it does without Slurm.
 */
final class SrunReport implements Consumer<String>
{
    private static final Pattern TASK_EXIT =
        Pattern.compile("srun: error: (\\S+): task ([0-9]+): Exited with exit code ([0-9]+)\\s*");

    private int rank = -1;
    private int code;
    private String node;

    @Override
    public synchronized void accept(final String line)
    {
        final Matcher m = TASK_EXIT.matcher(line);
        if (rank < 0 && m.matches() && !m.group(3).equals("0"))
        {
            node = m.group(1);
            rank = Integer.parseInt(m.group(2));
            code = Integer.parseInt(m.group(3));
        }
    }

    /** The rank of the first task srun reported as failed, -1 if none. */
    synchronized int failedRank()
    {
        return rank;
    }

    /** Its exit code. */
    synchronized int failedCode()
    {
        return code;
    }

    /** Its node. */
    synchronized String failedNode()
    {
        return node;
    }
}
