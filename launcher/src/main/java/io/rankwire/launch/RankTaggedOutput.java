package io.rankwire.launch;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * The {@code System.out}/{@code System.err} of an in-JVM job: each thread's output is buffered
 * until a line break and written as one line prefixed with {@code [rank] } of the calling
 * thread's job environment (no prefix on threads outside any rank). Partial lines are written by
 * {@link #endLine} (called when a rank's main returns); {@link #flush} does not cut lines.
 */
final class RankTaggedOutput extends OutputStream
{
    private final PrintStream target;
    private final ThreadLocal<ByteArrayOutputStream> lines =
        ThreadLocal.withInitial(() -> new ByteArrayOutputStream(128));

    RankTaggedOutput(final PrintStream target)
    {
        this.target = target;
    }

    @Override
    public void write(final int b)
    {
        final ByteArrayOutputStream line = lines.get();
        line.write(b);
        if (b == '\n' || line.size() >= OutputPump.MAX_LINE)
        {
            emit(line);
        }
    }

    @Override
    public void write(final byte[] b, final int off, final int len)
    {
        final ByteArrayOutputStream line = lines.get();
        int start = off;
        for (int i = off; i < off + len; i++)
        {
            if (b[i] == '\n' || line.size() + (i - start + 1) >= OutputPump.MAX_LINE)
            {
                line.write(b, start, i - start + 1);
                emit(line);
                start = i + 1;
            }
        }
        line.write(b, start, off + len - start);
    }

    @Override
    public void flush()
    {
        target.flush();
    }

    /** Writes the calling thread's unfinished line, if any, with a line break. */
    void endLine()
    {
        final ByteArrayOutputStream line = lines.get();
        if (line.size() > 0)
        {
            line.write('\n');
            emit(line);
        }
    }

    private void emit(final ByteArrayOutputStream line)
    {
        final JobEnvironment env = JobEnvironment.onThisThread().orElse(null);
        final byte[] prefix = env == null ? new byte[0] : ("[" + env.rank() + "] ").getBytes(StandardCharsets.UTF_8);
        final byte[] bytes = line.toByteArray();
        line.reset();
        synchronized (target)
        {
            target.write(prefix, 0, prefix.length);
            target.write(bytes, 0, bytes.length);
            if (bytes[bytes.length - 1] != '\n')
            {
                target.write('\n');
            }
            target.flush();
        }
    }
}
