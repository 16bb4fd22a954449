package io.rankwire.launch;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The garbage collector a rank's JVM gets when the job does not name one. A JVM picks its
 * collector for the machine it sees: G1 from two CPUs up, the serial collector below. A rank
 * shares its host with the other ranks there, one CPU each by MPI's usual mapping, yet every
 * one of their JVMs sees the whole host and picks G1, whose write barrier (a fence on stores of
 * references between heap regions) and concurrent refinement threads cost each small message
 * about a tenth of its CPU (docs/LAUNCHER.md, "The ranks' collector"). So a rank whose share of
 * its host is under two CPUs gets {@value #SERIAL}, the JVM's own choice for that share.
 *
 * <p>The job names a collector when a {@code -J} option or one of the variables the JVM reads
 * options from ({@value #TOOL_OPTIONS}, {@value #JDK_OPTIONS}, {@value #UNDERSCORE_OPTIONS})
 * holds a {@code -XX:[+-]Use...GC} flag: then nothing is added. On a remote ssh host, whose CPUs
 * the launcher cannot count, the rank's script counts them and reads the host's variables
 * ({@link SshCommand}, {@link #serialBelow}).
 */
final class RankCollector
{
    static final String SERIAL = "-XX:+UseSerialGC";
    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
    static final String JDK_OPTIONS = "JDK_JAVA_OPTIONS";
    static final String UNDERSCORE_OPTIONS = "_JAVA_OPTIONS";

    private static final Pattern COLLECTOR_FLAG = Pattern.compile("-XX:[+-]Use\\w*GC(?!\\w)");

    private RankCollector()
    {
    }

    /**
     * The options that choose the collector of a rank on a host with {@code cpus} CPUs
     * ({@code <= 0}: unknown) shared by {@code ranks} ranks.
     *
     * @param jvmOptions  the ranks' {@code -J} options
     * @param environment the ranks' environment
     */
    static List<String> options(
        final List<String> jvmOptions, final Map<String, String> environment, final int ranks, final int cpus)
    {
        return cpus > 0 && cpus < serialBelow(jvmOptions, environment, ranks) ? List.of(SERIAL) : List.of();
    }

    /**
     * The CPU count under which a host of {@code ranks} ranks gives them {@value #SERIAL}: twice
     * the ranks, or 0 (never) when the job names a collector or the host runs no rank.
     */
    static int serialBelow(final List<String> jvmOptions, final Map<String, String> environment, final int ranks)
    {
        if (ranks <= 0 || namesCollector(jvmOptions, environment))
        {
            return 0;
        }
        return (int)Math.min(Integer.MAX_VALUE, 2L * ranks);
    }

    /** Whether the job chooses a collector itself (see the class comment). */
    static boolean namesCollector(final List<String> jvmOptions, final Map<String, String> environment)
    {
        for (final String option : jvmOptions)
        {
            if (COLLECTOR_FLAG.matcher(option).find())
            {
                return true;
            }
        }
        for (final String name : List.of(TOOL_OPTIONS, JDK_OPTIONS, UNDERSCORE_OPTIONS))
        {
            final String value = environment.get(name);
            if (value != null && COLLECTOR_FLAG.matcher(value).find())
            {
                return true;
            }
        }
        return false;
    }
}
