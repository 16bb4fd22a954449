package io.rankwire.launch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Copies a child's output to the launcher's, line by line, each line prefixed with the rank's
 * tag. Lines from different ranks never interleave: a whole line is written under the target's
 * lock. A last line without a line break gets one; a line longer than {@link #MAX_LINE} is
 * split. A rank's lines may also go to a file of its own ({@link OutputFiles}), untagged; on its
 * stderr, a stack trace that only reports another rank's failure is cut to its first line
 * ({@link ConsequentErrors}).
 */
final class OutputPump implements Runnable
{
    static final int MAX_LINE = 64 * 1024;

    private final InputStream in;
    private final PrintStream target;
    private final byte[] prefix;
    private final boolean srunLabels;
    private final Consumer<String> listener;
    private final OutputStream file;
    private final ConsequentErrors consequent;
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
        this(in, target, prefix, srunLabels, listener, null, false);
    }

    /**
     * @param target      where tagged lines go; null for nowhere
     * @param file        also gets each line, untagged; null for none; closed at the end
     * @param stderr      the stream is a rank's stderr: traces of consequent errors are cut
     */
    OutputPump(
        final InputStream in,
        final PrintStream target,
        final String prefix,
        final boolean srunLabels,
        final Consumer<String> listener,
        final OutputStream file,
        final boolean stderr)
    {
        this.file = file;
        this.consequent = stderr ? new ConsequentErrors() : null;
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
        if (file != null)
        {
            try
            {
                file.close();
            }
            catch (final IOException ignored)
            {
                // what could be written was
            }
        }
    }

    private void emit()
    {
        final byte[] bytes = line.toByteArray();
        line.reset();
        if (file != null)
        {
            writeFile(bytes);
        }
        if (listener != null || consequent != null)
        {
            final String text = new String(bytes, StandardCharsets.UTF_8).stripTrailing();
            if (listener != null)
            {
                listener.accept(text);
            }
            if (consequent != null && !consequent.keep(text))
            {
                return; // the file has it whole
            }
        }
        if (target == null)
        {
            return;
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

    private void writeFile(final byte[] bytes)
    {
        try
        {
            file.write(bytes);
            if (bytes[bytes.length - 1] != '\n')
            {
                file.write('\n');
            }
            file.flush();
        }
        catch (final IOException ignored)
        {
            // the file system is full or gone: the terminal still gets the line
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
