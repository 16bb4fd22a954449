/**
 * What a rank needs to join a job: its {@link io.rankwire.bootstrap.JobIdentity} (rank, size,
 * job id, secret, transport, bootstrap address, settings) read from the environment a launcher
 * or Slurm sets ({@link io.rankwire.bootstrap.JobEnvironment}), the bootstrap service's client,
 * server and wire protocol, the rendezvous of a Slurm step started without {@code rwrun}, and
 * the in-memory bootstrap of jobs whose ranks are threads of one JVM. The launcher
 * ({@code io.rankwire.launch}, module {@code launcher}) sits on top of this package;
 * nothing here depends on it.
 */
package io.rankwire.bootstrap;
