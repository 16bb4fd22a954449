package io.rankwire.launch;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code rwrun --stats}: the counters each rank published as it closed (under
 * {@code rankwire.stats} in the bootstrap service, one {@code name=value} per line), printed as
 * one table at the end of the job on stderr:
 *
 * <pre>
 *   rwrun: counters per rank at close
 *   rank  msgs sent   bytes sent  msgs recvd  bytes recvd  unexp peak B  offload hit  back-press  fallbacks   shm bytes
 *      0         10        10240          10        10240           512            -           0          0    36966400
 *      1  (no report: the rank did not close)
 * </pre>
 *
 * Messages and bytes are the user's and the collectives' (internal control traffic is not
 * counted); "unexp peak" is the high-water mark of eager bytes held for unexpected messages;
 * "offload hit" the share of matches made by a tag-matching NIC ({@code -} when no receive went
 * to one);
 * "back-press" the posts a transport refused for the moment; "fallbacks" small sends that found
 * no eager credit and completed from a send-buffer copy; "shm bytes" the rank's footprint in the
 * shared-memory file system, the transport counter {@code sharedMemoryBytes} ({@code -} when its
 * transport has none). Thread-safe: ranks report from the
 * bootstrap service's thread.
 */
final class StatsTable
{
    private static final String[] HEADINGS = {
        "rank", "msgs sent", "bytes sent", "msgs recvd", "bytes recvd", "unexp peak B", "offload hit", "back-press", "fallbacks",
        "shm bytes"};
    private static final int[] WIDTHS = {4, 10, 13, 10, 13, 12, 11, 10, 9, 11};
    /** The transport counter of a rank's shared-memory footprint, under {@code transport.} (and a composite's sub name). */
    private static final String SHARED_MEMORY = "sharedMemoryBytes";

    private final AtomicReferenceArray<Map<String, Long>> reports;

    StatsTable(final int size)
    {
        this.reports = new AtomicReferenceArray<>(size);
    }

    /** Records rank {@code rank}'s report ({@code name=value} lines, UTF-8); malformed lines are skipped. */
    void report(final byte[] text, final int rank)
    {
        if (rank < 0 || rank >= reports.length())
        {
            return;
        }
        final Map<String, Long> counters = new LinkedHashMap<>();
        for (final String line : new String(text, StandardCharsets.UTF_8).split("\n"))
        {
            final int eq = line.indexOf('=');
            if (eq > 0)
            {
                try
                {
                    counters.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
                }
                catch (final NumberFormatException e)
                {
                    // not a counter: skipped
                }
            }
        }
        reports.set(rank, counters);
    }

    /** Prints the table. */
    void print(final String command, final PrintStream out)
    {
        final StringBuilder text = new StringBuilder(command + ": counters per rank at close\n");
        row(text, HEADINGS);
        for (int rank = 0; rank < reports.length(); rank++)
        {
            final Map<String, Long> c = reports.get(rank);
            if (c == null)
            {
                text.append(String.format(Locale.ROOT, "%" + WIDTHS[0] + "d  (no report: the rank did not close)%n", rank));
                continue;
            }
            row(text, new String[] {
                Integer.toString(rank), n(c, "messagesSent"), n(c, "bytesSent"), n(c, "messagesReceived"),
                n(c, "bytesReceived"), n(c, "unexpectedBytesHighWater"), hitRate(c), n(c, "backPressured"),
                n(c, "sendsBuffered"), sharedMemory(c)});
        }
        out.print(text);
        out.flush();
    }

    private static void row(final StringBuilder text, final String[] cells)
    {
        for (int i = 0; i < cells.length; i++)
        {
            text.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, "%" + WIDTHS[i] + "s", cells[i]));
        }
        text.append(System.lineSeparator());
    }

    private static String n(final Map<String, Long> c, final String name)
    {
        final Long v = c.get(name);
        return v == null ? "?" : Long.toString(v);
    }

    /** The sum of the rank's {@code sharedMemoryBytes} transport counters, or {@code -} when it has none. */
    private static String sharedMemory(final Map<String, Long> c)
    {
        long sum = 0;
        boolean any = false;
        for (final Map.Entry<String, Long> e : c.entrySet())
        {
            if (e.getKey().startsWith("transport.") && e.getKey().endsWith(SHARED_MEMORY))
            {
                sum += e.getValue();
                any = true;
            }
        }
        return any ? Long.toString(sum) : "-";
    }

    /**
     * Hardware matches over all matches, or {@code -} when no receive was ever handed to a NIC
     * (no ADD posted: a transport without offload) or nothing matched.
     */
    private static String hitRate(final Map<String, Long> c)
    {
        final long hw = c.getOrDefault("hardwareMatches", 0L);
        final long sw = c.getOrDefault("softwareMatches", 0L);
        if (c.getOrDefault("addsPosted", 0L) == 0 || hw + sw == 0)
        {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * hw / (hw + sw));
    }
}
