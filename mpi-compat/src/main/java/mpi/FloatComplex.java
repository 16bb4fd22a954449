package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * A complex number of {@link MPI#FLOAT_COMPLEX} stored in a buffer as (real, imaginary): a view, so
 * reads and writes go to the buffer.
 */
public final class FloatComplex
{
    private final int offset;
    private final FloatBuffer buffer;

    private FloatComplex(final FloatBuffer buffer, final int index)
    {
        this.buffer = buffer;
        this.offset = index * 2;
    }

    /** The number at the start of {@code buffer}. */
    public static FloatComplex get(final FloatBuffer buffer)
    {
        return new FloatComplex(buffer, 0);
    }

    /** Number {@code index} of the numbers in {@code buffer}. */
    public static FloatComplex get(final FloatBuffer buffer, final int index)
    {
        return new FloatComplex(buffer, index);
    }

    /** The number in the first two elements of {@code array}. */
    public static FloatComplex get(final float[] array)
    {
        return new FloatComplex(FloatBuffer.wrap(array), 0);
    }

    /** Number {@code index} of the numbers in {@code array}. */
    public static FloatComplex get(final float[] array, final int index)
    {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /** The number at the start of {@code buffer} (in the buffer's byte order). */
    public static FloatComplex get(final ByteBuffer buffer)
    {
        return new FloatComplex(buffer.asFloatBuffer(), 0);
    }

    /** Number {@code index} of the numbers in {@code buffer} (in the buffer's byte order). */
    public static FloatComplex get(final ByteBuffer buffer, final int index)
    {
        return new FloatComplex(buffer.asFloatBuffer(), index);
    }

    /** The real part. */
    public float getReal()
    {
        return buffer.get(offset);
    }

    /** The imaginary part. */
    public float getImag()
    {
        return buffer.get(offset + 1);
    }

    /** Sets the real part. */
    public void putReal(final float real)
    {
        buffer.put(offset, real);
    }

    /** Sets the imaginary part. */
    public void putImag(final float imag)
    {
        buffer.put(offset + 1, imag);
    }

    /** The buffer from this number on. */
    public FloatBuffer getBuffer()
    {
        return offset == 0 ? buffer : MPI.slice(buffer, offset);
    }
}
