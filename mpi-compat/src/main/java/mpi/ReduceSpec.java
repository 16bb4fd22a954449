package mpi;

/**
 * How a reduction of a datatype runs on Rankwire's array reductions: the Java array type
 * ({@link Buf} kind) the items are reduced as, the conversion for pair types whose halves differ
 * ({@link PairCodec}), and the Rankwire operation. Checks the combinations MPI defines:
 * {@code MINLOC}/{@code MAXLOC} on pair types only and pair types with them only; complex types
 * with {@code SUM} and {@code PROD}; bitwise and logical operations on integers, chars and
 * booleans only. A derived type reduces when all its elements come from one predefined type. A
 * user operation takes any type whose data lies in {@code [0, extent)}, in its layout.
 */
final class ReduceSpec
{
    final int kind;
    final PairCodec codec;
    final io.rankwire.Op op;
    private final boolean layout;

    private ReduceSpec(final int kind, final PairCodec codec, final io.rankwire.Op op, final boolean layout)
    {
        this.kind = kind;
        this.codec = codec;
        this.op = op;
        this.layout = layout;
    }

    static ReduceSpec of(final Datatype type, final Op op)
    {
        final UserFunction function = op.function();
        if (function != null)
        {
            final Layout l = type.layout();
            if (l.size > 0 && (l.trueLb < 0 || l.trueUb > l.extent() || l.lb != 0))
            {
                throw new MPIException(MPI.ERR_TYPE, "datatype : " + type.describe() + " (expected: data within [0, extent) " +
                    "for a user operation, which sees items in their layout)");
            }
            return new ReduceSpec(Buf.BYTE, null, UserCalls.of(function, type), true);
        }
        final int unit = type.unit();
        final String name = op.name();
        final boolean loc = "MINLOC".equals(name) || "MAXLOC".equals(name);
        final boolean pair = unit >= Datatype.K_INT2 && unit <= Datatype.K_DOUBLE_INT || unit == Datatype.K_FLOAT2 ||
            unit == Datatype.K_DOUBLE2;
        final boolean complex = unit == Datatype.K_FLOAT_COMPLEX || unit == Datatype.K_DOUBLE_COMPLEX;
        final boolean floating = unit == Datatype.K_FLOAT || unit == Datatype.K_DOUBLE || complex;
        if (unit == Layout.MIXED)
        {
            throw new MPIException(MPI.ERR_TYPE, "datatype : " + type.describe() +
                " (expected: a type whose elements all come from one predefined type, in a reduction)");
        }
        if (loc != pair && unit != Layout.EMPTY)
        {
            throw new MPIException(MPI.ERR_OP, "op : " + name + " on " + type.describe() + " (expected: MINLOC and MAXLOC " +
                "with the pair types, e.g. MPI.INT2 or MPI.DOUBLE_INT, and other operations with the other types)");
        }
        if (complex && !"SUM".equals(name) && !"PROD".equals(name) || floating && isBitOrLogic(name))
        {
            throw new MPIException(MPI.ERR_OP, "op : " + name + " on " + type.describe() +
                " (expected: an operation MPI defines for this type)");
        }
        final io.rankwire.Op o = complex && "PROD".equals(name) ? ComplexProduct.of(unit == Datatype.K_FLOAT_COMPLEX) : op.rw();
        final PairCodec codec = PairCodec.of(unit);
        return new ReduceSpec(codec != null ? codec.kind : kindOf(unit), codec, o, false);
    }

    private static boolean isBitOrLogic(final String name)
    {
        return name.startsWith("B") || name.startsWith("L");
    }

    private static int kindOf(final int unit)
    {
        switch (unit)
        {
            case Datatype.K_CHAR: return Buf.CHAR;
            case Datatype.K_SHORT: return Buf.SHORT;
            case Datatype.K_INT: case Datatype.K_INT2: return Buf.INT;
            case Datatype.K_LONG: return Buf.LONG;
            case Datatype.K_FLOAT: case Datatype.K_FLOAT2: case Datatype.K_FLOAT_COMPLEX: return Buf.FLOAT;
            case Datatype.K_DOUBLE: case Datatype.K_DOUBLE2: case Datatype.K_DOUBLE_COMPLEX: return Buf.DOUBLE;
            default: return Buf.BYTE;
        }
    }

    /** {@code b} as an array of {@link #kind} (null for null). */
    Region region(final Buf b)
    {
        if (b == null)
        {
            return null;
        }
        if (layout)
        {
            return Region.laidOut(b);
        }
        return codec == null ? Region.of(b, kind) : Region.converted(b, codec);
    }

    /** The array elements {@code count} items of {@code type} reduce as. */
    int elements(final Datatype type, final int count)
    {
        final long bytes = type.bytes(count);
        if (layout)
        {
            return bytes == 0 ? 0 : count * type.extentBytes();
        }
        return codec == null ? (int)(bytes / Buf.elemSize(kind)) : (int)(2 * (bytes / codec.pairBytes()));
    }
}
