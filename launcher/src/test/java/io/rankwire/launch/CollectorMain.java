package io.rankwire.launch;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.stream.Collectors;

import io.rankwire.bootstrap.JobEnvironment;

/** Prints the collectors of the rank's JVM, sorted by name: {@code rank 1 gc=Copy,MarkSweepCompact}. */
final class CollectorMain
{
    private CollectorMain()
    {
    }

    public static void main(final String[] args)
    {
        final String names = ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName).sorted().collect(Collectors.joining(","));
        System.out.println("rank " + JobEnvironment.current().orElseThrow().rank() + " gc=" + names);
    }
}
