/**
 * The engine: the lock frame around the protocols ({@link io.rankwire.core.Engine}), the
 * operations users hold ({@link io.rankwire.core.Operation}, persistent ones), waiting and
 * progress ({@code Waiter}, {@link io.rankwire.core.ProgressThread}), closing, communicator
 * context ids, and the pools of operations and buffer wrappers.
 *
 * <p>Imports {@code proto}, {@code match}, {@code spi} and the leaves {@code progress} and
 * {@code buffer}; from the API only the value types {@code Status}, {@code RankwireException},
 * {@code RankwireConfig} and {@code RankStats}, never {@code Comm}, {@code Request},
 * {@code Rankwire} or {@code LocalJob} (the API's request types are subclasses the engine makes
 * through an {@link io.rankwire.core.OperationFactory}).
 */
package io.rankwire.core;
