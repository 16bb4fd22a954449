package io.rankwire.launch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
