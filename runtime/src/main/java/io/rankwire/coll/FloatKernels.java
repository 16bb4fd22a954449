package io.rankwire.coll;

/** Built-in reductions on {@code float[]}: {@code io[ioOff + i] = in[inOff + i] op io[ioOff + i]}. */
final class FloatKernels
{
    private FloatKernels()
    {
    }

    static void apply(final int kind, final float[] in, final int inOff, final float[] io, final int ioOff, final int n)
    {
        switch (kind)
        {
            case Kernels.SUM:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = (a + b);
                }
                break;
            case Kernels.PROD:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = (a * b);
                }
                break;
            case Kernels.MIN:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = Math.min(a, b);
                }
                break;
            case Kernels.MAX:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = Math.max(a, b);
                }
                break;
            case Kernels.LAND:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = (a != 0f) && (b != 0f) ? 1f : 0f;
                }
                break;
            case Kernels.LOR:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = (a != 0f) || (b != 0f) ? 1f : 0f;
                }
                break;
            case Kernels.LXOR:
                for (int i = 0; i < n; i++)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    io[ioOff + i] = (a != 0f) != (b != 0f) ? 1f : 0f;
                }
                break;
            case Kernels.MINLOC:
                for (int i = 0; i < n; i += 2)
                {
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    final float ai = in[inOff + i + 1];
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
                    final float a = in[inOff + i];
                    final float b = io[ioOff + i];
                    final float ai = in[inOff + i + 1];
                    if (a > b || (a == b && ai < io[ioOff + i + 1]))
                    {
                        io[ioOff + i] = a;
                        io[ioOff + i + 1] = ai;
                    }
                }
                break;
            default:
                throw Kernels.unsupported(kind, "float");
        }
    }
}
