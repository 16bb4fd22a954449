package io.rankwire.core;

/**
 * How the engine raises a communication failure from a blocking call: the API decides the
 * exception's type (its {@code RankwireException}), so that the engine never names a type of
 * the layer above it.
 */
public interface Failures
{
    /** The exception to throw for a failure described by {@code message}, with an optional {@code cause}. */
    RuntimeException failure(String message, Throwable cause);

    /** True when {@code t} is such a failure (made by {@link #failure}). */
    boolean isFailure(Throwable t);
}
