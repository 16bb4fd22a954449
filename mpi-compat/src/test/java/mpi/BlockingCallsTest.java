package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Comm.send} and {@code Comm.recv} go through Rankwire's blocking calls (a small message
 * leaves at once, with no request; a large one returns once the receiver has read it): whatever
 * the buffer kind, in place or packed into a staging copy, the sender's buffer may change as soon
 * as its call returns, and the receiver's buffer holds what the sender's held during the call,
 * unpacked where the type has gaps. Many rounds, so that staging copies are reused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingCallsTest
{
    private static final int ROUNDS = 200;
    /** Above every transport's eager limit: a rendezvous, whose buffer the receiver reads later. */
    private static final int LARGE = 256 << 10;

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldLetEveryBufferKindChangeAsSoonAsSendReturns(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final Datatype everyOther = Datatype.createVector(3, 1, 2, MPI.INT);
            everyOther.commit();
            if (rank == 0)
            {
                final int[] ints = new int[3];
                final DoubleBuffer direct = MPI.newDoubleBuffer(2);
                final boolean[] flags = new boolean[3];
                final int[] strided = new int[6];
                final byte[] large = new byte[LARGE];
                for (int i = 0; i < ROUNDS; i++)
                {
                    Arrays.fill(large, (byte)i);
                    w.send(large, large.length, MPI.BYTE, 1, 5); // read in place, not staged
                    Arrays.fill(large, (byte)-1);
                    Arrays.fill(ints, i);
                    w.send(ints, 3, MPI.INT, 1, 1);
                    Arrays.fill(ints, -1);
                    direct.put(0, i).put(1, -i);
                    w.send(direct, 2, MPI.DOUBLE, 1, 2);
                    direct.put(0, -1).put(1, -1);
                    flags[i % 3] = true;
                    w.send(flags, 3, MPI.BOOLEAN, 1, 3); // packed into a staging copy
                    flags[i % 3] = false;
                    Arrays.fill(strided, i);
                    w.send(strided, 1, everyOther, 1, 4); // a derived type: packed too
                    Arrays.fill(strided, -1);
                }
            }
            else
            {
                final int[] ints = new int[3];
                final double[] doubles = new double[2];
                final boolean[] flags = new boolean[3];
                final int[] strided = new int[6];
                Arrays.fill(strided, -7);
                final byte[] large = new byte[LARGE];
                for (int i = 0; i < ROUNDS; i++)
                {
                    w.recv(large, large.length, MPI.BYTE, 0, 5);
                    assertEquals((byte)i, large[0], "round " + i);
                    assertEquals((byte)i, large[large.length - 1], "round " + i);
                    w.recv(ints, 3, MPI.INT, 0, 1);
                    assertArrayEquals(new int[] {i, i, i}, ints, "round " + i);
                    w.recv(doubles, 2, MPI.DOUBLE, 0, 2);
                    assertArrayEquals(new double[] {i, -i}, doubles, "round " + i);
                    w.recv(flags, 3, MPI.BOOLEAN, 0, 3);
                    for (int k = 0; k < 3; k++)
                    {
                        assertEquals(k == i % 3, flags[k], "round " + i + ", flag " + k);
                    }
                    w.recv(strided, 1, everyOther, 0, 4); // unpacked from a staging copy
                    assertArrayEquals(new int[] {i, -7, i, -7, i, -7}, strided, "round " + i);
                    Arrays.fill(strided, -7);
                }
            }
            everyOther.free();
        });
    }
}
