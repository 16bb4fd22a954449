package mpi;

import java.nio.charset.StandardCharsets;

import io.rankwire.buffer.MessageBuffer;

/** Which ranks of a communicator share a host: every rank's host name, gathered collectively. */
final class Hosts
{
    private Hosts()
    {
    }

    /** The lowest rank of {@code c} whose host name equals this process's (collective over {@code c}). */
    static int firstRankOnMyHost(final io.rankwire.Comm c)
    {
        final byte[] mine = MPI.getProcessorName().getBytes(StandardCharsets.UTF_8);
        final int n = c.size();
        final int[] lengths = new int[n];
        final byte[][] all = new byte[1][];
        Coll.run(() ->
        {
            c.allGather(MessageBuffer.of(new int[] {mine.length}), MessageBuffer.of(lengths));
            final int[] displs = Coll.blockDispls(lengths);
            all[0] = new byte[displs[n - 1] + lengths[n - 1]];
            c.allGatherv(MessageBuffer.of(mine), MessageBuffer.of(all[0]), lengths, displs);
        });
        final int[] displs = Coll.blockDispls(lengths);
        for (int r = 0; r < n; r++)
        {
            if (lengths[r] == mine.length &&
                java.util.Arrays.equals(all[0], displs[r], displs[r] + lengths[r], mine, 0, mine.length))
            {
                return r;
            }
        }
        return c.rank();
    }
}
