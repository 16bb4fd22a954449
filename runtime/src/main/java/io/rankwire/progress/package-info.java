/**
 * Progress machinery, a leaf: the engine lock (CAS-free when confined to one thread), the idle
 * strategies of waiting threads (spin, yield, then block in the transport's kernel wait or park),
 * the wake-up that ends a block early, and a per-thread cache.
 *
 * <p>Imports only {@code spi} (a wake-up can wait in the transport).
 */
package io.rankwire.progress;
