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
import org.junit.jupiter.params.provider.MethodSource;

/** Attributes, info objects and the environment calls (MPI 4.1 chapters 7 and 9). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EnvironmentTest
{
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldCacheAttributesAsOpenMpiDoes(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            final int key = Comm.createKeyval();
            assertNull(w.getAttr(key), "nothing cached yet");
            final int[] value = {rank, 42};
            w.setAttr(key, value);
            value[1] = -1;
            final int[] got = (int[])w.getAttr(key);
            assertArrayEquals(new int[] {rank, 42}, got, "the value was stored serialized when set");
            got[0] = 99;
            assertArrayEquals(new int[] {rank, 42}, (int[])w.getAttr(key), "every get returns a fresh copy");
            final Intracomm dup = w.dup();
            assertArrayEquals(new int[] {rank, 42}, (int[])dup.getAttr(key), "dup copies attributes");
            final Intracomm split = w.split(0, rank);
            assertNull(split.getAttr(key), "split does not");
            dup.setAttr(key, "changed on the copy");
            assertArrayEquals(new int[] {rank, 42}, (int[])w.getAttr(key));
            w.deleteAttr(key);
            assertNull(w.getAttr(key));
            w.deleteAttr(key);
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> w.setAttr(key, new Object())).getErrorClass());
            assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> w.setAttr(MPI.TAG_UB, 1)).getErrorClass());
            assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> Comm.freeKeyval(MPI.TAG_UB)).getErrorClass());
            Comm.freeKeyval(key);
            assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> dup.getAttr(key)).getErrorClass());
            assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> Comm.freeKeyval(key)).getErrorClass());
            final int tagUb = (Integer)w.getAttr(MPI.TAG_UB);
            assertTrue(tagUb >= 32767, "MPI requires a tag upper bound of at least 32767: " + tagUb);
            final int[] ring = new int[1];
            w.sendRecv(new int[] {rank}, 1, MPI.INT, (rank + 1) % n, tagUb, ring, 1, MPI.INT, (rank + n - 1) % n, tagUb);
            assertEquals((rank + n - 1) % n, ring[0], "the largest tag is usable");
            assertEquals(MPI.PROC_NULL, w.getAttr(MPI.HOST));
            assertEquals(MPI.ANY_SOURCE, w.getAttr(MPI.IO));
            assertEquals(Boolean.FALSE, w.getAttr(MPI.WTIME_IS_GLOBAL));
            assertEquals(0, w.getAttr(MPI.APPNUM));
            assertEquals(n, w.getAttr(MPI.UNIVERSE_SIZE));
            assertEquals(MPI.ERR_LASTCODE, w.getAttr(MPI.LASTUSEDCODE));
            assertEquals(n, split.getAttr(MPI.UNIVERSE_SIZE), "predefined attributes answer on every communicator");
            dup.free();
            split.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldKeepInfoHintsAndDescribeTheEnvironment(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final Info info = new Info();
            info.set("mpi_assert_no_any_tag", "true");
            info.set("rank", Integer.toString(rank));
            assertEquals(2, info.size());
            assertEquals("mpi_assert_no_any_tag", info.getKey(0));
            assertEquals("rank", info.getKey(1));
            assertEquals(Integer.toString(rank), info.get("rank"));
            assertNull(info.get("absent"));
            final Intracomm hinted = w.dupWithInfo(info);
            info.set("rank", "changed after the call");
            final Info back = hinted.getInfo();
            assertEquals(Integer.toString(rank), back.get("rank"), "the communicator kept a copy");
            back.delete("rank");
            assertEquals(1, back.size());
            assertEquals(MPI.ERR_INFO_NOKEY, assertThrows(MPIException.class, () -> back.delete("rank")).getErrorClass());
            final Info copy = back.clone();
            back.free();
            assertTrue(back.isNull());
            assertEquals("true", copy.get("mpi_assert_no_any_tag"));
            assertEquals(MPI.ERR_INFO, assertThrows(MPIException.class, () -> back.get("x")).getErrorClass());
            final String longKey = "k".repeat(MPI.MAX_INFO_KEY + 1);
            assertEquals(MPI.ERR_INFO_KEY, assertThrows(MPIException.class, () -> info.set(longKey, "v")).getErrorClass());
            assertEquals(MPI.ERR_INFO_VALUE, assertThrows(MPIException.class, () -> info.set("k", null)).getErrorClass());
            assertTrue(MPI.INFO_NULL.isNull());
            assertEquals(MPI.ERR_INFO, assertThrows(MPIException.class, () -> MPI.INFO_NULL.set("k", "v")).getErrorClass());
            w.setInfo(MPI.INFO_NULL);
            assertEquals(0, w.getInfo().size(), "INFO_NULL sets no hints");
            assertEquals(0, w.dupWithInfo(MPI.INFO_NULL).getInfo().size());
            assertEquals(Integer.toString(w.getSize()), MPI.INFO_ENV.get("maxprocs"));
            assertEquals(System.getProperty("os.arch"), MPI.INFO_ENV.get("arch"));
            assertEquals(MPI.getProcessorName(), MPI.INFO_ENV.get("host"));
            assertEquals(MPI.ERR_INFO, assertThrows(MPIException.class, () -> MPI.INFO_ENV.set("host", "x")).getErrorClass());
            hinted.free();
        });
    }

    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldReportVersionsErrorsAndStatusFields(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            final int n = w.getSize();
            assertEquals(3, MPI.getVersion().getVersion());
            assertEquals(1, MPI.getVersion().getSubVersion());
            assertTrue(MPI.getLibVersion().contains("Rankwire"), MPI.getLibVersion());
            MPI.pControl(0, null);
            assertEquals(MPI.UNDEFINED, w.getTopology());
            assertFalse(w.isInter());
            final MPIException bad = assertThrows(MPIException.class, () -> w.send(new int[1], 1, MPI.INT, n, 0));
            assertTrue(bad.getMessage().startsWith("MPI_ERR_RANK: invalid rank: dest : " + n), bad.getMessage());
            assertEquals(MPI.ERR_RANK, bad.getErrorCode());
            w.setErrhandler(MPI.ERRORS_RETURN);
            w.callErrhandler(MPI.ERR_OTHER);
            w.setErrhandler(MPI.ERRORS_ARE_FATAL);
            final MPIException called = assertThrows(MPIException.class, () -> w.callErrhandler(MPI.ERR_OTHER));
            assertEquals(MPI.ERR_OTHER, called.getErrorClass());
            assertTrue(called.getMessage().startsWith("MPI_ERR_OTHER"), called.getMessage());
            final int[] five = new int[5];
            final Status s = w.sendRecv(new int[] {1, 2, 3, 4, 5}, 5, MPI.INT, (rank + 1) % n, 3, five, 5, MPI.INT, MPI.ANY_SOURCE, 3);
            assertEquals(5, s.getCount(MPI.INT));
            assertEquals(5, s.getElementsX(MPI.INT).getCount());
            assertEquals(MPI.UNDEFINED, s.getCount(MPI.LONG), "20 bytes are not whole longs");
            final Datatype pair = Datatype.createContiguous(2, MPI.INT);
            pair.commit();
            s.setElements(pair, 3);
            assertEquals(3, s.getElements(pair));
            assertEquals(MPI.UNDEFINED, s.getCount(pair), "3 ints are not whole pairs");
            s.setElementsX(MPI.INT, new Count(4));
            assertEquals(2, s.getCount(pair));
            assertFalse(s.isCancelled());
            s.setCancelled(true);
            assertTrue(s.isCancelled());
            pair.free();
            assertEquals(0, new Count(3).compareTo(new Count(3)));
            assertTrue(new Count(2).compareTo(new Count(3)) < 0);
            assertEquals(new Count(7), new Count(7));
        });
    }

    /**
     * Names (MPI 4.1 section 7.8), the predefined error handlers, {@code Freeable} and the
     * {@code FloatComplex} view: the small objects the other tests only pass through.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldNameCommunicatorsAndHandleTheSmallObjects(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm dup = MPI.COMM_WORLD.dup();
            assertEquals("", dup.getName(), "a new communicator has no name");
            dup.setName("solver " + rank);
            assertEquals("solver " + rank, dup.getName());
            assertEquals("MPI_COMM_WORLD", MPI.COMM_WORLD.getName(), "naming a duplicate leaves its parent alone");
            assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> dup.setName("x".repeat(MPI.MAX_OBJECT_NAME)))
                .getErrorClass());
            assertEquals("solver " + rank, dup.getName(), "a refused name changes nothing");
            assertFalse(MPI.ERRORS_RETURN.isNull());
            MPI.ERRORS_RETURN.free();
            assertFalse(MPI.ERRORS_RETURN.isNull(), "predefined handlers stay valid");
            final Freeable f = dup;
            f.free();
            assertTrue(dup.isNull(), "freed through Freeable");
            final float[] pair = {1.5f, -2f, 3f, 4f};
            final FloatComplex second = FloatComplex.get(pair, 1);
            assertEquals(3f, second.getReal());
            assertEquals(4f, second.getImag());
            second.putImag(8f);
            second.putReal(-1f);
            assertArrayEquals(new float[] {1.5f, -2f, -1f, 8f}, pair, "a view writes through to the array");
        });
    }

    /**
     * MPI.NO_OP is refused by collectives (MPI_NO_OP is for one-sided accumulates), and the twin
     * pair types FLOAT2 and DOUBLE2 reduce with MINLOC as (value, index) pairs, ties to the lower
     * index.
     */
    @ParameterizedTest
    @MethodSource("mpi.MpiJob#grid")
    void shouldRefuseNoOpAndReduceTwinPairsWithMinloc(final String transport, final int ranks)
    {
        MpiJob.run(ranks, transport, rank ->
        {
            final Intracomm w = MPI.COMM_WORLD;
            assertEquals(MPI.ERR_OP, assertThrows(MPIException.class,
                () -> w.allReduce(new int[] {1}, new int[1], 1, MPI.INT, MPI.NO_OP)).getErrorClass());
            final double d = rank - 1.5;
            final double[] low = new double[2];
            w.allReduce(new double[] {d * d, rank}, low, 1, MPI.DOUBLE2, MPI.MINLOC);
            assertArrayEquals(new double[] {0.25, 1}, low, "ranks 1 and 2 tie: the lower index wins");
            final float[] high = new float[2];
            w.allReduce(new float[] {rank * 2f, rank}, high, 1, MPI.FLOAT2, MPI.MAXLOC);
            assertArrayEquals(new float[] {2f * (ranks - 1), ranks - 1}, high);
        });
    }
}
