/**
 * The protocols of one rank, behind the facade {@link io.rankwire.proto.Protocols}: eager and
 * rendezvous sends with per-peer send queues, credit flow control and the send buffer
 * ({@code Sender}, {@code Credits}, {@code SendBuffer}), receives against the matching engine
 * ({@code Receiver}), control messages (credit returns and requests, ssend acks, FINALIZE;
 * {@code Control}), finalization, the dispatch of transport completions ({@code Dispatcher}), and
 * the wire headers ({@link io.rankwire.proto.TmHeader}, {@link io.rankwire.proto.RvHeader}). What
 * the protocols know of an operation is a {@link io.rankwire.proto.Transfer}; its outcome codes
 * are {@link io.rankwire.proto.Outcome}.
 *
 * <p>Imports {@code match}, {@code spi} and the leaf {@code buffer}; nothing above (it reports
 * outcomes on the transfers it was given, never by calling the engine).
 */
package io.rankwire.proto;
