package io.rankwire.launch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.bootstrap.JobEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class OutputTaggingTest
{
    @Test
    void shouldPrefixEveryLineAndEndTheLastOne()
    {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        final byte[] input = "one\n\ntwo\nthree".getBytes(StandardCharsets.UTF_8);
        new OutputPump(new ByteArrayInputStream(input), new PrintStream(sink, true), "[3] ").run();
        assertEquals("[3] one\n[3] \n[3] two\n[3] three\n", sink.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldSplitOverlongLine()
    {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        final byte[] input = ("x".repeat(OutputPump.MAX_LINE + 10) + "\n").getBytes(StandardCharsets.UTF_8);
        new OutputPump(new ByteArrayInputStream(input), new PrintStream(sink, true), "[0] ").run();
        final List<String> lines = sink.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size());
        assertEquals("[0] " + "x".repeat(OutputPump.MAX_LINE), lines.get(0));
        assertEquals("[0] " + "x".repeat(10), lines.get(1));
    }

    @Test
    void shouldKeepEachRankThreadsLinesWholeAndTagged() throws Exception
    {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        final RankTaggedOutput tagged = new RankTaggedOutput(new PrintStream(sink, true));
        final PrintStream out = new PrintStream(tagged, true);
        final InMemoryBootstrap table = new InMemoryBootstrap(2);
        final CyclicBarrier step = new CyclicBarrier(2);
        final Thread[] ranks = new Thread[2];
        for (int r = 0; r < 2; r++)
        {
            final JobEnvironment env = JobEnvironment.of(r, 2, "j", new byte[16], "sim", Map.of(), table.forRank(r));
            ranks[r] = new Thread(() -> JobEnvironment.runAs(env, () ->
            {
                out.print("rank " + env.rank() + " begins");
                await(step);
                out.println(" and ends");
                out.print("unfinished " + env.rank());
                await(step);
                tagged.endLine();
            }));
            ranks[r].start();
        }
        for (final Thread t : ranks)
        {
            t.join();
        }
        out.println("outside");
        final List<String> lines = sink.toString(StandardCharsets.UTF_8).lines().sorted().toList();
        assertEquals(List.of("[0] rank 0 begins and ends", "[0] unfinished 0", "[1] rank 1 begins and ends",
            "[1] unfinished 1", "outside"), lines);
        assertTrue(sink.toString(StandardCharsets.UTF_8).endsWith("\n"));
    }

    private static void await(final CyclicBarrier barrier)
    {
        try
        {
            barrier.await();
        }
        catch (final Exception e)
        {
            throw new IllegalStateException(e);
        }
    }
}
