package mpi;

/**
 * {@code MPI.PROD} on the complex types, as a Rankwire user operation on interleaved
 * (real, imaginary) float or double arrays: {@code inout = in * inout} pair by pair. Declared
 * non-commutative so that Rankwire never cuts a vector between the two halves of a number (its
 * commutative algorithms split vectors into blocks); the product is still taken in rank order.
 */
final class ComplexProduct
{
    private static final io.rankwire.Op FLOAT = io.rankwire.Op.user((in, inOff, io, ioOff, n) ->
    {
        final float[] a = (float[])in;
        final float[] b = (float[])io;
        for (int i = 0; i + 1 < n; i += 2)
        {
            final float re = a[inOff + i] * b[ioOff + i] - a[inOff + i + 1] * b[ioOff + i + 1];
            final float im = a[inOff + i] * b[ioOff + i + 1] + a[inOff + i + 1] * b[ioOff + i];
            b[ioOff + i] = re;
            b[ioOff + i + 1] = im;
        }
    }, false);

    private static final io.rankwire.Op DOUBLE = io.rankwire.Op.user((in, inOff, io, ioOff, n) ->
    {
        final double[] a = (double[])in;
        final double[] b = (double[])io;
        for (int i = 0; i + 1 < n; i += 2)
        {
            final double re = a[inOff + i] * b[ioOff + i] - a[inOff + i + 1] * b[ioOff + i + 1];
            final double im = a[inOff + i] * b[ioOff + i + 1] + a[inOff + i + 1] * b[ioOff + i];
            b[ioOff + i] = re;
            b[ioOff + i + 1] = im;
        }
    }, false);

    private ComplexProduct()
    {
    }

    static io.rankwire.Op of(final boolean single)
    {
        return single ? FLOAT : DOUBLE;
    }
}
