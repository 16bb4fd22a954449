package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CommTest
{
    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldSplitDupCompareAndFreeCommunicators(final String transport)
    {
        MpiJob.run(4, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            assertEquals(4, w.getSize());
            final Intracomm half = w.split(rank % 2, -rank);
            assertEquals(2, half.getSize());
            assertEquals(rank < 2 ? 1 : 0, half.getRank(), "ordered by key, which reverses the old order");
            final Intracomm dup = w.dup();
            final Intracomm clone = w.clone();
            assertEquals(MPI.IDENT, Comm.compare(w, w));
            assertEquals(MPI.CONGRUENT, Comm.compare(w, dup));
            assertEquals(MPI.CONGRUENT, Comm.compare(w, clone));
            assertEquals(MPI.UNEQUAL, Comm.compare(w, half));
            final Intracomm reversed = w.split(0, -rank);
            assertEquals(MPI.SIMILAR, Comm.compare(w, reversed));
            final Intracomm none = w.split(MPI.UNDEFINED, 0);
            assertTrue(none.isNull(), "UNDEFINED gives MPI_COMM_NULL, as an object");
            assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, none::getSize).getErrorClass());
            final int peer = half.getRank() ^ 1;
            final int[] got = new int[1];
            final int[] early = new int[1];
            final Request onDup = dup.iRecv(early, 1, MPI.INT, MPI.ANY_SOURCE, 1);
            half.sendRecv(new int[] {rank}, 1, MPI.INT, peer, 1, got, 1, MPI.INT, peer, 1);
            assertEquals(rank ^ 2, got[0]);
            assertFalse(onDup.test(), "the message on half did not match the receive on dup");
            half.barrier();
            w.barrier();
            dup.send(new int[] {100 + rank}, 1, MPI.INT, (rank + 1) % 4, 1);
            assertEquals((rank + 3) % 4, onDup.waitStatus().getSource());
            assertEquals(100 + (rank + 3) % 4, early[0]);
            half.free();
            assertTrue(half.isNull());
            assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, half::getRank).getErrorClass());
            assertEquals(MPI.ERR_COMM, assertThrows(MPIException.class, w::free).getErrorClass());
            assertFalse(w.isNull());
            dup.free();
            clone.free();
            reversed.free();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp", "shm"})
    void shouldGiveEachRankItsOwnWorldAndSelf(final String transport)
    {
        MpiJob.run(3, transport, rank ->
        {
            assertEquals(rank, MPI.COMM_WORLD.getRank());
            assertEquals(0, MPI.COMM_SELF.getRank());
            assertEquals(1, MPI.COMM_SELF.getSize());
            assertEquals(MPI.UNEQUAL, Comm.compare(MPI.COMM_WORLD, MPI.COMM_SELF));
            final int[] v = new int[1];
            MPI.COMM_SELF.sendRecv(new int[] {rank}, 1, MPI.INT, 0, 2, v, 1, MPI.INT, 0, 2);
            assertEquals(rank, v[0]);
            final int[] fromThread = new int[1];
            final Thread t = new Thread(() -> fromThread[0] = MPI.COMM_WORLD.getRank());
            t.start();
            t.join();
            assertEquals(rank, fromThread[0], "threads a rank starts belong to it");
            assertSame(MPI.ERRORS_ARE_FATAL, MPI.COMM_WORLD.getErrhandler());
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            assertSame(MPI.ERRORS_RETURN, MPI.COMM_WORLD.getErrhandler());
            assertEquals("MPI_COMM_WORLD", MPI.COMM_WORLD.getName());
            MPI.COMM_WORLD.barrier();
        });
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("mpi.MpiJob#grid")
    void shouldSplitByHostWithSplitType(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Info info = new Info();
            info.set("hint", "kept");
            final Intracomm host = w.splitType(Comm.TYPE_SHARED, -rank, info);
            assertEquals(w.getSize(), host.getSize(), "the ranks of one job in one JVM share a host");
            assertEquals(w.getSize() - 1 - rank, host.getRank(), "ordered by key");
            assertEquals("kept", host.getInfo().get("hint"));
            final Intracomm none = w.splitType(rank == 0 ? MPI.UNDEFINED : Comm.TYPE_SHARED, 0, MPI.INFO_NULL);
            assertEquals(rank == 0, none.isNull());
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> w.splitType(7, 0, MPI.INFO_NULL)).getErrorClass());
            host.free();
        });
    }
}
