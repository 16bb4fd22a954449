package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Derived datatypes in point-to-point calls, after the examples of MPI 4.1 chapter 5. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DatatypeTest
{
    private static final int ROWS = 5;
    private static final int COLS = 4;

    private static double[] matrix(final int rank)
    {
        final double[] m = new double[ROWS * COLS];
        for (int i = 0; i < m.length; i++)
        {
            m[i] = 1000 * rank + i;
        }
        return m;
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldSendColumnsAndTrianglesOfMatrices(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int next = (rank + 1) % n;
            final int prev = (rank + n - 1) % n;
            final Datatype column = Datatype.createVector(ROWS, 1, COLS, MPI.DOUBLE);
            column.commit();
            final double[] got = new double[ROWS];
            w.sendRecv(MPI.slice(matrix(rank), 1), 1, column, next, 1, got, ROWS, MPI.DOUBLE, prev, 1);
            for (int r = 0; r < ROWS; r++)
            {
                assertEquals(1000 * prev + r * COLS + 1, got[r], "column 1 of the sender's matrix, received contiguous");
            }
            final double[] into = new double[ROWS * COLS + 1];
            Arrays.fill(into, -1);
            w.sendRecv(got, ROWS, MPI.DOUBLE, next, 2, MPI.slice(into, 2), 1, column, prev, 2);
            for (int i = 0; i < into.length; i++)
            {
                final int r = (i - 2) / COLS;
                final boolean inColumn = i >= 2 && (i - 2) % COLS == 0 && r < ROWS;
                assertEquals(inColumn ? 1000 * ((prev + n - 1) % n) + r * COLS + 1 : -1, into[i], "element " + i);
            }
            final int[] lengths = new int[COLS];
            final int[] displs = new int[COLS];
            for (int r = 0; r < COLS; r++)
            {
                lengths[r] = COLS - r;
                displs[r] = r * COLS + r;
            }
            final Datatype upper = Datatype.createIndexed(lengths, displs, MPI.DOUBLE);
            upper.commit();
            final double[] tri = new double[COLS * COLS];
            final Status s = w.sendRecv(matrix(rank), 1, upper, next, 3, tri, 1, upper, prev, 3);
            assertEquals(1, s.getCount(upper));
            assertEquals(COLS * (COLS + 1) / 2, s.getElements(upper));
            for (int r = 0; r < COLS; r++)
            {
                for (int c = 0; c < COLS; c++)
                {
                    assertEquals(c >= r ? 1000 * prev + r * COLS + c : 0, tri[r * COLS + c], "row " + r + ", column " + c);
                }
            }
            column.free();
            upper.free();
        });
    }

    /** A record of three doubles, an int and two chars (MPI 4.1's particle example, in Java). */
    static final class Particle extends Struct
    {
        final int position = addDouble(3);
        final int mass = addInt();
        final int tag = addChar(2);

        @Override
        protected Data newData()
        {
            return new Data();
        }

        final class Data extends Struct.Data
        {
            double position(final int i)
            {
                return getDouble(position, i);
            }

            void position(final int i, final double v)
            {
                putDouble(position, i, v);
            }

            int mass()
            {
                return getInt(mass);
            }

            void mass(final int v)
            {
                putInt(mass, v);
            }

            char tag(final int i)
            {
                return getChar(tag, i);
            }

            void tag(final int i, final char v)
            {
                putChar(tag, i, v);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldSendArraysOfStructRecords(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Particle p = new Particle();
            assertEquals(24 + 4 + 4, p.getExtent());
            final int count = 7;
            final ByteBuffer out = MPI.newByteBuffer(count * p.getExtent());
            for (int i = 0; i < count; i++)
            {
                final Particle.Data d = p.getData(out, i);
                d.position(0, rank + i * 0.5);
                d.position(2, -i);
                d.mass(100 * rank + i);
                d.tag(1, (char)('a' + i));
            }
            final byte[] in = new byte[count * p.getExtent()];
            w.sendRecv(out, count, p.getType(), (rank + 1) % n, 4, in, count, p.getType(), MPI.ANY_SOURCE, 4);
            final int from = (rank + n - 1) % n;
            for (int i = 0; i < count; i++)
            {
                final Particle.Data d = p.getData(in, i);
                assertEquals(from + i * 0.5, d.position(0));
                assertEquals(-i, d.position(2));
                assertEquals(100 * from + i, d.mass());
                assertEquals((char)('a' + i), d.tag(1));
            }
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldUseDerivedTypesInEveryPointToPointForm(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int next = (rank + 1) % n;
            final int prev = (rank + n - 1) % n;
            final Datatype every3 = Datatype.createVector(4, 1, 3, MPI.INT);
            every3.commit();
            final int[] src = new int[10];
            for (int i = 0; i < src.length; i++)
            {
                src[i] = 100 * rank + i;
            }
            final int[] dst = new int[11];
            Arrays.fill(dst, -1);
            final Request r = w.iRecv(dst, 1, every3, prev, 5);
            w.iSend(src, 1, every3, next, 5).waitFor();
            r.waitFor();
            assertArrayEquals(new int[] {100 * prev, -1, -1, 100 * prev + 3, -1, -1, 100 * prev + 6, -1, -1, 100 * prev + 9, -1}, dst,
                "only the typemap's elements were written");
            final Prequest ps = w.sendInit(src, 1, every3, next, 6);
            final Prequest pr = w.recvInit(dst, 1, every3, prev, 6);
            for (int round = 0; round < 3; round++)
            {
                src[0] = round;
                pr.start();
                ps.start();
                Request.waitAll(new Request[] {ps, pr});
                assertEquals(round, dst[0], "persistent rounds repack the buffer");
            }
            ps.free();
            pr.free();
            final int[] short3 = new int[20];
            final Status partial = w.sendRecv(new int[] {7, 8, 9, 10, 11}, 5, MPI.INT, next, 7, short3, 2, every3, prev, 7);
            assertEquals(MPI.UNDEFINED, partial.getCount(every3), "5 ints are not whole items of 4");
            assertEquals(5, partial.getElements(every3));
            assertEquals(10, short3[9]);
            assertEquals(11, short3[10], "the second item starts an extent (10 ints) on; its first element arrived");
            assertEquals(0, short3[13], "its second element did not");
            final int[] replace = {rank, 0, 0, rank + 1, 0, 0, rank + 2, 0, 0, rank + 3};
            w.sendRecvReplace(replace, 1, every3, next, 8, prev, 8);
            assertArrayEquals(new int[] {prev, 0, 0, prev + 1, 0, 0, prev + 2, 0, 0, prev + 3}, replace);
            final DoubleBuffer direct = MPI.newDoubleBuffer(8);
            final Datatype pairsOfTwo = Datatype.createVector(2, 2, 4, MPI.DOUBLE);
            pairsOfTwo.commit();
            for (int i = 0; i < 8; i++)
            {
                direct.put(i, 10 * rank + i);
            }
            final double[] four = new double[4];
            w.sendRecv(direct, 1, pairsOfTwo, next, 9, four, 4, MPI.DOUBLE, prev, 9);
            assertArrayEquals(new double[] {10 * prev, 10 * prev + 1, 10 * prev + 4, 10 * prev + 5}, four, Arrays.toString(four));
            MPI.attachBuffer(new byte[4096]);
            w.bSend(src, 1, every3, next, 10);
            final int[] viaBuffered = new int[4];
            w.recv(viaBuffered, 4, MPI.INT, prev, 10);
            assertEquals(100 * prev + 9, viaBuffered[3]);
            MPI.detachBuffer();
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> w.send(new int[9], 1, every3, next, 11)).getErrorClass(),
                "the vector reaches int 9 of a 9-int array");
            final Datatype loose = Datatype.createVector(2, 1, 2, MPI.INT);
            assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> w.send(src, 1, loose, next, 11)).getErrorClass(),
                "not committed");
            final MPIException truncated = assertThrows(MPIException.class,
                () -> w.sendRecv(new int[20], 2, every3, next, 12, new int[10], 1, every3, prev, 12));
            assertEquals(MPI.ERR_TRUNCATE, truncated.getErrorClass());
            every3.free();
            pairsOfTwo.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldPackAndUnpackMessages(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final Datatype every2 = Datatype.createVector(3, 1, 2, MPI.DOUBLE);
            every2.commit();
            final int size = w.packSize(1, MPI.INT) + w.packSize(1, every2);
            assertEquals(4 + 24, size);
            final byte[] packed = new byte[size];
            int position = w.pack(new int[] {rank}, 1, MPI.INT, packed, 0);
            position = w.pack(new double[] {rank + 0.5, -1, rank + 1.5, -1, rank + 2.5}, 1, every2, packed, position);
            assertEquals(size, position);
            final byte[] in = new byte[size];
            w.sendRecv(packed, position, MPI.PACKED, (rank + 1) % n, 13, in, size, MPI.PACKED, MPI.ANY_SOURCE, 13);
            final int[] who = new int[1];
            final double[] values = new double[5];
            int at = w.unpack(in, 0, who, 1, MPI.INT);
            at = w.unpack(in, at, values, 1, every2);
            assertEquals(size, at);
            final int prev = (rank + n - 1) % n;
            assertEquals(prev, who[0]);
            assertArrayEquals(new double[] {prev + 0.5, 0, prev + 1.5, 0, prev + 2.5}, values);
            assertEquals(MPI.ERR_TRUNCATE, assertThrows(MPIException.class, () -> w.pack(new int[2], 2, MPI.INT, new byte[7], 0)).getErrorClass());
            assertEquals(MPI.ERR_TRUNCATE, assertThrows(MPIException.class, () -> w.unpack(new byte[4], 2, new int[1], 1, MPI.INT)).getErrorClass());
            every2.free();
        });
    }
}
