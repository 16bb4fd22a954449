/**
 * Settings as data: a {@link io.rankwire.settings.Setting} describes one {@code rankwire.*} key
 * (type, default, range, meaning) and is the one reader of its value, for the runtime and every
 * transport alike. Each module declares its settings once, next to the code that reads them; the
 * transports hand theirs out through {@code TransportProvider.settings()}, so that
 * {@code io.rankwire.SettingsCheck} knows every key, checks a job's settings before anything
 * starts, and {@code rwrun --settings} lists them (docs/SETTINGS.md).
 *
 * <p>A leaf: imports nothing of Rankwire.
 */
package io.rankwire.settings;
