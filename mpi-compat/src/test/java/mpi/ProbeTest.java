package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProbeTest
{
    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldProbeThenReceiveWithTheProbedSize(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                assertNull(w.iProbe(1, 5), "nothing was sent yet");
                w.send(new int[0], 0, MPI.INT, 1, 0);
                final Status s = w.probe(MPI.ANY_SOURCE, 5);
                assertEquals(1, s.getSource());
                final double[] d = new double[s.getCount(MPI.DOUBLE)];
                w.recv(d, d.length, MPI.DOUBLE, s.getSource(), s.getTag());
                assertArrayEquals(new double[] {1, 2, 3}, d);
                Status q;
                while ((q = w.iProbe(1, MPI.ANY_TAG)) == null)
                {
                    Thread.onSpinWait();
                }
                assertEquals(6, q.getTag());
                assertEquals(2, q.getElements(MPI.LONG));
                w.recv(new long[2], 2, MPI.LONG, 1, 6);
            }
            else
            {
                w.recv(new int[0], 0, MPI.INT, 0, 0);
                w.send(new double[] {1, 2, 3}, 3, MPI.DOUBLE, 0, 5);
                w.send(new long[] {1, 2}, 2, MPI.LONG, 0, 6);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldReceiveMatchedMessagesExactlyOnce(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                final Message m = new Message();
                assertNull(m.imProbe(1, 1, w), "nothing was sent yet");
                assertTrue(m.isNull());
                w.send(new int[0], 0, MPI.INT, 1, 0);
                final Status s = m.mProbe(1, 1, w);
                assertEquals(3, s.getCount(MPI.SHORT));
                assertFalse(m.isNull());
                assertNull(w.iProbe(1, 1), "a matched message is out of matching");
                final short[] got = new short[3];
                assertEquals(1, m.mRecv(got, 3, MPI.SHORT).getSource());
                assertArrayEquals(new short[] {3, 4, 5}, got);
                assertTrue(m.isNull());
                assertEquals(MPI.ERR_REQUEST, assertThrows(MPIException.class, () -> m.mRecv(got, 3, MPI.SHORT)).getErrorClass());
                final Message n = new Message();
                Status found;
                while ((found = n.imProbe(MPI.ANY_SOURCE, 2, w)) == null)
                {
                    Thread.onSpinWait();
                }
                assertEquals(1, found.getSource());
                assertEquals(2, found.getTag());
                assertEquals(2, found.getCount(MPI.BOOLEAN));
                final boolean[] z = new boolean[2];
                final Request r = n.imRecv(z, 2, MPI.BOOLEAN);
                assertEquals(2, r.waitStatus().getTag());
                assertArrayEquals(new boolean[] {true, true}, z);
            }
            else
            {
                w.recv(new int[0], 0, MPI.INT, 0, 0);
                w.send(new short[] {3, 4, 5}, 3, MPI.SHORT, 0, 1);
                w.send(new boolean[] {true, true}, 2, MPI.BOOLEAN, 0, 2);
            }
        });
    }
}
