package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PointToPointTest
{
    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldSendAndReceiveEveryPrimitiveArrayType(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                w.send(new byte[] {1, -2, 3}, 3, MPI.BYTE, 1, 1);
                w.send(new short[] {-4, 5}, 2, MPI.SHORT, 1, 2);
                w.send(new char[] {'h', 'i'}, 2, MPI.CHAR, 1, 3);
                w.send(new int[] {7, -8, 9}, 3, MPI.INT, 1, 4);
                w.send(new long[] {1L << 40}, 1, MPI.LONG, 1, 5);
                w.send(new float[] {1.5f, -2.5f}, 2, MPI.FLOAT, 1, 6);
                w.send(new double[] {Math.PI}, 1, MPI.DOUBLE, 1, 7);
                w.send(new boolean[] {true, false, true}, 3, MPI.BOOLEAN, 1, 8);
            }
            else
            {
                final byte[] b = new byte[4];
                final Status s = w.recv(b, 4, MPI.BYTE, 0, 1);
                assertEquals(3, s.getCount(MPI.BYTE));
                assertEquals(0, s.getSource());
                assertEquals(1, s.getTag());
                assertEquals(MPI.SUCCESS, s.getError());
                assertArrayEquals(new byte[] {1, -2, 3, 0}, b, "the element past the message stays untouched");
                final short[] sh = new short[2];
                w.recv(sh, 2, MPI.SHORT, 0, 2);
                assertArrayEquals(new short[] {-4, 5}, sh);
                final char[] c = new char[2];
                w.recv(c, 2, MPI.CHAR, 0, 3);
                assertArrayEquals(new char[] {'h', 'i'}, c);
                final int[] i = new int[3];
                w.recv(i, 3, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                assertArrayEquals(new int[] {7, -8, 9}, i);
                final long[] l = new long[1];
                w.recv(l, 1, MPI.LONG, 0, 5);
                assertEquals(1L << 40, l[0]);
                final float[] f = new float[2];
                w.recv(f, 2, MPI.FLOAT, 0, 6);
                assertArrayEquals(new float[] {1.5f, -2.5f}, f);
                final double[] d = new double[1];
                w.recv(d, 1, MPI.DOUBLE, 0, 7);
                assertEquals(Math.PI, d[0]);
                final boolean[] z = new boolean[4];
                final Status zs = w.recv(z, 4, MPI.BOOLEAN, 0, 8);
                assertEquals(3, zs.getCount(MPI.BOOLEAN));
                assertArrayEquals(new boolean[] {true, false, true, false}, z);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldCountInDatatypeUnitsWhateverTheArrayType(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                final double[] d = {1.25, -2.5};
                final int[] asInts = new int[4];
                ByteBuffer.allocate(16).order(java.nio.ByteOrder.nativeOrder()).putDouble(1.25).putDouble(-2.5)
                    .flip().asIntBuffer().get(asInts);
                w.send(asInts, 2, MPI.DOUBLE, 1, 1);
                w.send(d, 3, MPI.INT, 1, 2);
            }
            else
            {
                final double[] d = new double[2];
                final Status s = w.recv(d, 2, MPI.DOUBLE, 0, 1);
                assertArrayEquals(new double[] {1.25, -2.5}, d);
                assertEquals(2, s.getCount(MPI.DOUBLE));
                assertEquals(4, s.getCount(MPI.INT));
                assertEquals(16, s.getCount(MPI.BYTE));
                final int[] i = new int[3];
                final Status t = w.recv(i, 3, MPI.INT, 0, 2);
                assertEquals(3, t.getCount(MPI.INT));
                assertEquals(MPI.UNDEFINED, t.getCount(MPI.DOUBLE));
                final ByteBuffer expect = ByteBuffer.allocate(16).order(java.nio.ByteOrder.nativeOrder()).putDouble(1.25).putDouble(-2.5);
                expect.flip();
                assertEquals(expect.getInt(0), i[0]);
                assertEquals(expect.getInt(4), i[1]);
                assertEquals(expect.getInt(8), i[2]);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldTakeOffsetsFromSlicesAndBufferPositions(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                final int[] a = {0, 1, 2, 3, 4, 5};
                w.send(MPI.slice(a, 2), 3, MPI.INT, 1, 1);
                final DoubleBuffer d = MPI.newDoubleBuffer(4);
                d.put(0, 9.0).put(1, 8.0).put(2, 7.0).put(3, 6.0);
                d.position(1);
                w.send(d, 2, MPI.DOUBLE, 1, 2);
                w.send(MPI.slice(MPI.newByteBuffer(8).put(3, (byte)33), 3), 1, MPI.BYTE, 1, 3);
            }
            else
            {
                final int[] r = new int[6];
                w.recv(MPI.slice(r, 1), 3, MPI.INT, 0, 1);
                assertArrayEquals(new int[] {0, 2, 3, 4, 0, 0}, r);
                final IntBuffer direct = MPI.newIntBuffer(8);
                final Request q = w.iRecv(MPI.slice(MPI.newDoubleBuffer(4), 1), 2, MPI.DOUBLE, 0, 2);
                q.waitFor();
                assertTrue(q.isNull());
                final DoubleBuffer got = MPI.newDoubleBuffer(3);
                w.send(new double[0], 0, MPI.DOUBLE, MPI.PROC_NULL, 0);
                assertEquals(0, direct.get(0));
                final byte[] one = new byte[1];
                w.recv(one, 1, MPI.BYTE, 0, 3);
                assertEquals(33, one[0]);
                assertEquals(3, got.capacity());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldMoveDataThroughNonblockingCallsOnArraysAndDirectBuffers(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int peer = 1 - rank;
            final IntBuffer out = MPI.newIntBuffer(3).put(new int[] {rank, rank + 10, rank + 20});
            out.rewind();
            final IntBuffer in = MPI.newIntBuffer(3);
            final long[] outArr = {rank * 100L, rank * 100L + 1};
            final long[] inArr = new long[2];
            final Request[] rs = {
                w.iRecv(in, 3, MPI.INT, peer, 1),
                w.iRecv(inArr, 2, MPI.LONG, peer, 2),
                w.iSend(out, 3, MPI.INT, peer, 1),
                w.irSend(outArr, 2, MPI.LONG, peer, 2),
            };
            final Status[] st = Request.waitAllStatus(rs);
            assertEquals(peer, st[0].getSource());
            assertEquals(2, st[1].getTag());
            assertEquals(peer + 10, in.get(1));
            assertEquals(peer + 20, in.get(2));
            assertArrayEquals(new long[] {peer * 100L, peer * 100L + 1}, inArr);
            for (final Request r : rs)
            {
                assertTrue(r.isNull());
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldMakeSynchronousSendsWaitForTheMatch(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0)
            {
                final Request r = w.isSend(new int[] {42}, 1, MPI.INT, 1, 1);
                for (int i = 0; i < 50; i++)
                {
                    assertFalse(r.test(), "a synchronous send cannot complete before the receive is posted");
                }
                w.send(new int[0], 0, MPI.INT, 1, 2);
                r.waitFor();
                w.sSend(new int[] {43}, 1, MPI.INT, 1, 3);
            }
            else
            {
                w.recv(new int[0], 0, MPI.INT, 0, 2);
                final int[] v = new int[1];
                w.recv(v, 1, MPI.INT, 0, 1);
                assertEquals(42, v[0]);
                w.recv(v, 1, MPI.INT, 0, 3);
                assertEquals(43, v[0]);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldSendBufferedThroughTheAttachedBuffer(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int eager = RankBinding.runtime().eagerLimit();
            if (rank == 0)
            {
                w.bSend(new int[] {77}, 1, MPI.INT, 1, 1);
                final MPIException none = assertThrows(MPIException.class, () -> w.bSend(new byte[eager + 1], eager + 1, MPI.BYTE, 1, 1));
                assertEquals(MPI.ERR_BUFFER, none.getErrorClass());
                assertTrue(none.getMessage().contains("no buffer attached"), none.getMessage());
                final byte[] attached = new byte[2 * (40 + MPI.BSEND_OVERHEAD)];
                MPI.attachBuffer(attached);
                final int[] data = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
                w.bSend(data, 10, MPI.INT, 1, 2);
                data[0] = -1;
                final Request r = w.ibSend(data, 10, MPI.INT, 1, 3);
                r.waitFor();
                data[1] = -2;
                final MPIException full = assertThrows(MPIException.class, () -> w.bSend(new byte[eager + 1], eager + 1, MPI.BYTE, 1, 4));
                assertEquals(MPI.ERR_BUFFER, full.getErrorClass());
                assertTrue(full.getMessage().contains("free bytes"), full.getMessage());
                final int[] small = new int[100];
                small[99] = 99;
                w.bSend(small, 100, MPI.INT, 1, 4);
                w.bSend(data, 10, MPI.INT, MPI.PROC_NULL, 3);
                assertTrue(attached == MPI.detachBuffer(), "detach returns the attached array");
                w.send(new int[0], 0, MPI.INT, 1, 9);
            }
            else
            {
                w.recv(new int[0], 0, MPI.INT, 0, 9);
                final int[] one = new int[1];
                w.recv(one, 1, MPI.INT, 0, 1);
                assertEquals(77, one[0], "a small buffered send without an attached buffer went out eagerly");
                final int[] a = new int[10];
                w.recv(a, 10, MPI.INT, 0, 2);
                assertEquals(1, a[0]);
                w.recv(a, 10, MPI.INT, 0, 3);
                assertEquals(-1, a[0]);
                assertEquals(2, a[1], "the data was copied when ibSend returned");
                final int[] small = new int[100];
                w.recv(small, 100, MPI.INT, 0, 4);
                assertEquals(99, small[99], "a small buffered send that found the buffer full went out eagerly");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldTreatProcNullAsANoOpEverywhere(final String transport)
    {
        MpiJob.run(1, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int[] buf = {5};
            w.send(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            w.sSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            w.rSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            final Status s = w.recv(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            assertEquals(MPI.PROC_NULL, s.getSource());
            assertEquals(MPI.ANY_TAG, s.getTag());
            assertEquals(0, s.getCount(MPI.INT));
            assertEquals(5, buf[0]);
            assertEquals(MPI.PROC_NULL, w.iRecv(buf, 1, MPI.INT, MPI.PROC_NULL, 0).waitStatus().getSource());
            w.iSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0).waitFor();
            w.isSend(buf, 1, MPI.INT, MPI.PROC_NULL, 0).waitFor();
            assertEquals(MPI.PROC_NULL, w.probe(MPI.PROC_NULL, MPI.ANY_TAG).getSource());
            assertEquals(MPI.PROC_NULL, w.iProbe(MPI.PROC_NULL, 3).getSource());
            final Status sr = w.sendRecv(buf, 1, MPI.INT, MPI.PROC_NULL, 1, buf, 1, MPI.INT, MPI.PROC_NULL, 1);
            assertEquals(MPI.PROC_NULL, sr.getSource());
            w.sendRecvReplace(buf, 1, MPI.INT, MPI.PROC_NULL, 1, MPI.PROC_NULL, 1);
            final Prequest p = w.recvInit(buf, 1, MPI.INT, MPI.PROC_NULL, 0);
            p.start();
            assertEquals(MPI.PROC_NULL, p.waitStatus().getSource());
            final Message m = new Message();
            assertTrue(m.isNull());
            assertEquals(MPI.PROC_NULL, m.mProbe(MPI.PROC_NULL, 0, w).getSource());
            assertTrue(m.isNoProc());
            assertEquals(MPI.PROC_NULL, m.mRecv(buf, 1, MPI.INT).getSource());
            assertEquals(MPI.PROC_NULL, m.imProbe(MPI.PROC_NULL, 0, w).getSource());
            assertEquals(MPI.PROC_NULL, m.imRecv(buf, 1, MPI.INT).waitStatus().getSource());
            assertEquals(5, buf[0]);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldRaiseMpiExceptionsWithTheirErrorClass(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            assertEquals(MPI.ERR_RANK, assertThrows(MPIException.class, () -> w.send(new int[1], 1, MPI.INT, 2, 0)).getErrorClass());
            assertEquals(MPI.ERR_TAG, assertThrows(MPIException.class, () -> w.send(new int[1], 1, MPI.INT, 0, -5)).getErrorClass());
            final int tagUb = (Integer)w.getAttr(MPI.TAG_UB);
            assertEquals(MPI.ERR_TAG, assertThrows(MPIException.class, () -> w.iRecv(new int[1], 1, MPI.INT, 0, tagUb + 1)).getErrorClass());
            assertEquals(MPI.ERR_COUNT, assertThrows(MPIException.class, () -> w.send(new int[1], -1, MPI.INT, 0, 0)).getErrorClass());
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> w.send(new int[1], 2, MPI.INT, 0, 0)).getErrorClass());
            assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> w.send("text", 1, MPI.INT, 0, 0)).getErrorClass());
            final RuntimeException unchecked = new MPIException(MPI.ERR_OTHER, "x");
            assertEquals(MPI.ERR_OTHER, ((MPIException)unchecked).getErrorCode());
            if (rank == 0)
            {
                w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 7);
            }
            else
            {
                final int[] small = new int[4];
                final MPIException t = assertThrows(MPIException.class, () -> w.recv(small, 2, MPI.INT, 0, 7));
                assertEquals(MPI.ERR_TRUNCATE, t.getErrorClass());
                assertEquals(0, small[2], "nothing written past the receive count");
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldExchangeWithSendRecvAndSendRecvReplaceAroundARing(final String transport)
    {
        MpiJob.run(4, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int size = w.getSize();
            final int right = (rank + 1) % size;
            final int left = (rank + size - 1) % size;
            final int[] got = new int[1];
            final Status s = w.sendRecv(new int[] {rank}, 1, MPI.INT, right, 3, got, 1, MPI.INT, left, 3);
            assertEquals(left, got[0]);
            assertEquals(left, s.getSource());
            final double[] v = {rank + 0.5, -rank};
            final Status t = w.sendRecvReplace(v, 2, MPI.DOUBLE, left, 4, right, 4);
            assertArrayEquals(new double[] {right + 0.5, -right}, v);
            assertEquals(2, t.getCount(MPI.DOUBLE));
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldReuseAndFreePersistentRequests(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int peer = 1 - rank;
            final int[] out = new int[1];
            final int[] in = new int[1];
            final Prequest[] ps = {
                w.recvInit(in, 1, MPI.INT, peer, 5),
                rank == 0 ? w.sendInit(out, 1, MPI.INT, peer, 5) : w.sSendInit(out, 1, MPI.INT, peer, 5),
            };
            final Prequest rs = w.rSendInit(out, 1, MPI.INT, MPI.PROC_NULL, 5);
            final Prequest bs = w.bSendInit(out, 1, MPI.INT, MPI.PROC_NULL, 5);
            for (int round = 0; round < 3; round++)
            {
                out[0] = rank * 10 + round;
                Prequest.startAll(ps);
                final MPIException again = assertThrows(MPIException.class, ps[0]::start);
                assertEquals(MPI.ERR_REQUEST, again.getErrorClass());
                Request.waitAll(ps);
                assertEquals(peer * 10 + round, in[0]);
                assertFalse(ps[0].isNull(), "a completed persistent request stays usable");
                rs.start();
                bs.start();
                rs.waitFor();
                bs.waitFor();
            }
            assertEquals(MPI.ANY_SOURCE, ps[0].waitStatus().getSource(), "an inactive request waits at once");
            for (final Prequest p : ps)
            {
                p.free();
                assertTrue(p.isNull());
            }
            assertEquals(MPI.ERR_REQUEST, assertThrows(MPIException.class, ps[1]::start).getErrorClass());
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldRunPersistentRequestsOverEveryBufferKindForManyRounds(final String transport)
    {
        MpiJob.run(2, transport, rank ->
        {
            final Comm w = MPI.COMM_WORLD;
            final int peer = 1 - rank;
            final double[] doubles = new double[3];
            final ByteBuffer direct = ByteBuffer.allocateDirect(16);
            final boolean[] flags = new boolean[2];
            final Prequest[] ps = rank == 0 ?
                new Prequest[] {
                    w.sendInit(doubles, 3, MPI.DOUBLE, peer, 1),
                    w.sSendInit(direct, 16, MPI.BYTE, peer, 2),
                    w.sendInit(flags, 2, MPI.BOOLEAN, peer, 3)} :
                new Prequest[] {
                    w.recvInit(doubles, 3, MPI.DOUBLE, peer, 1),
                    w.recvInit(direct, 16, MPI.BYTE, peer, 2),
                    w.recvInit(flags, 2, MPI.BOOLEAN, peer, 3)};
            for (int round = 0; round < 200; round++)
            {
                if (rank == 0)
                {
                    doubles[2] = round + 0.5;
                    direct.put(15, (byte)round);
                    flags[1] = round % 2 == 1;
                }
                Prequest.startAll(ps);
                final Status[] st = Request.waitAllStatus(ps);
                if (rank == 1)
                {
                    assertEquals(round + 0.5, doubles[2], "round " + round);
                    assertEquals((byte)round, direct.get(15), "round " + round);
                    assertEquals(round % 2 == 1, flags[1], "round " + round);
                    assertEquals(3, st[0].getCount(MPI.DOUBLE));
                    assertEquals(16, st[1].getCount(MPI.BYTE));
                    assertEquals(2, st[2].getCount(MPI.BOOLEAN));
                }
            }
            for (final Prequest p : ps)
            {
                p.free();
            }
            assertEquals(MPI.ERR_REQUEST, assertThrows(MPIException.class, ps[0]::start).getErrorClass());
        });
    }
}
