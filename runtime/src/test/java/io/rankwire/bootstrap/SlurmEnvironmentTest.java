package io.rankwire.bootstrap;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlurmEnvironmentTest
{
    /** What srun gives task 2 of a 4-task step 0 of job 77 (a subset). */
    static Map<String, String> stepTask(final int rank)
    {
        final Map<String, String> env = new TreeMap<>();
        env.put("SLURM_JOB_ID", "77");
        env.put("SLURM_JOBID", "77");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURM_STEPID", "0");
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_LOCALID", Integer.toString(rank));
        env.put("SLURM_NTASKS", "4");
        env.put("SLURM_STEP_NUM_TASKS", "4");
        env.put("SLURM_NNODES", "1");
        env.put("SLURM_STEP_NUM_NODES", "1");
        env.put("SLURM_JOB_CPUS_PER_NODE", "4");
        env.put("SLURM_LAUNCH_NODE_IPADDR", "127.0.0.1");
        env.put("SLURM_SRUN_COMM_HOST", "127.0.0.1");
        return env;
    }

    @Test
    void shouldRecogniseATaskOfAStep()
    {
        final Map<String, String> env = stepTask(2);
        assertTrue(SlurmEnvironment.inAllocation(env));
        assertTrue(SlurmEnvironment.inStep(env));
        assertEquals(2, SlurmEnvironment.rank(env));
        assertEquals(4, SlurmEnvironment.size(env));
        assertEquals("77.0", SlurmEnvironment.stepKey(env));
        assertEquals(1, SlurmEnvironment.nodes(env));
    }

    @Test
    void shouldNotTakeAnAllocationOrABatchScriptForAStep()
    {
        final Map<String, String> salloc = new TreeMap<>(Map.of("SLURM_JOB_ID", "77", "SLURM_NTASKS", "4"));
        assertTrue(SlurmEnvironment.inAllocation(salloc));
        assertFalse(SlurmEnvironment.inStep(salloc));
        final Map<String, String> batch = new TreeMap<>(salloc);
        batch.put("SLURM_PROCID", "0");
        assertFalse(SlurmEnvironment.inStep(batch));
        batch.put("SLURM_STEP_ID", "batch");
        assertFalse(SlurmEnvironment.inStep(batch));
        assertFalse(SlurmEnvironment.inAllocation(Map.of("PATH", "/bin")));
    }

    @Test
    void shouldIgnoreSlurmWhenSwitchedOff()
    {
        final Map<String, String> env = stepTask(0);
        env.put(SlurmEnvironment.SLURM_SWITCH, "off");
        assertFalse(SlurmEnvironment.inStep(env));
    }

    @Test
    void shouldTakeTheStepsTaskCountBeforeTheJobs()
    {
        final Map<String, String> env = stepTask(1);
        env.put("SLURM_NTASKS", "8");
        assertEquals(4, SlurmEnvironment.size(env));
        env.remove("SLURM_STEP_NUM_TASKS");
        assertEquals(8, SlurmEnvironment.size(env));
        env.remove("SLURM_NTASKS");
        assertThrows(IllegalStateException.class, () -> SlurmEnvironment.size(env));
        env.put("SLURM_PROCID", "x");
        assertEquals("SLURM_PROCID : 'x' (expected: a non-negative integer)",
            assertThrows(IllegalStateException.class, () -> SlurmEnvironment.rank(env)).getMessage());
    }
}
