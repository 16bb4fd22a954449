/**
 * Buffers, a leaf: the view of "where the bytes are" that every operation carries
 * ({@link io.rankwire.buffer.BufView}: a byte range of an Agrona buffer, in place for
 * {@code byte[]}, {@code ByteBuffer} and Agrona buffers, staged for typed arrays), the pooled
 * staging buffers, and argument checks on ranges.
 *
 * <p>Imports only {@code spi}.
 */
package io.rankwire.buffer;
