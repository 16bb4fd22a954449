package app;

import java.lang.management.ManagementFactory;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.TreeSet;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Op;
import io.rankwire.Status;
import io.rankwire.buffer.MessageBuffer;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;

/**
 * Runs a 2-rank job over each transport named in the arguments (after the first, a file for the
 * flight recording) and prints what ModulePathTest checks: the message each rank received, the
 * sum of an all-reduce, each rank's MBean, the flight recorder's send events, the packages the
 * runtime's module exports, and that a public class of a package it does not export stays shut.
 */
public final class Main
{
    private static final int TAG = 5;
    private static final long MBEAN_WAIT_MS = 30_000;

    private Main()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Path jfr = Path.of(args[0]);
        try (Recording recording = new Recording())
        {
            recording.enable("io.rankwire.Send");
            recording.start();
            for (int i = 1; i < args.length; i++)
            {
                job(args[i]);
            }
            recording.stop();
            recording.dump(jfr);
        }
        final long sends = RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals("io.rankwire.Send")).count();
        System.out.println("send events " + (sends > 0 ? "recorded" : "missing"));

        final Module runtime = ModuleLayer.boot().findModule("io.rankwire").orElseThrow();
        final TreeSet<String> exports = new TreeSet<>();
        for (final ModuleDescriptor.Exports e : runtime.getDescriptor().exports())
        {
            exports.add(e.source() + (e.isQualified() ? " to " + new TreeSet<>(e.targets()) : ""));
        }
        System.out.println("exports " + exports);
        System.out.println("core exported to app " + runtime.isExported("io.rankwire.core", Main.class.getModule()));

        final Method parse = Class.forName("io.rankwire.observe.RankLogging").getMethod("parse", String.class, String.class);
        try
        {
            parse.invoke(null, "k", "info");
            System.out.println("observe open");
        }
        catch (final IllegalAccessException e)
        {
            System.out.println("observe closed");
        }
    }

    private static void job(final String transport)
    {
        LocalJob.run(2, transport, rw ->
        {
            final Comm world = rw.world();
            final int rank = world.rank();
            final byte[] text = ("hello from " + transport).getBytes(StandardCharsets.US_ASCII);
            final byte[] got = new byte[64];
            if (rank == 0)
            {
                world.send(text, 0, text.length, 1, TAG);
            }
            else
            {
                final Status st = world.recv(got, 0, got.length, 0, TAG);
                System.out.println(transport + " rank 1 got '" + new String(got, 0, st.bytes(), StandardCharsets.US_ASCII) + "'");
            }
            final int[] mine = {rank + 1};
            final int[] sum = new int[1];
            world.allReduce(MessageBuffer.of(mine), MessageBuffer.of(sum), Op.SUM);
            System.out.println(transport + " rank " + rank + " sum " + sum[0]);
            System.out.println(transport + " rank " + rank + " mbean " + mbeanRank(rank, rw.config().jobId()));
        });
    }

    /** The {@code Rank} attribute of this rank's MBean, once it is registered (in the background). */
    private static Object mbeanRank(final int rank, final String job) throws Exception
    {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final long end = System.currentTimeMillis() + MBEAN_WAIT_MS;
        while (System.currentTimeMillis() < end)
        {
            for (final ObjectName name : server.queryNames(new ObjectName("io.rankwire:type=Rank,rank=" + rank + ",*"), null))
            {
                if (job.equals(server.getAttribute(name, "Job")))
                {
                    return server.getAttribute(name, "Rank");
                }
            }
            Thread.sleep(20);
        }
        return "missing";
    }
}
