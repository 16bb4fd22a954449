package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * A complex number of {@link MPI#DOUBLE_COMPLEX} stored in a buffer as (real, imaginary): a view, so
 * reads and writes go to the buffer.
 */
public final class DoubleComplex
{
    private final int offset;
    private final DoubleBuffer buffer;

    private DoubleComplex(final DoubleBuffer buffer, final int index)
    {
        this.buffer = buffer;
        this.offset = index * 2;
    }

    /** The number at the start of {@code buffer}. */
    public static DoubleComplex get(final DoubleBuffer buffer)
    {
        return new DoubleComplex(buffer, 0);
    }

    /** Number {@code index} of the numbers in {@code buffer}. */
    public static DoubleComplex get(final DoubleBuffer buffer, final int index)
    {
        return new DoubleComplex(buffer, index);
    }

    /** The number in the first two elements of {@code array}. */
    public static DoubleComplex get(final double[] array)
    {
        return new DoubleComplex(DoubleBuffer.wrap(array), 0);
    }

    /** Number {@code index} of the numbers in {@code array}. */
    public static DoubleComplex get(final double[] array, final int index)
    {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /** The number at the start of {@code buffer} (in the buffer's byte order). */
    public static DoubleComplex get(final ByteBuffer buffer)
    {
        return new DoubleComplex(buffer.asDoubleBuffer(), 0);
    }

    /** Number {@code index} of the numbers in {@code buffer} (in the buffer's byte order). */
    public static DoubleComplex get(final ByteBuffer buffer, final int index)
    {
        return new DoubleComplex(buffer.asDoubleBuffer(), index);
    }

    /** The real part. */
    public double getReal()
    {
        return buffer.get(offset);
    }

    /** The imaginary part. */
    public double getImag()
    {
        return buffer.get(offset + 1);
    }

    /** Sets the real part. */
    public void putReal(final double real)
    {
        buffer.put(offset, real);
    }

    /** Sets the imaginary part. */
    public void putImag(final double imag)
    {
        buffer.put(offset + 1, imag);
    }

    /** The buffer from this number on. */
    public DoubleBuffer getBuffer()
    {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
