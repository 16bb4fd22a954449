package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

/**
 * Typemaps, bounds and copy plans of derived datatypes, after the examples of MPI 4.1 chapter 5
 * (local calls: no job needed).
 */
class TypemapTest
{
    private static final long DOUBLES = UnsafeApi.arrayBaseOffset(double[].class);
    private static final long BYTES = UnsafeApi.arrayBaseOffset(byte[].class);

    private static Datatype committed(final Datatype t)
    {
        t.commit();
        return t;
    }

    @Test
    void shouldGiveBoundsInUnitsOfTheBaseTypeAsOpenMpiDoes()
    {
        final Datatype v = committed(Datatype.createVector(2, 3, 4, MPI.DOUBLE));
        assertEquals(6, v.getSize());
        assertEquals(7, v.getExtent(), "blocks at 0 and 4 doubles, 3 long: 7 doubles");
        assertEquals(0, v.getLb());
        assertEquals(7, v.getTrueExtent());
        assertEquals(8 * 6, v.sizeBytes());
        final Datatype hv = committed(Datatype.createHVector(2, 3, 40, MPI.DOUBLE));
        assertEquals(8, hv.getExtent(), "hvector strides in bytes: blocks at 0 and 40 bytes, 24 long");
        final Datatype r = committed(Datatype.createResized(MPI.INT, -4, 16));
        assertEquals(-1, r.getLb(), "createResized takes bytes, getLb answers ints");
        assertEquals(4, r.getExtent());
        assertEquals(0, r.getTrueLb());
        assertEquals(1, r.getTrueExtent());
        final Datatype s = committed(Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.DOUBLE, MPI.CHAR}));
        assertEquals(10, s.getSize(), "struct types count bytes (base type BYTE)");
        assertEquals(10, s.getExtent(), "no alignment padding is added");
        assertEquals(1, MPI.INT.getExtent());
        assertEquals(8, MPI.INT2.getSize());
    }

    @Test
    void shouldBuildTheStandardsTypemapsAndIgnoreEmptyBlocks()
    {
        final Datatype oldtype = committed(Datatype.createResized(
            Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.DOUBLE, MPI.CHAR}), 0, 16));
        final Datatype contig = committed(Datatype.createContiguous(3, oldtype));
        assertEquals(48, contig.getExtent());
        assertEquals(3 * 10, contig.getSize());
        assertEquals(6, contig.elementsIn(contig.sizeBytes()));
        final Datatype vector = committed(Datatype.createVector(2, 3, 4, oldtype));
        assertEquals(16 * 7, vector.getExtent(), "MPI 4.1 example: extent 4 * 16 + 3 * 16");
        final Datatype indexed = committed(Datatype.createIndexed(new int[] {3, 0, 1}, new int[] {4, 100, 0}, oldtype));
        assertEquals(0, indexed.getLb(), "the empty block at 100 counts for nothing");
        assertEquals(7 * 16, indexed.getExtent());
        assertEquals(4 * 10, indexed.getSize());
        final Datatype negative = committed(Datatype.createHIndexed(new int[] {1, 1}, new int[] {-8, 8}, MPI.DOUBLE));
        assertEquals(-1, negative.getLb());
        assertEquals(3, negative.getExtent());
        assertEquals(-1, negative.getTrueLb());
        final Datatype block = committed(Datatype.createIndexedBlock(2, new int[] {0, 5}, MPI.INT));
        assertEquals(7, block.getExtent());
        assertEquals(4, block.getSize());
        final Datatype none = committed(Datatype.createContiguous(0, MPI.INT));
        assertEquals(0, none.getExtent());
        assertEquals(0, none.getSize());
    }

    @Test
    void shouldCompileContiguousAndRegularTypesIntoFewCopies()
    {
        assertTrue(MPI.DOUBLE.plan().dense());
        final Datatype contig = committed(Datatype.createContiguous(1000, MPI.DOUBLE));
        assertTrue(contig.plan().dense());
        assertEquals(1, contig.plan().ops());
        final Datatype vector = committed(Datatype.createVector(1_000_000, 1, 2, MPI.DOUBLE));
        assertFalse(vector.plan().dense());
        assertEquals(1, vector.plan().ops(), "one strided copy: " + vector.plan());
        final Datatype regular = committed(Datatype.createIndexed(new int[] {2, 2, 2}, new int[] {0, 5, 10}, MPI.INT));
        assertEquals(1, regular.plan().ops(), "indexed blocks at a constant stride fold into one strided copy");
        final Datatype mixed = committed(Datatype.createStruct(new int[] {1, 1, 2}, new int[] {0, 4, 8},
            new Datatype[] {MPI.INT, MPI.FLOAT, MPI.SHORT}));
        assertTrue(mixed.plan().dense(), "runs of different element types that touch are one copy");
        final Datatype padded = committed(Datatype.createContiguous(2, MPI.DOUBLE_INT));
        assertFalse(padded.plan().dense());
        assertEquals(24, padded.sizeBytes());
    }

    @Test
    void shouldPackAndUnpackExactlyTheTypemapsBytes()
    {
        final Datatype column = committed(Datatype.createVector(4, 1, 3, MPI.DOUBLE));
        final double[] matrix = new double[24];
        for (int i = 0; i < matrix.length; i++)
        {
            matrix[i] = i;
        }
        final double[] packed = new double[8];
        assertEquals(64, column.plan().pack(matrix, DOUBLES + 8, 2, packed, DOUBLES));
        assertArrayEquals(new double[] {1, 4, 7, 10, 11, 14, 17, 20}, java.util.Arrays.copyOf(packed, 8),
            "item 2 starts one extent (10 doubles) after item 1");
        final double[] target = new double[24];
        java.util.Arrays.fill(target, -1);
        assertEquals(24, column.plan().unpack(packed, DOUBLES, 24, target, DOUBLES, 2), "only the bytes that arrived");
        final double[] expected = new double[24];
        java.util.Arrays.fill(expected, -1);
        expected[0] = 1;
        expected[3] = 4;
        expected[6] = 7;
        assertArrayEquals(expected, target);
        final Datatype nested = committed(Datatype.createVector(2, 1, 2,
            Datatype.createStruct(new int[] {1, 3}, new int[] {0, 5}, new Datatype[] {MPI.BYTE, MPI.BYTE})));
        final byte[] src = new byte[32];
        for (int i = 0; i < src.length; i++)
        {
            src[i] = (byte)i;
        }
        final byte[] out = new byte[8];
        assertEquals(8, nested.plan().pack(src, BYTES, 1, out, BYTES));
        assertArrayEquals(new byte[] {0, 5, 6, 7, 16, 21, 22, 23}, out, "struct extent 8, vector stride 2 extents");
    }

    @Test
    void shouldCountElementsOfPartialItems()
    {
        final Datatype pairs = committed(Datatype.createContiguous(2, MPI.DOUBLE_INT));
        assertEquals(4, pairs.elementsIn(24));
        assertEquals(3, pairs.elementsIn(20), "double, int, double");
        assertEquals(-1, pairs.elementsIn(18), "ends inside the second double");
        assertEquals(20, pairs.bytesOfElements(3));
        assertEquals(24 + 8, pairs.bytesOfElements(5));
    }

    @Test
    void shouldRefuseBadConstructorArguments()
    {
        assertEquals(MPI.ERR_COUNT, assertThrows(MPIException.class, () -> Datatype.createContiguous(-1, MPI.INT)).getErrorClass());
        assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> Datatype.createVector(1, -2, 1, MPI.INT)).getErrorClass());
        assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class,
            () -> Datatype.createIndexed(new int[] {1, 2}, new int[] {0}, MPI.INT)).getErrorClass());
        assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class,
            () -> Datatype.createStruct(new int[] {1}, new int[] {0}, new Datatype[] {null})).getErrorClass());
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, () -> Datatype.createContiguous(2, MPI.DATATYPE_NULL)).getErrorClass());
        assertTrue(MPI.DATATYPE_NULL.isNull());
        final Datatype t = Datatype.createVector(2, 1, 2, MPI.INT);
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, t::plan).getErrorClass(), "not committed");
        t.commit();
        final Datatype copy = t.dup();
        assertTrue(copy.plan() != null, "a copy of a committed type is committed");
        t.free();
        assertEquals(MPI.ERR_TYPE, assertThrows(MPIException.class, t::getExtent).getErrorClass());
        assertEquals(2, copy.getSize(), "freeing a type leaves its copies alone");
    }

    /** Names and cached attributes of datatypes (MPI 4.1 sections 7.7.4 and 7.8): a copy keeps the attributes. */
    @Test
    void shouldNameTypesAndCacheAttributesOnThem()
    {
        assertEquals("MPI_INT", MPI.INT.getName());
        final Datatype t = committed(Datatype.createContiguous(3, MPI.DOUBLE));
        t.setName("triple");
        assertEquals("triple", t.getName());
        assertEquals(MPI.ERR_ARG, assertThrows(MPIException.class, () -> t.setName("x".repeat(MPI.MAX_OBJECT_NAME))).getErrorClass());
        final int key = Datatype.createKeyval();
        assertEquals(null, t.getAttr(key), "nothing cached yet");
        t.setAttr(key, new int[] {4, 2});
        assertArrayEquals(new int[] {4, 2}, (int[])t.getAttr(key));
        final Datatype copy = t.dup();
        assertArrayEquals(new int[] {4, 2}, (int[])copy.getAttr(key), "dup copies the attributes");
        t.deleteAttr(key);
        assertEquals(null, t.getAttr(key));
        assertArrayEquals(new int[] {4, 2}, (int[])copy.getAttr(key), "the copy keeps its own");
        assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> t.getAttr(MPI.KEYVAL_INVALID)).getErrorClass());
        Datatype.freeKeyval(key);
        assertEquals(MPI.ERR_KEYVAL, assertThrows(MPIException.class, () -> copy.getAttr(key)).getErrorClass(), "freed key");
        copy.free();
        t.free();
    }
}
