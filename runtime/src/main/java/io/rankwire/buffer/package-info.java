/**
 * Buffers, a leaf: {@link io.rankwire.buffer.MessageBuffer}, the public, reusable descriptor of
 * where a message's bytes are that the API's calls take; the view every operation carries
 * ({@link io.rankwire.buffer.BufView}: a byte range of an Agrona buffer, in place for
 * {@code byte[]}, {@code ByteBuffer} and Agrona buffers, staged for typed arrays), the pooled
 * staging buffers, and argument checks on ranges.
 *
 * <p>Imports only {@code spi}.
 */
package io.rankwire.buffer;
