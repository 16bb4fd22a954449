package io.rankwire.coll;

/** Built-in reductions on {@code short[]}: {@code io[ioOff + i] = in[inOff + i] op io[ioOff + i]}. */
final class ShortKernels
{
    private ShortKernels()
    {
    }

    static void apply(final int kind, final short[] in, final int inOff, final short[] io, final int ioOff, final int n)
    {
        switch (kind)
        {
            case Kernels.SUM:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (short)(a + b);
                }
                break;
            case Kernels.PROD:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (short)(a * b);
                }
                break;
            case Kernels.MIN:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = a < b ? a : b;
                }
                break;
            case Kernels.MAX:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = a > b ? a : b;
                }
                break;
            case Kernels.LAND:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) && (b != 0) ? (short)1 : (short)0;
                }
                break;
            case Kernels.LOR:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) || (b != 0) ? (short)1 : (short)0;
                }
                break;
            case Kernels.LXOR:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) != (b != 0) ? (short)1 : (short)0;
                }
                break;
            case Kernels.BAND:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (short)(a & b);
                }
                break;
            case Kernels.BOR:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (short)(a | b);
                }
                break;
            case Kernels.BXOR:
                for (int i = 0; i < n; i++)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    io[ioOff + i] = (short)(a ^ b);
                }
                break;
            case Kernels.MINLOC:
                for (int i = 0; i < n; i += 2)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    final short ai = in[inOff + i + 1];
                    if (a < b || (a == b && ai < io[ioOff + i + 1]))
                    {
                        io[ioOff + i] = a;
                        io[ioOff + i + 1] = ai;
                    }
                }
                break;
            case Kernels.MAXLOC:
                for (int i = 0; i < n; i += 2)
                {
                    final short a = in[inOff + i];
                    final short b = io[ioOff + i];
                    final short ai = in[inOff + i + 1];
                    if (a > b || (a == b && ai < io[ioOff + i + 1]))
                    {
                        io[ioOff + i] = a;
                        io[ioOff + i + 1] = ai;
                    }
                }
                break;
            default:
                throw Kernels.unsupported(kind, "short");
        }
    }
}
