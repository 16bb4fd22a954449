package io.rankwire.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The hosts of a multi-host job and their slots, from {@code -H host1:2,host2:2} or an Open MPI
 * style hostfile ({@code host slots=N} per line, {@code #} comments). Ranks fill the slots in
 * order: the first host's slots first, then the next host's.
 */
final class HostList
{
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9_.:\\[\\]-]+");

    private final Map<String, Integer> slots;

    private HostList(final Map<String, Integer> slots)
    {
        if (slots.isEmpty())
        {
            throw new IllegalArgumentException("no hosts given (expected: at least one host)");
        }
        this.slots = slots;
    }

    /** {@code host[:slots],host[:slots],...}; a host without slots has one; repeated hosts add up. */
    static HostList parseHosts(final String text)
    {
        final Map<String, Integer> slots = new LinkedHashMap<>();
        for (final String item : text.split(","))
        {
            final String entry = item.trim();
            final int colon = entry.lastIndexOf(':');
            final boolean hasSlots = colon > 0 && entry.indexOf(']') < colon && entry.substring(colon + 1).matches("[0-9]+");
            final String host = hasSlots ? entry.substring(0, colon) : entry;
            final int n = hasSlots ? slotCount("-H", entry, entry.substring(colon + 1)) : 1;
            add(slots, "-H", entry, host, n);
        }
        return new HostList(slots);
    }

    /** An Open MPI style hostfile: {@code host [slots=N] [max_slots=M]} per line. */
    static HostList parseHostfile(final Path file)
    {
        final List<String> lines;
        try
        {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException("invalid value for --hostfile: cannot read '" + file + "': " + e, e);
        }
        return parseHostfile(file.toString(), lines);
    }

    static HostList parseHostfile(final String name, final List<String> lines)
    {
        final Map<String, Integer> slots = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++)
        {
            final int hash = lines.get(i).indexOf('#');
            final String line = (hash < 0 ? lines.get(i) : lines.get(i).substring(0, hash)).trim();
            if (line.isEmpty())
            {
                continue;
            }
            final String where = name + " line " + (i + 1);
            final String[] words = line.split("\\s+");
            int n = 1;
            for (int w = 1; w < words.length; w++)
            {
                final String word = words[w].replace("slots =", "slots=");
                if (word.startsWith("slots="))
                {
                    n = slotCount("--hostfile", where, word.substring("slots=".length()));
                }
                else if (!word.startsWith("max_slots=") && !word.startsWith("max-slots="))
                {
                    throw new IllegalArgumentException("invalid value for --hostfile: " + where + ": '" + words[w] +
                        "' (expected: host [slots=N] [max_slots=N])");
                }
            }
            add(slots, "--hostfile", where, words[0], n);
        }
        return new HostList(slots);
    }

    /** The total slots. */
    int slots()
    {
        return slots.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The host of each of {@code size} ranks, filling each host's slots in turn. */
    List<String> place(final int size)
    {
        return place(size, false);
    }

    /**
     * The host of each of {@code size} ranks, filling each host's slots in turn; with
     * {@code oversubscribe}, ranks beyond the slots take them again, pass after pass (as Open
     * MPI's {@code --oversubscribe}), else more ranks than slots are refused.
     */
    List<String> place(final int size, final boolean oversubscribe)
    {
        if (size > slots() && !oversubscribe)
        {
            throw new IllegalArgumentException("invalid value for -np: '" + size + "' (expected: at most " + slots() +
                ", the slots of the hosts " + slots + ", or --oversubscribe)");
        }
        final List<String> hosts = new ArrayList<>(size);
        while (hosts.size() < size)
        {
            for (final Map.Entry<String, Integer> e : slots.entrySet())
            {
                for (int s = 0; s < e.getValue() && hosts.size() < size; s++)
                {
                    hosts.add(e.getKey());
                }
            }
        }
        return hosts;
    }

    /** The same hosts with {@code n} slots each ({@code -N}). */
    HostList withSlots(final int n)
    {
        final Map<String, Integer> each = new LinkedHashMap<>();
        slots.keySet().forEach(h -> each.put(h, n));
        return new HostList(each);
    }

    /** The hosts in order. */
    List<String> hosts()
    {
        return new ArrayList<>(slots.keySet());
    }

    private static void add(
        final Map<String, Integer> slots, final String option, final String where, final String host, final int n)
    {
        if (!HOST.matcher(host).matches() || host.startsWith("-"))
        {
            throw new IllegalArgumentException("invalid value for " + option + ": '" + where +
                "' (expected: host[:slots] with a host name or address)");
        }
        slots.merge(host, n, Integer::sum);
    }

    private static int slotCount(final String option, final String where, final String text)
    {
        try
        {
            final int n = Integer.parseInt(text);
            if (n >= 1 && n <= Rwrun.MAX_RANKS)
            {
                return n;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below
        }
        throw new IllegalArgumentException("invalid value for " + option + ": '" + where + "': slots '" + text +
            "' (expected: 1.." + Rwrun.MAX_RANKS + ")");
    }
}
