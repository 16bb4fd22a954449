package io.rankwire.examples.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A results table: printed aligned on stdout, optionally written as CSV. */
final class Report
{
    private final String title;
    private final String[] columns;
    private final List<String[]> rows = new ArrayList<>();

    Report(final String title, final String... columns)
    {
        this.title = title;
        this.columns = columns.clone();
    }

    /** Adds a row; doubles get two decimals (four below 1, none from 100000 up), NaN shows as {@code -}. */
    void row(final Object... cells)
    {
        if (cells.length != columns.length)
        {
            throw new IllegalArgumentException("cells : " + cells.length + " (expected: " + columns.length + ")");
        }
        final String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++)
        {
            r[i] = format(cells[i]);
        }
        rows.add(r);
    }

    void print(final PrintStream out)
    {
        final int[] width = new int[columns.length];
        for (int c = 0; c < columns.length; c++)
        {
            width[c] = columns[c].length();
            for (final String[] r : rows)
            {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        out.println("# " + title);
        out.println(line(columns, width));
        for (final String[] r : rows)
        {
            out.println(line(r, width));
        }
    }

    void writeCsv(final String file)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", columns)).append('\n');
        for (final String[] r : rows)
        {
            sb.append(String.join(",", r)).append('\n');
        }
        try
        {
            Files.writeString(Path.of(file), sb.toString(), StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String line(final String[] cells, final int[] width)
    {
        final StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells.length; c++)
        {
            sb.append(c == 0 ? "" : "  ");
            sb.append(" ".repeat(width[c] - cells[c].length())).append(cells[c]);
        }
        return sb.toString();
    }

    private static String format(final Object cell)
    {
        if (cell instanceof Double)
        {
            final double d = (Double)cell;
            if (Double.isNaN(d))
            {
                return "-";
            }
            final double abs = Math.abs(d);
            final String pattern = abs >= 1e5 ? "%.0f" : abs >= 1 || abs == 0 ? "%.2f" : "%.4f";
            return String.format(Locale.ROOT, pattern, d);
        }
        return String.valueOf(cell);
    }
}
