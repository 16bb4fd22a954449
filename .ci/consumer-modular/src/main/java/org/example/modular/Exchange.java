package org.example.modular;

import java.util.concurrent.atomic.AtomicLong;

import io.rankwire.LocalJob;
import mpi.MPI;
import mpi.RankBinding;

/**
 * A 2-rank exchange in one JVM ({@code LocalJob}) through the {@code mpi} bindings, over each
 * transport named in the arguments: every rank sends its rank number plus one to the other,
 * checks what it receives and adds it to a total that must come to 3 per round.
 */
public final class Exchange
{
    private static final int ROUNDS = 100;

    private Exchange()
    {
    }

    public static void main(final String[] args)
    {
        for (final String transport : args)
        {
            final AtomicLong total = new AtomicLong();
            LocalJob.run(2, transport, rw ->
            {
                RankBinding.bind(rw);
                MPI.Init(new String[0]);
                final int rank = MPI.COMM_WORLD.getRank();
                final int peer = 1 - rank;
                final int[] out = {rank + 1};
                final int[] in = new int[1];
                for (int i = 0; i < ROUNDS; i++)
                {
                    if (rank == 0)
                    {
                        MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 5);
                        MPI.COMM_WORLD.recv(in, 1, MPI.INT, peer, 5);
                    }
                    else
                    {
                        MPI.COMM_WORLD.recv(in, 1, MPI.INT, peer, 5);
                        MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 5);
                    }
                    if (in[0] != peer + 1)
                    {
                        throw new IllegalStateException("rank " + rank + " got " + in[0] + " (expected: " + (peer + 1) + ")");
                    }
                    total.addAndGet(out[0]);
                }
                MPI.Finalize();
            });
            if (total.get() != 3L * ROUNDS)
            {
                throw new IllegalStateException(transport + ": total " + total.get() + " (expected: " + 3 * ROUNDS + ")");
            }
            System.out.println(transport + ": 2 ranks in module " + Exchange.class.getModule().getName() + ", " + ROUNDS
                + " exchanges through mpi");
        }
    }
}
