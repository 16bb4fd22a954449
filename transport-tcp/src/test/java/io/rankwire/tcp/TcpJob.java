package io.rankwire.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.TransportContext;
import org.agrona.concurrent.UnsafeBuffer;

/** N ranks as TCP transports in this JVM, each with its own port, wired up through a shared bootstrap. */
final class TcpJob implements AutoCloseable
{
    final TcpTransport[] ranks;

    /** A copy of one completion. */
    static final class Seen
    {
        final int opcode;
        final int peer;
        final int status;
        final long wrId;
        final byte[] bytes;

        Seen(final Completion c)
        {
            opcode = c.opcode();
            peer = c.peer();
            status = c.status();
            wrId = c.wrId();
            if (c.buffer() != null)
            {
                bytes = new byte[c.byteLength()];
                c.buffer().getBytes(c.offset(), bytes);
            }
            else
            {
                bytes = null;
            }
        }

        long tag()
        {
            return TmHeader.tag(new UnsafeBuffer(bytes), 0);
        }

        @Override
        public String toString()
        {
            return CompletionOpcode.name(opcode) + " from " + peer + " status " + status + " wrId " + wrId;
        }
    }

    /** A job over transports that are already wired up. */
    TcpJob(final TcpTransport[] ranks)
    {
        this.ranks = ranks;
    }

    TcpJob(final int size, final Map<String, String> settings) throws Exception
    {
        this(size, settings, "job-" + System.nanoTime(), "s3cret-0123456789".getBytes(StandardCharsets.UTF_8));
    }

    TcpJob(final int size, final Map<String, String> settings, final String jobId, final byte[] secret)
        throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(size);
        ranks = new TcpTransport[size];
        for (int r = 0; r < size; r++)
        {
            ranks[r] = open(r, size, jobId, secret, bootstrap, settings);
        }
        final ExecutorService pool = Executors.newFixedThreadPool(size);
        try
        {
            final List<Future<?>> done = new ArrayList<>();
            for (final TcpTransport t : ranks)
            {
                done.add(pool.submit(t::wireUp));
            }
            for (final Future<?> f : done)
            {
                f.get();
            }
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    static TcpTransport open(
        final int rank, final int size, final String jobId, final byte[] secret, final InMemoryBootstrap bootstrap,
        final Map<String, String> settings)
    {
        final TransportContext context = new TransportContext(
            rank, size, jobId, secret, bootstrap.forRank(rank), settings, () -> { });
        return (TcpTransport)new TcpTransportProvider().open(context);
    }

    static Map<String, String> settings(final String... keyValues)
    {
        final Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2)
        {
            map.put(TcpSettings.PREFIX + keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** A message buffer: TMH (EAGER, tag) followed by {@code payload}. */
    static UnsafeBuffer message(final long tag, final byte[] payload)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(TmHeader.LENGTH + payload.length));
        TmHeader.write(buffer, 0, TmHeader.EAGER, 0, 0, tag);
        buffer.putBytes(TmHeader.LENGTH, payload);
        return buffer;
    }

    /** Polls {@code rank} until {@code count} completions matching {@code filter} arrived (the test's @Timeout bounds it). */
    static List<Seen> await(final TcpTransport rank, final int count, final Predicate<Seen> filter)
    {
        final List<Seen> seen = new ArrayList<>();
        while (seen.size() < count)
        {
            final int n = rank.poll(c ->
            {
                final Seen s = new Seen(c);
                if (filter.test(s))
                {
                    seen.add(s);
                }
            }, 64);
            if (n == 0)
            {
                idle();
            }
        }
        return seen;
    }

    static List<Seen> await(final TcpTransport rank, final int count)
    {
        return await(rank, count, s -> true);
    }

    /** Retries a post while it reports back-pressure, polling {@code rank} into {@code sink}. */
    static int retry(final TcpTransport rank, final java.util.function.IntSupplier post, final List<Seen> sink)
    {
        int rc;
        while ((rc = post.getAsInt()) == io.rankwire.spi.ReturnCode.BACK_PRESSURED)
        {
            rank.poll(c -> sink.add(new Seen(c)), 64);
            idle();
        }
        return rc;
    }

    /** Yields while waiting; ends the wait when the test's timeout interrupts it. */
    static void idle()
    {
        Thread.yield();
        if (Thread.currentThread().isInterrupted())
        {
            throw new IllegalStateException("interrupted while waiting (test timeout)");
        }
    }

    @Override
    public void close()
    {
        for (final TcpTransport t : ranks)
        {
            t.close();
        }
    }
}
