package io.rankwire.jmh.mpi;

import mpi.Datatype;
import mpi.MPI;

/**
 * The buffer layouts the vector benchmarks compare, for 1 Mi doubles (8 MiB of data):
 * {@code contiguousArray} ({@code double[1Mi]} as {@code MPI.DOUBLE}), {@code contiguousDirect}
 * (a direct {@code DoubleBuffer}), {@code vector} (every other double of a {@code double[2Mi]},
 * {@code createVector(1Mi, 1, 2, MPI.DOUBLE)}) and {@code vectorToContiguous} (rank 0 the vector,
 * rank 1 a contiguous array).
 */
final class Sides
{
    static final int DOUBLES = 1 << 20;
    static final String[] LAYOUTS = {"contiguousArray", "contiguousDirect", "vector", "vectorToContiguous"};

    final Object buf;
    final int count;
    final Datatype type;

    private Sides(final Object buf, final int count, final Datatype type)
    {
        this.buf = buf;
        this.count = count;
        this.type = type;
    }

    /** Rank 0's ({@code rank0}) or rank 1's side of {@code layout}; call after {@code MPI.Init}. */
    static Sides of(final String layout, final boolean rank0)
    {
        switch (layout)
        {
            case "contiguousArray":
                return new Sides(new double[DOUBLES], DOUBLES, MPI.DOUBLE);
            case "contiguousDirect":
                return new Sides(MPI.newDoubleBuffer(DOUBLES), DOUBLES, MPI.DOUBLE);
            case "vector":
                return vector();
            case "vectorToContiguous":
                return rank0 ? vector() : new Sides(new double[DOUBLES], DOUBLES, MPI.DOUBLE);
            default:
                throw new IllegalArgumentException("layout : " + layout + " (expected: one of " + String.join(", ", LAYOUTS) + ")");
        }
    }

    private static Sides vector()
    {
        final Datatype every2 = Datatype.createVector(DOUBLES, 1, 2, MPI.DOUBLE);
        every2.commit();
        return new Sides(new double[2 * DOUBLES], 1, every2);
    }
}
