package io.rankwire.examples.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options one benchmark takes, with their meaning and default: printed by {@code --help},
 * and the list {@link BenchArgs} checks every given option against, so an option the benchmark
 * does not use is rejected by name instead of silently ignored.
 */
final class Usage
{
    /** One option: its value's placeholder ({@code null} for a flag), meaning and default. */
    record Option(String value, String meaning, String dflt)
    {
    }

    private final String program;
    private final String summary;
    private final Map<String, Option> options = new LinkedHashMap<>();

    Usage(final String program, final String summary)
    {
        this.program = program;
        this.summary = summary;
        option("--help", null, "print this help and exit", "");
    }

    /** Adds option {@code name}; {@code value} is {@code null} for a flag. */
    Usage option(final String name, final String value, final String meaning, final String dflt)
    {
        options.put(name, new Option(value, meaning, dflt));
        return this;
    }

    /** The common file and baseline options every benchmark takes. */
    Usage outputs(final boolean plot)
    {
        option("--csv", "FILE", "also write the table as CSV", "none");
        if (plot)
        {
            option("--plot", "FILE", "draw charts (.png or .svg)", "none");
        }
        return option("--no-baseline", null, "skip the raw baseline", "baseline on");
    }

    String program()
    {
        return program;
    }

    Option get(final String name)
    {
        return options.get(name);
    }

    /** {@code --a, --b or --c}. */
    String names()
    {
        final String[] all = options.keySet().toArray(new String[0]);
        return String.join(", ", java.util.Arrays.copyOf(all, all.length - 1)) + " or " + all[all.length - 1];
    }

    /** The help text: what the program does, how to start it and each option with its default. */
    String text()
    {
        final StringBuilder b = new StringBuilder();
        b.append("Usage: bin/rwrun -np 2 [--transport sim|tcp] -cp CLASSPATH io.rankwire.examples.bench.")
            .append(program).append(" [OPTIONS]\n");
        b.append(summary).append("\n\nOptions:\n");
        for (final Map.Entry<String, Option> e : options.entrySet())
        {
            final Option o = e.getValue();
            final String head = e.getKey() + (o.value() == null ? "" : " " + o.value());
            b.append(String.format(java.util.Locale.ROOT, "  %-16s %s", head, o.meaning()));
            if (!o.dflt().isEmpty())
            {
                b.append(" (default: ").append(o.dflt()).append(')');
            }
            b.append('\n');
        }
        b.append("Sizes take the binary suffixes K, M and G (64K = 65536).\n");
        return b.toString();
    }
}
