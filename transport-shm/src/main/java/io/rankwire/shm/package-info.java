/**
 * The shared-memory transport ({@code shm}) for ranks of one host: per-job files under
 * {@code /dev/shm} holding each rank's receive rings, staging slots and region table, a shared
 * heap for single-copy rendezvous, doorbell sockets for sleeping ranks, and liveness checks.
 * Only {@link io.rankwire.shm.ShmTransportProvider} and {@link io.rankwire.shm.ShmDirectories}
 * are public.
 */
package io.rankwire.shm;
