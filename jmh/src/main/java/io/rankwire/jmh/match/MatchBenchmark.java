package io.rankwire.jmh.match;

import io.rankwire.match.Envelope;
import io.rankwire.match.MatchEngine;
import io.rankwire.match.PostedRecv;
import io.rankwire.match.ReferenceMatcher;
import io.rankwire.match.UnexpectedMsg;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Cost of one post + one match in the software matching engine at a constant queue depth, beside
 * the linear {@link ReferenceMatcher} measured in the same run.
 *
 * <p>Setup prefills {@code depth} entries that never match (posted receives for
 * {@code POSTED_FIRST}, unexpected messages for {@code UNEXPECTED_FIRST}); each operation then
 * adds one receive and one message that match each other, in the given order, so the depth stays
 * {@code depth} throughout. Patterns: {@code EXACT} receives, {@code ANY_TAG} receives with a
 * source, and {@code MIX} (exact receives, every 20th one {@code ANY_SOURCE}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class MatchBenchmark
{
    private static final int CONTEXT = 3;
    private static final int SOURCES = 64;
    private static final int TAGS = 1024;
    /** Prefilled entries use sources and tags outside the ranges the operations use. */
    private static final int FILL_BASE = 4096;

    @Param({"1", "100", "10000", "100000"})
    int depth;

    @Param({"EXACT", "ANY_TAG", "MIX"})
    String pattern;

    @Param({"POSTED_FIRST", "UNEXPECTED_FIRST"})
    String order;

    private MatchEngine engine;
    private ReferenceMatcher reference;
    private boolean postedFirst;
    private boolean mix;
    private int anyTag;
    private int counter;

    @Setup
    public void setUp()
    {
        engine = new MatchEngine(null, null, 1024);
        reference = new ReferenceMatcher();
        postedFirst = "POSTED_FIRST".equals(order);
        anyTag = "ANY_TAG".equals(pattern) ? 1 : 0;
        mix = "MIX".equals(pattern);
        for (int i = 0; i < depth; i++)
        {
            final int source = anyTag == 1 ? FILL_BASE + i : FILL_BASE;
            final int tag = anyTag == 1 ? Envelope.ANY_TAG : FILL_BASE + i;
            if (postedFirst)
            {
                final long recvTag = Envelope.recvTag(CONTEXT, source, tag);
                final long recvMask = Envelope.recvMask(source, tag);
                engine.post(engine.newRecv().set(recvTag, recvMask, 1024, null));
                reference.post(recvTag, recvMask, 1024);
            }
            else
            {
                final long msg = Envelope.pack(CONTEXT, FILL_BASE + i, FILL_BASE + i);
                engine.arrive(msg, 64);
                engine.enqueueUnexpected(engine.newMsg().set(msg, 64));
                reference.arrive(msg, 64);
            }
        }
    }

    private int nextSource(final int n)
    {
        return n % SOURCES;
    }

    private int nextTag(final int n)
    {
        return (n / SOURCES) % TAGS;
    }

    /** The receive's source: ANY_SOURCE for every 20th operation of the MIX pattern. */
    private int recvSource(final int n, final int source)
    {
        return mix && n % 20 == 0 ? Envelope.ANY_SOURCE : source;
    }

    @Benchmark
    public Object engine()
    {
        final int n = counter++;
        final int source = nextSource(n);
        final int tag = nextTag(n);
        final long msg = Envelope.pack(CONTEXT, source, tag);
        final int recvSource = recvSource(n, source);
        final int recvTag = anyTag == 1 ? Envelope.ANY_TAG : tag;
        final PostedRecv recv = engine.newRecv()
            .set(Envelope.recvTag(CONTEXT, recvSource, recvTag), Envelope.recvMask(recvSource, recvTag), 1024, null);
        final Object matched;
        if (postedFirst)
        {
            engine.post(recv);
            matched = engine.arrive(msg, 64);
        }
        else
        {
            engine.arrive(msg, 64);
            final UnexpectedMsg node = engine.newMsg().set(msg, 64);
            engine.enqueueUnexpected(node);
            matched = engine.post(recv);
            engine.free(node);
        }
        engine.free(recv);
        return matched;
    }

    @Benchmark
    public Object reference()
    {
        final int n = counter++;
        final int source = nextSource(n);
        final int tag = nextTag(n);
        final long msg = Envelope.pack(CONTEXT, source, tag);
        final int recvSource = recvSource(n, source);
        final int recvTag = anyTag == 1 ? Envelope.ANY_TAG : tag;
        final long rt = Envelope.recvTag(CONTEXT, recvSource, recvTag);
        final long rm = Envelope.recvMask(recvSource, recvTag);
        if (postedFirst)
        {
            reference.post(rt, rm, 1024);
            return reference.arrive(msg, 64).matched;
        }
        reference.arrive(msg, 64);
        return reference.post(rt, rm, 1024).matched;
    }
}
