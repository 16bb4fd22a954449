package io.rankwire.launch;

import java.time.Duration;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.MutableStatus;
import io.rankwire.RankwireConfig;

/**
 * The workload run once to record the class-data archive rank JVMs start from: two small jobs
 * (tcp and sim, ranks as threads) that touch the classes every rank loads at start-up and on
 * its first messages (bootstrap, transports, engine, eager and rendezvous paths, barrier).
 */
final class CdsTraining
{
    private static final int ROUNDS = 50;
    private static final int LARGE = 256 * 1024;

    private CdsTraining()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        for (final String transport : new String[] {"tcp", "sim"})
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
}
