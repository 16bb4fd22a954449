package io.rankwire.examples.bench;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/** Small pieces every benchmark shares. */
final class Bench
{
    private Bench()
    {
    }

    /**
     * The transport between ranks 0 and 1 as a report names it: the configured name, and with
     * {@code auto} the one it chose for them ({@code auto: shm}).
     */
    static String transport(final Rankwire rw)
    {
        final String configured = rw.config().transport();
        final String path = rw.size() > 1 ? rw.transportOf(rw.rank() == 0 ? 1 : 0) : configured;
        return path.equals(configured) ? configured : configured + ": " + path;
    }

    static void requireTwoRanks(final Comm world)
    {
        if (world.size() < 2)
        {
            throw new IllegalStateException("ranks : " + world.size() + " (expected: >= 2; ranks 0 and 1 take part)");
        }
    }

    /** Prints the table and writes the CSV file if one was asked for. */
    static void finish(final Report report, final BenchArgs opts)
    {
        report.print(System.out);
        if (opts.csv != null)
        {
            report.writeCsv(opts.csv);
            System.out.println("# wrote " + opts.csv);
        }
        if (opts.plot != null)
        {
            System.out.println("# plotting to " + opts.plot);
        }
    }
}
