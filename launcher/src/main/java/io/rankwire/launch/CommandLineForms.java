package io.rankwire.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option forms Open MPI's {@code mpirun} accepts beyond the ones {@code rwrun} declares: every
 * long option with one dash ({@code -np}, {@code -mca}, {@code -host}, {@code -wdir},
 * {@code -output-filename}, ...), which {@link #normalize} rewrites to its two-dash name before
 * the options are parsed; and the check that each word before the main class is an option,
 * whose failure names the closest option ({@link #unknown}).
 */
final class CommandLineForms
{
    /** How far (in edits) a typed option may be from an option to be suggested. */
    private static final int MAX_EDITS = 3;

    private final CommandSpec spec;
    private final Set<String> names = new TreeSet<>();

    CommandLineForms(final CommandSpec spec)
    {
        this.spec = spec;
        for (final OptionSpec option : spec.options())
        {
            for (final String name : option.names())
            {
                names.add(name);
                if (option.negatable() && name.startsWith("--"))
                {
                    names.add("--no-" + name.substring(2));
                }
            }
        }
    }

    /**
     * {@code args} with each one-dash long option (and {@code -name=value}) rewritten to its
     * two-dash name, up to the main class (the first word that is neither an option nor an
     * option's value); the rest is left as it is.
     *
     * @throws IllegalArgumentException for a word before the main class that is no option,
     *                                  naming the closest one
     */
    List<String> normalize(final List<String> args)
    {
        final List<String> out = new ArrayList<>(args.size());
        int i = 0;
        while (i < args.size())
        {
            final String a = args.get(i++);
            if (a.equals("--") || !a.startsWith("-") || a.length() == 1)
            {
                out.add(a);
                break;
            }
            final String name = canonical(a);
            if (name == null)
            {
                out.add(a);
                continue; // a short option with its value attached (-J-Xmx1g, -n4) or a cluster of flags (-vv)
            }
            final int eq = a.indexOf('=');
            out.add(eq < 0 ? name : name + a.substring(eq));
            final int values = eq < 0 ? values(name) : 0;
            for (int v = 0; v < values && i < args.size(); v++)
            {
                out.add(args.get(i++));
            }
        }
        while (i < args.size())
        {
            out.add(args.get(i++));
        }
        return out;
    }

    /**
     * How many words follow {@code arg} as its values when it is an option (in any form
     * {@link #normalize} accepts): 0 for a flag, 2 for {@code --mca}; -1 when it is no option.
     */
    int valuesAfter(final String arg)
    {
        if (!arg.startsWith("-") || arg.length() == 1 || arg.equals("--"))
        {
            return -1;
        }
        try
        {
            final String name = canonical(arg);
            return name == null || arg.indexOf('=') >= 0 ? 0 : values(name);
        }
        catch (final IllegalArgumentException e)
        {
            return -1;
        }
    }

    /**
     * The declared name of option word {@code a} (before any {@code =}); null for a short option
     * with an attached value or a cluster of short flags.
     *
     * @throws IllegalArgumentException when it is no option
     */
    private String canonical(final String a)
    {
        final int eq = a.indexOf('=');
        final String word = eq < 0 ? a : a.substring(0, eq);
        if (names.contains(word))
        {
            return word;
        }
        if (!word.startsWith("--") && names.contains("-" + word))
        {
            return "-" + word;
        }
        if (!a.startsWith("--") && shortForm(a))
        {
            return null;
        }
        throw new IllegalArgumentException(unknown(a));
    }

    /** {@code -J-Xmx1g}, {@code -xNAME=V}, {@code -n4}: a short option and its value; {@code -vv}: flags. */
    private boolean shortForm(final String word)
    {
        final OptionSpec first = spec.findOption(word.substring(0, 2));
        if (first == null)
        {
            return false;
        }
        if (first.arity().min() > 0)
        {
            final Class<?> type = first.type();
            return type != Integer.class && type != int.class || word.substring(2).chars().allMatch(Character::isDigit);
        }
        for (int c = 1; c < word.length(); c++)
        {
            final OptionSpec flag = spec.findOption("-" + word.charAt(c));
            if (flag == null || flag.arity().min() > 0)
            {
                return false;
            }
        }
        return true;
    }

    /** The words option {@code name} takes; 0 for a flag and its negated form ({@code --no-tag-output}). */
    private int values(final String name)
    {
        final OptionSpec option = spec.findOption(name);
        return option == null ? 0 : option.arity().min();
    }

    /** {@code Unknown option: '-npp' (did you mean -np?)}, or without the suggestion when none is close. */
    String unknown(final String word)
    {
        final int eq = word.indexOf('=');
        final String typed = eq < 0 ? word : word.substring(0, eq);
        final String bare = typed.replaceFirst("^--?", "");
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (final String name : names)
        {
            final int d = distance(bare, name.replaceFirst("^--?", ""));
            if (d < bestDistance)
            {
                best = name;
                bestDistance = d;
            }
        }
        if (best != null && !typed.startsWith("--") && names.contains("-" + best.replaceFirst("^--?", "")))
        {
            best = "-" + best.replaceFirst("^--?", ""); // in the form typed: -np, not --np
        }
        final boolean close = best != null && bestDistance <= Math.min(MAX_EDITS, Math.max(1, bare.length() / 3));
        return "Unknown option: '" + typed + "'" + (close ? " (did you mean " + best + "?)" : "");
    }

    /** The edit distance (insertions, deletions, substitutions, adjacent transpositions) between {@code a} and {@code b}. */
    static int distance(final String a, final String b)
    {
        final int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++)
        {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++)
        {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            for (int j = 1; j <= b.length(); j++)
            {
                final int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
