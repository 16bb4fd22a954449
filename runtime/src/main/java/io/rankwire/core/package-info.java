/**
 * The engine: the lock frame around the protocols ({@link io.rankwire.core.Engine}), the
 * operations users hold ({@link io.rankwire.core.Operation}, persistent ones), waiting and
 * progress ({@code Waiter}, {@link io.rankwire.core.ProgressThread}), closing, communicator
 * context ids, the pools of operations and buffer wrappers, and the round engine every
 * collective runs on ({@link io.rankwire.core.Rounds}: the engine's barrier and context
 * agreement, blocking, and the collectives package's schedules).
 *
 * <p>Imports {@code proto}, {@code match}, {@code spi} and the leaves {@code progress} and
 * {@code buffer}; from the API only the value types {@code Status}, {@code RankwireException}
 * and {@code RankStats}, never {@code RankwireConfig} (the engine takes its settings as an
 * {@link io.rankwire.core.EngineSettings}), {@code Comm}, {@code Request},
 * {@code Rankwire} or {@code LocalJob} (the API's request types are subclasses the engine makes
 * through an {@link io.rankwire.core.OperationFactory}).
 */
package io.rankwire.core;
