/**
 * Collective operations (barrier, broadcast, reductions, gathers, scans, all-to-all) built on the
 * engine's point-to-point operations over a communicator's internal context, with the
 * algorithms chosen by size and group (binomial trees, recursive doubling, Rabenseifner, rings,
 * pipelines) and the reduction kernels per element type.
 *
 * <p>Below the API, above the engine: imports {@code core}, {@code proto}, {@code match},
 * {@code buffer} and {@code spi}, never the API ({@code Op} comes in as a {@link
 * io.rankwire.coll.Reduction}).
 */
package io.rankwire.coll;
