package io.rankwire.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Copies a child's output to the launcher's, line by line, each line prefixed with the rank's
 * tag. Lines from different ranks never interleave: a whole line is written under the target's
 * lock. A last line without a line break gets one; a line longer than {@link #MAX_LINE} is
 * split.
 */
final class OutputPump implements Runnable
{
    static final int MAX_LINE = 64 * 1024;

    private final InputStream in;
    private final PrintStream target;
    private final byte[] prefix;
    private final boolean srunLabels;
    private final Consumer<String> listener;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    /** @param prefix prepended to each line; empty for none */
    OutputPump(final InputStream in, final PrintStream target, final String prefix)
    {
        this(in, target, prefix, false, null);
    }

    /**
     * @param srunLabels the lines start with {@code srun --label}'s {@code "  2: "}, rewritten to
     *                   {@code "[2] "} (the prefix then comes before it)
     * @param listener   sees each line (without its line break) before it is written; may be null
     */
    OutputPump(
        final InputStream in,
        final PrintStream target,
        final String prefix,
        final boolean srunLabels,
        final Consumer<String> listener)
    {
        this.in = in;
        this.target = target;
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
        this.srunLabels = srunLabels;
        this.listener = listener;
    }

    /** Starts a daemon thread running this pump. */
    Thread start(final String name)
    {
        final Thread t = new Thread(this, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void run()
    {
        final byte[] chunk = new byte[8192];
        try (InputStream input = in)
        {
            int n;
            while ((n = input.read(chunk)) > 0)
            {
                int start = 0;
                for (int i = 0; i < n; i++)
                {
                    if (chunk[i] == '\n' || line.size() + (i - start + 1) >= MAX_LINE)
                    {
                        line.write(chunk, start, i - start + 1);
                        emit();
                        start = i + 1;
                    }
                }
                line.write(chunk, start, n - start);
            }
        }
        catch (final IOException ignored)
        {
            // the child is gone; flush what we have
        }
        if (line.size() > 0)
        {
            line.write('\n');
            emit();
        }
    }

    private void emit()
    {
        final byte[] bytes = line.toByteArray();
        line.reset();
        if (listener != null)
        {
            listener.accept(new String(bytes, StandardCharsets.UTF_8).stripTrailing());
        }
        final int labelEnd = srunLabels ? srunLabelEnd(bytes) : -1;
        synchronized (target)
        {
            target.write(prefix, 0, prefix.length);
            if (labelEnd > 0)
            {
                final String rank = new String(bytes, 0, labelEnd - 2, StandardCharsets.US_ASCII).trim();
                final byte[] tag = ("[" + rank + "] ").getBytes(StandardCharsets.US_ASCII);
                target.write(tag, 0, tag.length);
                target.write(bytes, labelEnd, bytes.length - labelEnd);
            }
            else
            {
                target.write(bytes, 0, bytes.length);
            }
            if (bytes[bytes.length - 1] != '\n')
            {
                target.write('\n');
            }
            target.flush();
        }
    }

    /** The index after {@code srun --label}'s {@code "  2: "} at the start of {@code bytes}, else -1. */
    static int srunLabelEnd(final byte[] bytes)
    {
        int i = 0;
        while (i < bytes.length && bytes[i] == ' ')
        {
            i++;
        }
        final int digits = i;
        while (i < bytes.length && bytes[i] >= '0' && bytes[i] <= '9')
        {
            i++;
        }
        if (i == digits || i + 1 >= bytes.length || bytes[i] != ':' || bytes[i + 1] != ' ')
        {
            return -1;
        }
        return i + 2;
    }
}
