/**
 * The engine: the lock frame around the protocols ({@link io.rankwire.core.Engine}), the
 * operations users hold ({@link io.rankwire.core.Operation}, persistent ones), waiting and
 * progress ({@code Waiter}, {@link io.rankwire.core.ProgressThread}), closing, communicator
 * context ids, the pools of operations and buffer wrappers, and the round engine every
 * collective runs on ({@link io.rankwire.core.Rounds}: the engine's barrier and context
 * agreement, blocking, and the collectives package's schedules).
 *
 * <p>Imports {@code proto}, {@code match}, {@code spi} and the leaves {@code progress} and
 * {@code buffer}, and nothing of the API: it takes its settings as an
 * {@link io.rankwire.core.EngineSettings}, the API's request types are subclasses it makes
 * through an {@link io.rankwire.core.OperationFactory} (whose outcome, the API's status, they
 * make themselves), its counters leave as an {@link io.rankwire.core.EngineCounters} snapshot,
 * and the exception of a communication failure comes from the API's
 * {@link io.rankwire.core.Failures}.
 */
package io.rankwire.core;
