/**
 * The matching engine: the envelope codec (context, source, tag packed into a 64-bit tag), posted
 * receives in hash buckets and wildcard lists stamped with sequence numbers, the unexpected queue,
 * and the offload bookkeeping of a tag-matching NIC (its list of receives, ADD/DEL/SYNC
 * operations and the unexpected-count protocol).
 *
 * <p>Imports only {@code spi}.
 */
package io.rankwire.match;
