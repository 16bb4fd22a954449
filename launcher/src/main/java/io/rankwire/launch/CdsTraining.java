package io.rankwire.launch;

import java.time.Duration;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;
import io.rankwire.spi.TransportProvider;

/**
 * The workload run once to record the class-data archive rank JVMs start from: a small job
 * (ranks as threads) over each transport on the class path, touching the classes every rank
 * loads at start-up and on its first messages (bootstrap, transports, engine, eager and
 * rendezvous paths, barrier). A transport whose job fails is left out of the archive; the
 * others still go in.
 */
final class CdsTraining
{
    private static final int ROUNDS = 50;
    private static final int LARGE = 256 * 1024;

    private CdsTraining()
    {
    }

    public static void main(final String[] args)
    {
        final Set<String> transports = new TreeSet<>();
        ServiceLoader.load(TransportProvider.class).forEach(p -> transports.add(p.name()));
        for (final String transport : transports)
        {
            try
            {
                train(transport);
            }
            catch (final RuntimeException e)
            {
                System.err.println("training over " + transport + " failed: " + e);
            }
        }
    }

    private static void train(final String transport)
    {
        LocalJob.run(2, transport, new RankwireConfig(), Duration.ofSeconds(60), rw ->
        {
            final Comm world = rw.world();
            final byte[] small = new byte[8];
            final byte[] large = new byte[LARGE];
            final MutableStatus status = new MutableStatus();
            final int peer = 1 - world.rank();
            for (int i = 0; i < ROUNDS; i++)
            {
                final byte[] buf = i % 10 == 9 ? large : small;
                if (world.rank() == 0)
                {
                    world.send(buf, 0, buf.length, peer, i);
                    world.recv(buf, 0, buf.length, peer, i, status);
                }
                else
                {
                    world.recv(buf, 0, buf.length, Comm.ANY_SOURCE, Comm.ANY_TAG, status);
                    world.send(buf, 0, buf.length, peer, i);
                }
            }
            world.barrier();
        });
    }
}
