package io.rankwire.launch.tcp;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Request;
import io.rankwire.Status;

/**
 * Point-to-point conformance scenarios as a program for {@code rwrun -np 3}: every rank runs every
 * scenario and prints {@code scenario NAME rank R PASS} or {@code ... FAIL reason}; a barrier
 * separates scenarios. Exits with 1 if any scenario failed on this rank.
 */
public final class ScenariosMain
{
    /** One scenario as a rank runs it; throws on a wrong result. */
    @FunctionalInterface
    interface Scenario
    {
        void run(Rankwire rw, Comm world) throws Exception;
    }

    static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();

    static
    {
        SCENARIOS.put("ordered-mixed-sizes", ScenariosMain::orderedMixedSizes);
        SCENARIOS.put("any-source", ScenariosMain::anySource);
        SCENARIOS.put("probe-then-receive", ScenariosMain::probeThenReceive);
        SCENARIOS.put("ring-rendezvous-crc", ScenariosMain::ringRendezvous);
        SCENARIOS.put("bidirectional-window", ScenariosMain::bidirectionalWindow);
        SCENARIOS.put("synchronous-send", ScenariosMain::synchronousSend);
    }

    private ScenariosMain()
    {
    }

    public static void main(final String[] args)
    {
        boolean failed = false;
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            for (final Map.Entry<String, Scenario> e : SCENARIOS.entrySet())
            {
                String result = "PASS";
                try
                {
                    e.getValue().run(rw, world);
                }
                catch (final Exception | AssertionError ex)
                {
                    result = "FAIL " + ex;
                    failed = true;
                }
                System.out.println("scenario " + e.getKey() + " rank " + world.rank() + " " + result);
                world.barrier();
            }
        }
        System.exit(failed ? 1 : 0);
    }

    static byte[] pattern(final int length, final int seed)
    {
        final byte[] b = new byte[length];
        int x = seed * 0x9E3779B1 + 1;
        for (int i = 0; i < length; i++)
        {
            x = x * 1103515245 + 12345;
            b[i] = (byte)(x >>> 16);
        }
        return b;
    }

    static void check(final boolean condition, final String what)
    {
        if (!condition)
        {
            throw new AssertionError(what);
        }
    }

    private static void orderedMixedSizes(final Rankwire rw, final Comm world)
    {
        final int eager = rw.eagerLimit();
        final int[] sizes = {0, 8, eager, eager + 1, 3 * eager + 5};
        final int count = 40;
        if (world.rank() == 0)
        {
            final Request[] sends = new Request[count];
            for (int i = 0; i < count; i++)
            {
                final byte[] b = pattern(sizes[i % sizes.length], i);
                sends[i] = world.isend(b, 0, b.length, 1, 7);
            }
            Request.waitAll(sends);
        }
        else if (world.rank() == 1)
        {
            final byte[] b = new byte[4 * eager];
            for (int i = 0; i < count; i++)
            {
                final Status s = world.recv(b, 0, b.length, 0, 7);
                final int n = sizes[i % sizes.length];
                check(s.bytes() == n, "message " + i + " has " + s.bytes() + " bytes (expected " + n + ")");
                check(Arrays.equals(Arrays.copyOf(b, n), pattern(n, i)), "message " + i + " content");
            }
        }
    }

    private static void anySource(final Rankwire rw, final Comm world)
    {
        final int count = 10;
        if (world.rank() == 0)
        {
            final int[] next = new int[world.size()];
            final byte[] b = new byte[8];
            for (int i = 0; i < count * (world.size() - 1); i++)
            {
                final Status s = world.recv(b, 0, b.length, Comm.ANY_SOURCE, Comm.ANY_TAG);
                final int seq = ByteBuffer.wrap(b).getInt(0);
                check(seq == next[s.source()], "from " + s.source() + " got " + seq + " (expected " + next[s.source()] + ")");
                check(s.tag() == 100 + s.source(), "tag " + s.tag() + " from " + s.source());
                next[s.source()]++;
            }
        }
        else
        {
            final byte[] b = new byte[8];
            for (int i = 0; i < count; i++)
            {
                ByteBuffer.wrap(b).putInt(0, i);
                world.send(b, 0, b.length, 0, 100 + world.rank());
            }
        }
    }

    private static void probeThenReceive(final Rankwire rw, final Comm world)
    {
        final int length = 3000 + world.rank();
        final int to = (world.rank() + 1) % world.size();
        final int from = (world.rank() + world.size() - 1) % world.size();
        final Request send = world.isend(pattern(length, world.rank()), 0, length, to, 42);
        final Status probed = world.probe(from, 42);
        final int expected = 3000 + from;
        check(probed.bytes() == expected && probed.source() == from, "probe saw " + probed);
        final byte[] b = new byte[expected];
        world.recv(b, 0, b.length, from, 42);
        check(Arrays.equals(b, pattern(expected, from)), "content from " + from);
        send.await(java.time.Duration.ofSeconds(60)).orElseThrow();
    }

    private static void ringRendezvous(final Rankwire rw, final Comm world)
    {
        final int length = (1 << 20) + 3;
        final int to = (world.rank() + 1) % world.size();
        final int from = (world.rank() + world.size() - 1) % world.size();
        for (int round = 0; round < 4; round++)
        {
            final byte[] out = pattern(length, round * 10 + world.rank());
            final byte[] in = new byte[length];
            final Status s = world.sendrecv(ByteBuffer.wrap(out), to, round, ByteBuffer.wrap(in), from, round);
            check(s.bytes() == length, "round " + round + " got " + s.bytes() + " bytes");
            check(crc(in) == crc(pattern(length, round * 10 + from)), "round " + round + " CRC from " + from);
        }
    }

    private static void bidirectionalWindow(final Rankwire rw, final Comm world)
    {
        if (world.rank() > 1)
        {
            return;
        }
        final int window = 32;
        final int size = 256 * 1024;
        final int peer = 1 - world.rank();
        final Request[] reqs = new Request[2 * window];
        final byte[][] in = new byte[window][size];
        for (int i = 0; i < window; i++)
        {
            reqs[i] = world.irecv(in[i], 0, size, peer, i);
        }
        for (int i = 0; i < window; i++)
        {
            final byte[] out = pattern(size, world.rank() * 100 + i);
            reqs[window + i] = world.isend(out, 0, size, peer, i);
        }
        final Status[] statuses = Request.waitAll(reqs);
        for (int i = 0; i < window; i++)
        {
            check(statuses[i].bytes() == size, "message " + i + ": " + statuses[i]);
            check(crc(in[i]) == crc(pattern(size, peer * 100 + i)), "message " + i + " CRC");
        }
    }

    private static void synchronousSend(final Rankwire rw, final Comm world)
    {
        final int to = (world.rank() + 1) % world.size();
        final int from = (world.rank() + world.size() - 1) % world.size();
        final byte[] in = new byte[16];
        final Request recv = world.irecv(in, 0, in.length, from, 5);
        world.ssend(pattern(16, world.rank()), 0, 16, to, 5);
        final Status s = recv.await(java.time.Duration.ofSeconds(60)).orElseThrow();
        check(s.bytes() == 16 && Arrays.equals(in, pattern(16, from)), "ssend content from " + from);
    }

    private static long crc(final byte[] b)
    {
        final CRC32 c = new CRC32();
        c.update(b);
        return c.getValue();
    }
}
