package io.rankwire.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * Where a job's shared-memory files live, for the transport and for launchers that clean up
 * after a job. A job's directory is {@code <base>/rankwire-<user>-<job>}: {@code base} is the
 * setting {@code rankwire.shm.dir} (default {@code /dev/shm}, or {@code java.io.tmpdir} where
 * there is none), {@code user} the JVM's
 * {@code user.name} and {@code job} the job id, both reduced to {@code [A-Za-z0-9._-]} (other
 * characters become {@code _}); a job id longer than 40 characters, or one that had to be
 * changed, is shortened to its first 23 characters, {@code -} and the first 16 hex digits of its
 * SHA-256. The directory is made with mode 0700 and every file in it with 0600.
 *
 * <p>Ranks unlink their files once every rank of the host has mapped them, and the last one
 * removes the directory, so a running job normally has nothing in the file system. A rank that
 * dies during wire-up may leave files behind: a launcher removes the directory when the job ends,
 * whatever happened, with {@link #removeJob(String, String)}.
 *
 * <p>The ranks of one host ({@code io.rankwire.spi.HostIdentity}: host name, boot id, mount and
 * network namespaces, or a fake identity from {@code rankwire.hostId}) use their own directory,
 * {@code <job directory>.h<8 hex digits of the identity's SHA-256>}: "hosts" that share one
 * {@code /dev/shm} (network namespaces or containers on one machine, fake hosts in tests) never
 * create, fill or remove each other's directory.
 */
public final class ShmDirectories
{
    /** The default base directory. */
    public static final String DEFAULT_BASE = "/dev/shm";

    private static final int MAX_JOB_CHARS = 40;
    private static final int KEPT_JOB_CHARS = 23;
    private static final String HOST_SUFFIX = ".h";
    private static final int HASH_HEX = 8;
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");

    private ShmDirectories()
    {
    }

    /**
     * The job directory of {@code jobId} under {@code base} ({@code rankwire.shm.dir}; null or
     * empty means the default) for the user running this JVM.
     */
    public static Path jobDirectory(final String base, final String jobId)
    {
        return jobDirectory(base(base), jobId, System.getProperty("user.name", "user"));
    }

    /** The job directory of {@code jobId} under {@code base} for {@code user}. */
    public static Path jobDirectory(final Path base, final String jobId, final String user)
    {
        if (jobId == null || jobId.isEmpty())
        {
            throw new IllegalArgumentException("jobId : '" + jobId + "' (expected: a non-empty job id)");
        }
        return base.resolve("rankwire-" + clean(user, 32) + "-" + jobName(jobId));
    }

    /**
     * The directory of the ranks of one host inside a job: {@code hostId} is the host's identity
     * ({@code io.rankwire.spi.HostIdentity#of}), real or fake.
     */
    static Path hostDirectory(final Path jobDir, final String hostId)
    {
        return jobDir.resolveSibling(jobDir.getFileName() + HOST_SUFFIX + sha256Prefix(hostId).substring(0, HASH_HEX));
    }

    /**
     * Removes every directory of job {@code jobId} under {@code base} ({@code rankwire.shm.dir};
     * null or empty means the default) of the user running this JVM: those of its hosts, and the
     * plain job directory, with {@link #remove(Path)}. For launchers, once a job has ended.
     *
     * @throws UncheckedIOException when something could not be removed
     */
    public static void removeJob(final String base, final String jobId)
    {
        final Path jobDir = jobDirectory(base, jobId);
        remove(jobDir);
        final String prefix = jobDir.getFileName() + HOST_SUFFIX;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(jobDir.getParent(), prefix + "*"))
        {
            for (final Path d : dirs)
            {
                final String rest = d.getFileName().toString().substring(prefix.length());
                if (rest.length() == HASH_HEX && rest.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
                {
                    remove(d);
                }
            }
        }
        catch (final NoSuchFileException e)
        {
            // no base directory: nothing to remove
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot list " + jobDir.getParent(), e);
        }
    }

    /**
     * The base directory for a {@code rankwire.shm.dir} value: null or empty means
     * {@value #DEFAULT_BASE}, or {@code java.io.tmpdir} on a system without it.
     */
    static Path base(final String setting)
    {
        if (setting != null && !setting.isEmpty())
        {
            return Path.of(setting);
        }
        final Path shm = Path.of(DEFAULT_BASE);
        return Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /**
     * Removes a job directory and every file in it (files only: the transport makes no
     * subdirectories; links are removed, never followed). Nothing happens if it does not exist.
     *
     * @throws UncheckedIOException when something could not be removed
     */
    public static void remove(final Path jobDir)
    {
        try
        {
            if (!Files.isDirectory(jobDir, LinkOption.NOFOLLOW_LINKS))
            {
                return;
            }
            try (DirectoryStream<Path> files = Files.newDirectoryStream(jobDir))
            {
                for (final Path f : files)
                {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(jobDir);
        }
        catch (final NoSuchFileException e)
        {
            // removed meanwhile by a rank
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot remove " + jobDir, e);
        }
    }

    /**
     * Why {@code base} ({@code rankwire.shm.dir}) cannot hold job directories, or null when it is
     * an existing directory: a base that does not exist is refused, never created, since nothing
     * would remove it again.
     */
    static String missingBase(final Path base)
    {
        return Files.isDirectory(base) ? null :
            "rankwire-shm: rankwire.shm.dir : " + base + " (expected: an existing directory)";
    }

    /**
     * Makes the job directory (0700) unless it exists, and enters it as world rank {@code rank}:
     * creates the rank's owner file ({@link JobOwners}) before anything else of the rank. An
     * existing directory must be a directory of this user with mode 0700, not a link, so no other
     * user can place or read files in it.
     *
     * @return the owner file, for {@link #leave}
     */
    static Path enter(final Path jobDir, final int rank)
    {
        try
        {
            final String missing = missingBase(jobDir.getParent());
            if (missing != null)
            {
                throw new IllegalStateException(missing);
            }
            try
            {
                Files.createDirectory(jobDir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
            }
            catch (final FileAlreadyExistsException e)
            {
                // another rank of the job made it: checked below
            }
            final PosixFileAttributes attrs =
                Files.readAttributes(jobDir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            final String me = currentUser();
            if (!attrs.isDirectory() || !attrs.owner().getName().equals(me) ||
                !attrs.permissions().equals(EnumSet.copyOf(OWNER_ONLY_DIR)))
            {
                throw new IllegalStateException("rankwire-shm: " + jobDir + " : owner " + attrs.owner().getName() +
                    ", mode " + PosixFilePermissions.toString(attrs.permissions()) + ", directory " + attrs.isDirectory() +
                    " (expected: a directory of " + me + " with mode rwx------)");
            }
            final Path owner = jobDir.resolve(JobOwners.name(rank));
            Files.createFile(owner, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            return owner;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot create " + jobDir, e);
        }
    }

    /** Removes the rank's owner file and then the job directory if it is empty (the last rank to leave does it). */
    static void leave(final Path owner)
    {
        try
        {
            Files.deleteIfExists(owner);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot remove " + owner, e);
        }
        removeIfEmpty(owner.getParent());
    }

    /** The start of the names of this user's job directories under a base: {@code rankwire-<user>-}. */
    static String userPrefix()
    {
        return "rankwire-" + clean(System.getProperty("user.name", "user"), 32) + "-";
    }

    /** The user this process runs as: the owner of {@code /proc/self}, or {@code user.name} without /proc. */
    static String currentUser()
    {
        try
        {
            return Files.getOwner(Path.of("/proc/self")).getName();
        }
        catch (final IOException | UnsupportedOperationException e)
        {
            return System.getProperty("user.name");
        }
    }

    /** Removes the job directory if it is empty (the last rank to unlink its files does it). */
    static void removeIfEmpty(final Path jobDir)
    {
        try
        {
            Files.deleteIfExists(jobDir);
        }
        catch (final DirectoryNotEmptyException e)
        {
            // other ranks still have files in it
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("rankwire-shm: cannot remove " + jobDir, e);
        }
    }

    private static String jobName(final String jobId)
    {
        final String cleaned = clean(jobId, Integer.MAX_VALUE);
        if (cleaned.equals(jobId) && jobId.length() <= MAX_JOB_CHARS)
        {
            return jobId;
        }
        return cleaned.substring(0, Math.min(KEPT_JOB_CHARS, cleaned.length())) + "-" + sha256Prefix(jobId);
    }

    private static String clean(final String text, final int maxChars)
    {
        final StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars));
        for (int i = 0; i < text.length() && b.length() < maxChars; i++)
        {
            final char c = text.charAt(i);
            final boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '_' || c == '-';
            b.append(ok ? c : '_');
        }
        return b.length() == 0 ? "_" : b.toString();
    }

    private static String sha256Prefix(final String text)
    {
        try
        {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("SHA-256 : missing (expected: in every JDK)", e);
        }
    }
}
