package io.rankwire.jmh.tcp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A partner JVM started by a benchmark with the benchmark's own class path and the JVM flags
 * Agrona needs. Its standard error is inherited (failures show in the JMH log), its standard
 * output discarded. {@link #close()} waits for it to exit and kills it if it does not.
 */
public final class PartnerProcess implements AutoCloseable
{
    private static final long EXIT_WAIT_SECONDS = 30;
    /** A flag that selects a garbage collector, such as {@code -XX:+UseSerialGC}. */
    private static final Pattern COLLECTOR = Pattern.compile("-XX:[+-]Use\\w*GC");
    private final Process process;

    private PartnerProcess(final Process process)
    {
        this.process = process;
    }

    /** Starts {@code main} with {@code args} in a new JVM. */
    public static PartnerProcess start(final Class<?> main, final List<String> args) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--add-exports");
        command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        command.addAll(inheritedJvmOptions());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        final Process p = new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        return new PartnerProcess(p);
    }

    /**
     * This JVM's {@code rankwire.*} system properties (e.g. {@code -jvmArgsAppend -Drankwire.idle.spinMicros=0}),
     * the base of a benchmark rank's configuration: a partner inherits them ({@link #inheritedJvmOptions}),
     * so both ranks run with them; a benchmark's own settings are applied over them.
     */
    public static Properties rankwireProperties()
    {
        final Properties p = new Properties();
        for (final String key : System.getProperties().stringPropertyNames())
        {
            if (key.startsWith("rankwire."))
            {
                p.setProperty(key, System.getProperty(key));
            }
        }
        return p;
    }

    /**
     * The options of this JVM a partner must share: module opens and exports,
     * {@code -Dio.netty.*} and {@code -Drankwire.*} properties, and the choice of garbage collector
     * (both sides of a comparison pay the same write barrier).
     */
    static List<String> inheritedJvmOptions()
    {
        final List<String> in = ManagementFactory.getRuntimeMXBean().getInputArguments();
        final List<String> out = new ArrayList<>();
        for (int i = 0; i < in.size(); i++)
        {
            final String a = in.get(i);
            if ((a.equals("--add-opens") || a.equals("--add-exports")) && i + 1 < in.size())
            {
                out.add(a);
                out.add(in.get(++i));
            }
            else if (a.startsWith("--add-opens=") || a.startsWith("--add-exports=") ||
                a.startsWith("-Dio.netty.") || a.startsWith("-Drankwire.") || COLLECTOR.matcher(a).matches())
            {
                out.add(a);
            }
        }
        return out;
    }

    /** The partner's process id. */
    public long pid()
    {
        return process.pid();
    }

    /** True while the partner runs. */
    public boolean isAlive()
    {
        return process.isAlive();
    }

    /**
     * Waits up to 30 s for the partner to exit, then kills it.
     *
     * @throws IllegalStateException if it had to be killed or exited with a non-zero status
     */
    @Override
    public void close() throws InterruptedException
    {
        if (!process.waitFor(EXIT_WAIT_SECONDS, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            process.waitFor(EXIT_WAIT_SECONDS, TimeUnit.SECONDS);
            throw new IllegalStateException("partner pid " + process.pid() + " : running (expected: exit within " +
                EXIT_WAIT_SECONDS + " s; killed)");
        }
        if (process.exitValue() != 0)
        {
            throw new IllegalStateException("partner pid " + process.pid() + " : exit " + process.exitValue() + " (expected: 0)");
        }
    }

    /** Kills the partner at once (a failed set-up). */
    public void kill()
    {
        process.destroyForcibly();
    }
}
