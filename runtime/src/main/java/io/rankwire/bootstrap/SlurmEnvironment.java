package io.rankwire.bootstrap;

import java.util.Map;

/**
 * What Rankwire reads from Slurm's environment: whether the process is inside an allocation
 * ({@value #JOB_ID}) or is a task of a job step started by {@code srun} ({@value #PROCID} and
 * {@value #STEP_ID}), its task rank and count, and the nodes of the step.
 */
public final class SlurmEnvironment
{
    /** Set inside an allocation ({@code salloc}, {@code sbatch}, and their steps). */
    public static final String JOB_ID = "SLURM_JOB_ID";
    static final String STEP_ID = "SLURM_STEP_ID";
    /** A task's rank in its step. */
    public static final String PROCID = "SLURM_PROCID";
    static final String STEP_NUM_TASKS = "SLURM_STEP_NUM_TASKS";
    static final String NTASKS = "SLURM_NTASKS";
    static final String STEP_NUM_NODES = "SLURM_STEP_NUM_NODES";
    static final String NNODES = "SLURM_NNODES";
    /** Set to {@code off} to make a task of a step ignore Slurm's variables. */
    static final String SLURM_SWITCH = "RANKWIRE_SLURM";

    private SlurmEnvironment()
    {
    }

    /** Inside a Slurm allocation ({@code salloc}, {@code sbatch}, or a step). */
    public static boolean inAllocation(final Map<String, String> env)
    {
        return nonEmpty(env.get(JOB_ID));
    }

    /** A task of a job step started by {@code srun} (the batch script itself is not one). */
    static boolean inStep(final Map<String, String> env)
    {
        return inAllocation(env) && nonEmpty(env.get(PROCID)) && isNumber(env.get(STEP_ID)) &&
            !"off".equalsIgnoreCase(env.getOrDefault(SLURM_SWITCH, ""));
    }

    /** This task's rank in its step. */
    static int rank(final Map<String, String> env)
    {
        return parse(PROCID, env.get(PROCID));
    }

    /** The tasks of the step: {@value #STEP_NUM_TASKS}, else {@value #NTASKS}. */
    static int size(final Map<String, String> env)
    {
        final String name = nonEmpty(env.get(STEP_NUM_TASKS)) ? STEP_NUM_TASKS : NTASKS;
        final String text = env.get(name);
        if (!nonEmpty(text))
        {
            throw new IllegalStateException(PROCID + " is set but neither " + STEP_NUM_TASKS + " nor " + NTASKS +
                " is (expected: a task started by srun)");
        }
        return parse(name, text);
    }

    /** {@code jobid.stepid}: unique to one step of one job. */
    static String stepKey(final Map<String, String> env)
    {
        final String job = env.get(JOB_ID);
        if (!job.matches("[0-9A-Za-z_]+"))
        {
            throw new IllegalStateException(JOB_ID + " : '" + job + "' (expected: letters, digits and '_')");
        }
        return job + "." + env.get(STEP_ID);
    }

    /** The nodes of the step (else of the allocation); 1 when Slurm does not say. */
    public static int nodes(final Map<String, String> env)
    {
        for (final String name : new String[] {STEP_NUM_NODES, NNODES})
        {
            if (isNumber(env.get(name)))
            {
                return parse(name, env.get(name));
            }
        }
        return 1;
    }

    private static int parse(final String name, final String text)
    {
        if (isNumber(text))
        {
            try
            {
                return Integer.parseInt(text.trim());
            }
            catch (final NumberFormatException ignored)
            {
                // reported below
            }
        }
        throw new IllegalStateException(name + " : '" + text + "' (expected: a non-negative integer)");
    }

    private static boolean isNumber(final String text)
    {
        return text != null && text.trim().matches("[0-9]+");
    }

    private static boolean nonEmpty(final String text)
    {
        return text != null && !text.isEmpty();
    }
}
