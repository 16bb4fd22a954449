package io.rankwire.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;


/**
 * How the tasks of a Slurm step started without {@code rwrun} ({@code srun -n N java ... Main})
 * find each other. Rank 0 draws the job secret, starts the bootstrap service in its own JVM and
 * publishes {@code host:port} and the secret in a file readable by its owner only,
 * {@code $RANKWIRE_RENDEZVOUS_DIR/rankwire-<user>-<jobid>.<stepid>/bootstrap} (default directory
 * {@code java.io.tmpdir}); the other ranks wait for that file, check that it is private to their
 * user, read it and connect. The directory must be shared by the step's nodes when it spans
 * more than one. Rank 0 removes it when its JVM exits.
 */
final class SlurmRendezvous
{
    /** Where the rendezvous file goes; must be on a file system shared by the step's nodes. */
    static final String DIR = "RANKWIRE_RENDEZVOUS_DIR";
    static final String FILE = "bootstrap";
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final int SECRET_BYTES = 32;

    private SlurmRendezvous()
    {
    }

    /** The directory of this step's rendezvous. */
    static Path directory(final Map<String, String> env)
    {
        final String base = env.getOrDefault(DIR, "");
        return Path.of(base.isEmpty() ? System.getProperty("java.io.tmpdir") : base)
            .resolve("rankwire-" + System.getProperty("user.name") + "-" + SlurmEnvironment.stepKey(env));
    }

    /** Joins the step's job: as rank 0 starts and publishes the service, else waits for it. */
    static JobEnvironment join(final Map<String, String> env, final Properties properties, final Duration wait)
    {
        final int size = SlurmEnvironment.size(env);
        final int rank = SlurmEnvironment.rank(env);
        if (rank >= size)
        {
            throw new IllegalStateException(SlurmEnvironment.PROCID + " : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        final boolean oneNode = SlurmEnvironment.nodes(env) == 1;
        final Map<String, String> settings =
            new TreeMap<>(Settings.decode(env.getOrDefault(JobVariables.SETTINGS, "")));
        final String bind = env.getOrDefault(JobVariables.BIND, "");
        final String listen = !bind.isEmpty() ? bind : oneNode ? "127.0.0.1" : "0.0.0.0";
        settings.put(JobVariables.BIND_SETTING, listen);
        settings.putIfAbsent(JobVariables.TCP_BIND_SETTING, listen);
        settings.putAll(Settings.fromProperties(properties));

        final Path dir = directory(env);
        final String[] published = rank == 0 ? publish(dir, size, listen) : await(dir, wait);
        final InetSocketAddress address = BootstrapAddress.parse(JobVariables.BOOTSTRAP, published[0]);
        final byte[] secret = JobIdentity.secretFromHex(published[1]);
        final String transport = env.getOrDefault(JobVariables.TRANSPORT, "");
        final JobIdentity identity = new JobIdentity(rank, size, "slurm-" + SlurmEnvironment.stepKey(env), secret,
            transport.isEmpty() ? JobSettings.TRANSPORT.defaultValue() : transport, address, settings);
        return new JobEnvironment(identity,
            job -> BootstrapClient.connect(job.bootstrap(), job.secretView(), job.rank(), job.size(), wait)
                .hostedBy(0));
    }

    private static String[] publish(final Path dir, final int size, final String listen)
    {
        final byte[] secret = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        final BootstrapServer server;
        try
        {
            server = BootstrapServer.start(InetAddress.getByName(listen), size, secret);
        }
        catch (final UnknownHostException e)
        {
            throw new IllegalStateException(JobVariables.BIND + " : '" + listen + "' (expected: an address)", e);
        }
        final String address = BootstrapAddress.format(advertised(server.address()));
        final String text = address + "\n" + HexFormat.of().formatHex(secret) + "\n";
        try
        {
            createPrivateDirectory(dir);
            final Path tmp = dir.resolve(FILE + ".tmp");
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            moveInPlace(tmp, dir.resolve(FILE));
        }
        catch (final IOException e)
        {
            server.close();
            throw new UncheckedIOException("cannot publish the bootstrap service in " + dir + ": " + e.getMessage() +
                " (set " + DIR + " to a writable directory shared by the step's nodes)", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> remove(dir), "rankwire-rendezvous-cleanup"));
        return new String[] {address, HexFormat.of().formatHex(secret)};
    }

    private static String[] await(final Path dir, final Duration wait)
    {
        final Path file = dir.resolve(FILE);
        final long deadline = System.nanoTime() + wait.toNanos();
        while (true)
        {
            try
            {
                checkPrivate(dir, OWNER_ONLY_DIR);
                checkPrivate(file, OWNER_ONLY_FILE);
                final String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n");
                if (lines.length >= 2)
                {
                    return new String[] {lines[0].trim(), lines[1].trim()};
                }
            }
            catch (final NoSuchFileException e)
            {
                // rank 0 has not published yet
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException("timed out after " + Durations.format(wait) + " waiting for rank 0 " +
                    "to publish the bootstrap service in " + file + " (is " + DIR + " shared by the step's nodes?)");
            }
            sleep();
        }
    }

    private static void createPrivateDirectory(final Path dir) throws IOException
    {
        try
        {
            Files.createDirectories(dir.getParent());
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
        }
        catch (final FileAlreadyExistsException e)
        {
            // left by an earlier run of the same step id (a requeued job): reuse it if it is ours
        }
        checkPrivate(dir, OWNER_ONLY_DIR);
    }

    /** Refuses a file or directory that is not owned by this user or that others may access. */
    static void checkPrivate(final Path path, final Set<PosixFilePermission> expected) throws IOException
    {
        final String owner = Files.getOwner(path).getName();
        final Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
        if (!owner.equals(System.getProperty("user.name")) || !expected.containsAll(perms))
        {
            throw new IllegalStateException(path + " : owner " + owner + ", mode " +
                PosixFilePermissions.toString(perms) + " (expected: owner " + System.getProperty("user.name") +
                ", mode " + PosixFilePermissions.toString(expected) + ")");
        }
    }

    private static void moveInPlace(final Path from, final Path to) throws IOException
    {
        try
        {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (final AtomicMoveNotSupportedException e)
        {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void remove(final Path dir)
    {
        try
        {
            Files.deleteIfExists(dir.resolve(FILE));
            Files.deleteIfExists(dir);
        }
        catch (final IOException ignored)
        {
            // a leftover directory is reused or replaced by the next step with the same id
        }
    }

    /** A wildcard listen address is advertised as this host's name, which the other nodes resolve. */
    private static InetSocketAddress advertised(final InetSocketAddress listening)
    {
        if (!listening.getAddress().isAnyLocalAddress())
        {
            return listening;
        }
        try
        {
            return new InetSocketAddress(InetAddress.getLocalHost(), listening.getPort());
        }
        catch (final UnknownHostException e)
        {
            throw new IllegalStateException("cannot name this host to publish the bootstrap service; set " +
                JobVariables.BIND, e);
        }
    }

    private static void sleep()
    {
        try
        {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for rank 0's bootstrap service", e);
        }
    }
}
