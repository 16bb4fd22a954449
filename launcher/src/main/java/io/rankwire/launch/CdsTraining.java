package io.rankwire.launch;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.Op;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.spi.TransportProvider;

/**
 * The workload run once to record the start-up cache rank JVMs start from
 * ({@link ClassDataArchive}): a small job (ranks as threads) over each transport on the class
 * path, touching what every rank runs at start-up and on its first messages: bootstrap,
 * transports, engine, the eager and rendezvous paths with each kind of buffer an application or
 * the {@code mpi} binding hands over (arrays, heap and direct {@code ByteBuffer}s, direct memory
 * descriptors), blocking and nonblocking calls, the barrier and a small all-reduce. For a
 * class-data archive a few rounds load the classes ({@link #CLASS_ROUNDS}); for an AOT cache the
 * run also leaves the method profiles the JIT starts from, so it goes on long enough for the hot
 * paths to be profiled ({@link #PROFILE_ROUNDS}). A transport whose job fails is left out of
 * the cache; the others still go in.
 */
final class CdsTraining
{
    /** Round trips per size and buffer kind that load every class of the paths. */
    static final int CLASS_ROUNDS = 10;
    /** Round trips per size and buffer kind that also leave profiles of them (thousands of calls per method). */
    static final int PROFILE_ROUNDS = 600;
    /** Eager sizes on every transport, then rendezvous ones (above every transport's eager limit). */
    private static final int[] SIZES = {8, 1024, 16 * 1024, 128 * 1024, 1024 * 1024};
    private static final int TAG = 7;

    private CdsTraining()
    {
    }

    /** @param args the round trips per size and buffer kind ({@link #CLASS_ROUNDS} when absent) */
    public static void main(final String[] args)
    {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : CLASS_ROUNDS;
        final Set<String> transports = new TreeSet<>();
        ServiceLoader.load(TransportProvider.class).forEach(p -> transports.add(p.name()));
        for (final String transport : transports)
        {
            try
            {
                train(transport, rounds);
            }
            catch (final RuntimeException e)
            {
                System.err.println("training over " + transport + " failed: " + e);
            }
        }
    }

    private static void train(final String transport, final int rounds)
    {
        LocalJob.run(2, transport, new RankwireConfig(), Duration.ofSeconds(100), rw ->
        {
            final Comm world = rw.world();
            final int max = SIZES[SIZES.length - 1];
            final byte[] array = new byte[max];
            final ByteBuffer heap = ByteBuffer.allocate(max);
            final ByteBuffer direct = ByteBuffer.allocateDirect(max);
            final UnsafeBuffer memory = new UnsafeBuffer(direct);
            final MutableStatus status = new MutableStatus();
            final int[] sum = new int[2];
            for (final int size : SIZES)
            {
                final MessageBuffer[] kinds = {
                    MessageBuffer.of(array, 0, size),
                    MessageBuffer.of(heap.clear().limit(size)),
                    MessageBuffer.of(direct.clear().limit(size)),
                    MessageBuffer.of(memory, 0, size)};
                // large messages take longer, and their paths run once per message rather than per fragment
                final int n = size > 16 * 1024 ? Math.max(1, rounds / 10) : rounds;
                for (final MessageBuffer m : kinds)
                {
                    for (int i = 0; i < n; i++)
                    {
                        pingPong(world, m, status, i % 2 == 0);
                    }
                }
                world.allReduce(MessageBuffer.of(sum), MessageBuffer.of(new int[2]), Op.SUM);
            }
            world.barrier();
        });
    }

    /** One round trip between ranks 0 and 1, by blocking calls or by nonblocking ones and waits. */
    private static void pingPong(final Comm world, final MessageBuffer m, final MutableStatus status, final boolean blocking)
    {
        final int peer = 1 - world.rank();
        final boolean first = world.rank() == 0;
        if (blocking)
        {
            if (first)
            {
                world.send(m, peer, TAG);
                world.recv(m, peer, TAG, status);
            }
            else
            {
                world.recv(m, Comm.ANY_SOURCE, Comm.ANY_TAG, status);
                world.send(m, peer, TAG);
            }
        }
        else if (first)
        {
            world.isend(m, peer, TAG).await();
            world.irecv(m, peer, TAG).await();
        }
        else
        {
            world.irecv(m, peer, TAG).await();
            world.isend(m, peer, TAG).await();
        }
    }
}
