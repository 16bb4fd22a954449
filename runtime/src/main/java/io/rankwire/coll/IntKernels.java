package io.rankwire.coll;

/** Built-in reductions on {@code int[]}: {@code io[ioOff + i] = in[inOff + i] op io[ioOff + i]}. */
final class IntKernels
{
    private IntKernels()
    {
    }

    static void apply(final int kind, final int[] in, final int inOff, final int[] io, final int ioOff, final int n)
    {
        switch (kind)
        {
            case Kernels.SUM:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a + b);
                }
                break;
            case Kernels.PROD:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a * b);
                }
                break;
            case Kernels.MIN:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = a < b ? a : b;
                }
                break;
            case Kernels.MAX:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = a > b ? a : b;
                }
                break;
            case Kernels.LAND:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) && (b != 0) ? 1 : 0;
                }
                break;
            case Kernels.LOR:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) || (b != 0) ? 1 : 0;
                }
                break;
            case Kernels.LXOR:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a != 0) != (b != 0) ? 1 : 0;
                }
                break;
            case Kernels.BAND:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a & b);
                }
                break;
            case Kernels.BOR:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a | b);
                }
                break;
            case Kernels.BXOR:
                for (int i = 0; i < n; i++)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    io[ioOff + i] = (a ^ b);
                }
                break;
            case Kernels.MINLOC:
                for (int i = 0; i < n; i += 2)
                {
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    final int ai = in[inOff + i + 1];
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
                    final int a = in[inOff + i];
                    final int b = io[ioOff + i];
                    final int ai = in[inOff + i + 1];
                    if (a > b || (a == b && ai < io[ioOff + i + 1]))
                    {
                        io[ioOff + i] = a;
                        io[ioOff + i + 1] = ai;
                    }
                }
                break;
            default:
                throw Kernels.unsupported(kind, "int");
        }
    }
}
