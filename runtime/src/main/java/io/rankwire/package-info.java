/**
 * Rankwire's public API: {@link io.rankwire.Rankwire} (a rank of a job), {@link io.rankwire.Comm}
 * (communicators: point-to-point, probes, collectives), {@link io.rankwire.Request} and
 * {@link io.rankwire.PersistentRequest}, {@link io.rankwire.Status}, {@link io.rankwire.Message},
 * {@link io.rankwire.Op}, the settings ({@link io.rankwire.RankwireConfig}), the counters
 * ({@link io.rankwire.RankStats}) and {@link io.rankwire.LocalJob} for ranks as threads of one JVM.
 *
 * <p>Top layer of the runtime: it may use every package below ({@code coll}, {@code core},
 * {@code proto}, {@code match}, {@code spi} and the leaves {@code progress}, {@code buffer},
 * {@code bootstrap}, {@code settings}); only the value types {@code Status},
 * {@code RankwireException} and {@code RankStats} are used from below (by the engine, which takes
 * its settings as a {@code core.EngineSettings}). See docs/ARCHITECTURE.md.
 */
package io.rankwire;
