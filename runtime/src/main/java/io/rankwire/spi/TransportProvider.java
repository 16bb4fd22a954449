package io.rankwire.spi;

import java.util.List;
import java.util.Map;

import io.rankwire.settings.Setting;

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
    default void cleanUp(final String jobId, final Map<String, String> settings)
    {
    }

    /**
     * Whether this host has what {@code ranksOnHost} ranks of a job over this transport need,
     * with these {@code rankwire.*} settings (the shared-memory transport: room in its file
     * system for every rank's segment), checked without opening anything. The {@code auto}
     * transport asks it once per host before its ranks choose, and falls back to another
     * transport for that host when it refuses; a launcher asks it for the ranks it starts on its
     * own host and refuses the job. Must be cheap. The default: every host has what it needs.
     *
     * @return null when the host has it, else one line naming what is missing, how much there is,
     *         how much the ranks need and the settings that lower the need
     */
    default String hostShortfall(final int ranksOnHost, final Map<String, String> settings)
    {
        return null;
    }

    /**
     * Removes what jobs of this user that are no longer running (every process of theirs has
     * ended) left on this host, whatever job they were, e.g. the shared-memory files of a job
     * killed during wire-up: for {@code rwrun --clean}. Must never touch a running job's or
     * another user's files. The default removes nothing.
     *
     * @return one line per thing removed, saying what it was
     */
    default List<String> sweep(final Map<String, String> settings)
    {
        return List.of();
    }

    /**
     * The settings this transport reads, each declared once as a {@link Setting} (key, default,
     * range, meaning) that the transport also reads its value through; all under
     * {@code rankwire.<name()>.}. {@code Rankwire.init} and launchers check a job's values against
     * them, refuse a key under that prefix that is not listed (suggesting the nearest listed one),
     * and {@code rwrun --settings} lists them. Settings that no longer exist may be listed as
     * {@link Setting#removed} to refuse them with the reason. The default, an empty list, declares
     * nothing: keys under the prefix are then passed to the transport unchecked. Must be cheap and
     * open nothing.
     *
     * @return this transport's settings, in the order a listing shows them
     */
    default List<Setting<?>> settings()
    {
        return List.of();
    }

    /**
     * Checks the values of this transport's settings among {@code settings} (which may hold other
     * keys too) the way {@link #open} would, without opening anything; called by
     * {@code Rankwire.init} and by launchers before any rank starts, after each value was checked
     * alone against its {@link #settings()} descriptor: for what one setting's range owes to
     * another's (an eager limit that must fit the largest frame). The default checks nothing.
     *
     * @throws IllegalArgumentException naming the first bad key, its value and what is expected,
     *                                  e.g. {@code rankwire.tcp.port : 70000 (expected: 0..65535)}
     */
    default void validateSettings(final Map<String, String> settings)
    {
    }
}
