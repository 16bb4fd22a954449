package io.rankwire.launch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launch side of Slurm: the allocation's CPUs, the srun command, srun's labels and messages. */
class SlurmAllocationTest
{
    @Test
    void shouldCountTheCpusOfTheAllocation()
    {
        assertEquals(4, SlurmAllocation.cpus(Map.of("SLURM_JOB_CPUS_PER_NODE", "4")));
        assertEquals(7, SlurmAllocation.cpus(Map.of("SLURM_JOB_CPUS_PER_NODE", "2(x3),1")));
        assertEquals(-1, SlurmAllocation.cpus(Map.of("SLURM_JOB_CPUS_PER_NODE", "lots")));
        assertEquals(-1, SlurmAllocation.cpus(Map.of()));
    }

    @Test
    void shouldBuildTheSrunCommand()
    {
        final List<String> rank = List.of("java", "-cp", "a.jar", "com.example.Main", "x");
        assertEquals(List.of("srun", "--ntasks=4", "--kill-on-bad-exit=1", "--input=none", "--label",
            "java", "-cp", "a.jar", "com.example.Main", "x"), SlurmAllocation.srunCommand("srun", 4, 4, true, rank));
        assertEquals(List.of("srun", "--ntasks=4", "--overcommit", "--kill-on-bad-exit=1", "--input=none",
            "java", "-cp", "a.jar", "com.example.Main", "x"), SlurmAllocation.srunCommand("srun", 4, 2, false, rank));
        assertFalse(SlurmAllocation.srunCommand("srun", 4, -1, false, rank).contains("--overcommit"));
    }

    @Test
    void shouldPassNPerNodeWdirAndOutputFilesToSrun(@TempDir final Path dir)
    {
        final List<String> rank = List.of("java", "Main");
        final RunOptions run = new RunOptions("mpirun", false, false, dir, OutputFiles.parse(dir + "/out", 12), "--timeout");
        assertEquals(List.of("srun", "--ntasks=12", "--ntasks-per-node=4", "--chdir=" + dir,
            "--output=" + dir + "/out/1/rank.%2t/stdout", "--error=" + dir + "/out/1/rank.%2t/stderr",
            "--kill-on-bad-exit=1", "--input=none", "java", "Main"),
            SlurmAllocation.srunCommand("srun", 12, 16, 4, false, run, rank));
        assertTrue(Files.isDirectory(dir.resolve("out/1/rank.11")));
    }

    @Test
    void tasksShouldGetOpenMpisVariablesFromSlurms() throws Exception
    {
        // the fifth task of 2(x2),3 tasks per node runs on node 2 (of 3 tasks) as its second
        final ProcessBuilder task = new ProcessBuilder(RankVariables.fromSlurm(List.of("env")));
        task.environment().putAll(Map.of("SLURM_PROCID", "5", "SLURM_LOCALID", "1", "SLURM_NODEID", "2",
            "SLURM_NTASKS", "7", "SLURM_STEP_TASKS_PER_NODE", "2(x2),3"));
        final Process p = task.start();
        final List<String> env = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.waitFor());
        assertTrue(env.containsAll(List.of("OMPI_COMM_WORLD_RANK=5", "OMPI_COMM_WORLD_SIZE=7",
            "OMPI_COMM_WORLD_LOCAL_RANK=1", "OMPI_COMM_WORLD_LOCAL_SIZE=3", "OMPI_COMM_WORLD_NODE_RANK=1",
            "RANKWIRE_LOCAL_RANK=1", "RANKWIRE_LOCAL_SIZE=3")), env::toString);
    }

    @Test
    void shouldReportTheFirstFailedTaskOfSrun()
    {
        final SrunReport report = new SrunReport();
        report.accept("srun: error: node1: task 0: Exited with exit code 0");
        assertEquals(-1, report.failedRank());
        report.accept("srun: error: node2: task 2: Exited with exit code 3");
        report.accept("srun: error: node1: tasks 0-1,3: Exited with exit code 143");
        report.accept("srun: error: node1: task 1: Exited with exit code 143");
        assertEquals(2, report.failedRank());
        assertEquals(3, report.failedCode());
        assertEquals("node2", report.failedNode());
    }

    @Test
    void shouldFindSrunLabels()
    {
        assertEquals(4, OutputPump.srunLabelEnd(" 2: x\n".getBytes()));
        assertEquals(4, OutputPump.srunLabelEnd("12: x\n".getBytes()));
        assertEquals(-1, OutputPump.srunLabelEnd("srun: error\n".getBytes()));
        assertEquals(-1, OutputPump.srunLabelEnd("12:x\n".getBytes()));
    }

    @Test
    void shouldRewriteSrunLabelsIntoRankTags()
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream target = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        final String input = " 0: hello\n12: world\nsrun: error: node1: task 3: Exited with exit code 2\n";
        final SrunReport report = new SrunReport();
        new OutputPump(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), target, "", true, report).run();
        assertEquals("[0] hello\n[12] world\nsrun: error: node1: task 3: Exited with exit code 2\n",
            bytes.toString(StandardCharsets.UTF_8));
        assertEquals(3, report.failedRank());
    }
}
