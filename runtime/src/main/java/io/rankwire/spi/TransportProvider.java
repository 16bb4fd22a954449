package io.rankwire.spi;

/**
 * Entry point of a transport module, found with {@link java.util.ServiceLoader} and chosen by
 * {@link #name()} ({@code sim}, {@code tcp}). Register an implementation in
 * {@code META-INF/services/io.rankwire.spi.TransportProvider}.
 * <p>
 * Launchers never decide by a transport's name: they ask its provider for its capabilities
 * ({@link #ranksShareOneJvm()}), so a transport they have never heard of works without changes.
 */
public interface TransportProvider
{
    /** The name users select the transport by, e.g. {@code "tcp"}. */
    String name();

    /**
     * Opens the transport for one rank. The transport may start I/O threads; it must not
     * block waiting for peers here (peers are reached in {@link Transport#wireUp()}).
     */
    Transport open(TransportContext context);

    /**
     * Whether the ranks of a job over this transport must all live in one JVM, because it
     * connects only ranks that share the JVM's memory (as {@code sim}'s simulated fabric does).
     * A launcher then starts one JVM that runs every rank as a thread in its own class loader,
     * and refuses to place ranks on other hosts. The default, {@code false}, means the transport
     * connects ranks in separate JVMs: the launcher starts one JVM per rank, on this host, over
     * ssh or through Slurm. Answering must be cheap and must not open anything.
     *
     * @return true if every rank of a job must run in the same JVM
     */
    default boolean ranksShareOneJvm()
    {
        return false;
    }

    /**
     * Removes whatever a job of this transport may have left on this host when its ranks died
     * (e.g. shared-memory files of a rank killed during wire-up). A launcher calls it once the job
     * has ended, whatever happened, with the job's id and {@code rankwire.*} settings. Must not fail
     * when there is nothing to remove; must not touch another job's or another user's files.
     * Optional: the default does nothing.
     */
    default void cleanUp(final String jobId, final java.util.Map<String, String> settings)
    {
    }
}
