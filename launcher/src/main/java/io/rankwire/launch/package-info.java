/**
 * {@code rwrun} and the launch side of {@code mpirun}: option checks, placement of ranks (this
 * host, ssh, a Slurm step), the bootstrap service and each child's job identity, process
 * supervision and output forwarding, the JVM that hosts every rank of an in-JVM job, and the
 * class-data archive rank JVMs start from. Transports are found on the class path and chosen by
 * their capabilities, never by name. What a rank needs to join the job lives in
 * {@code io.rankwire.bootstrap}, below this package; ranks never load these classes.
 */
package io.rankwire.launch;
