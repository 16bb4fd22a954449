package io.rankwire.launch;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A validated launch request: what {@code rwrun}'s options asked for. */
final class JobSpec
{
    final int size;
    /** The transport and whether its ranks share one JVM. */
    final Transports.Choice transport;
    final List<String> rankwireClassPath;
    final List<String> userClassPath;
    final Map<String, String> environment;
    final Map<String, String> settings;
    final Duration timeout;
    final InetAddress bind;
    final boolean tagOutput;
    final List<String> jvmOptions;
    final String mainClass;
    final List<String> args;
    final Placement placement;
    /** Where rank JVMs on this host find their class-data archive; null: none. */
    final Path cdsDirectory;
    /** {@code --stats}: print the ranks' counters at the end. */
    final boolean stats;
    /** {@code --bind-to}: how rank processes started on this host are bound to CPUs. */
    final CpuBinding binding;
    /** The command's name, {@code -q}, {@code --report-bindings}, {@code --wdir}, {@code --output-filename}. */
    final RunOptions run;

    JobSpec(
        final int size,
        final Transports.Choice transport,
        final List<String> rankwireClassPath,
        final List<String> userClassPath,
        final Map<String, String> environment,
        final Map<String, String> settings,
        final Duration timeout,
        final InetAddress bind,
        final boolean tagOutput,
        final List<String> jvmOptions,
        final String mainClass,
        final List<String> args,
        final Placement placement,
        final Path cdsDirectory,
        final boolean stats,
        final CpuBinding binding,
        final RunOptions run)
    {
        this.run = run;
        this.stats = stats;
        this.binding = binding;
        this.size = size;
        this.transport = transport;
        this.rankwireClassPath = List.copyOf(rankwireClassPath);
        this.userClassPath = List.copyOf(userClassPath);
        this.environment = Map.copyOf(environment);
        this.settings = Map.copyOf(settings);
        this.timeout = timeout;
        this.bind = bind;
        this.tagOutput = tagOutput;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.mainClass = mainClass;
        this.args = List.copyOf(args);
        this.placement = placement;
        this.cdsDirectory = cdsDirectory;
    }
}
