package io.rankwire.spi;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import io.rankwire.settings.Setting;

/**
 * Which host a rank runs on, the one definition every transport and the transport selection use:
 * ranks with equal identities share memory. The identity is the host name, the kernel's boot id
 * and the process's mount and network namespaces ({@code name/boot-id/mnt:[i]/net:[j]}), so two
 * machines with one name, or one machine before and after a reboot, never look alike, and
 * containers or network namespaces on one machine (the namespace test bed of {@code .ci/}) count
 * as hosts of their own.
 *
 * <p>The setting {@value #SETTING} replaces it, for tests and containers, so that one machine
 * can stand for several hosts: one name (this rank's host), a comma-separated list of one name
 * per rank ({@code a,a,b,b}: ranks 0 and 1 on host {@code a}, 2 and 3 on {@code b}), or
 * {@code @K}: hosts of K consecutive ranks ({@code @2} on 4 ranks is {@code h0,h0,h1,h1}).
 * Names are 1..64 characters of {@code [A-Za-z0-9._:-]}. Ranks given the same fake name must in
 * fact share memory.
 *
 * <p>Ranks publish their identity under the bootstrap key {@value #KEY}; publishing again puts the
 * same value.
 */
public final class HostIdentity
{
    /** The setting that overrides the identity. */
    public static final String SETTING = "rankwire.hostId";
    /** The setting's descriptor; its form is checked alone, the number of names against the job ({@link #check}). */
    public static final Setting<String> HOST_ID = Setting.text(SETTING, null,
        "one host name, one name per rank (comma-separated), or @K (hosts of K consecutive ranks, K >= 1); " +
            "names of 1..64 characters of [A-Za-z0-9._:-]",
        HostIdentity::wellFormed, "a fake host identity: ranks given the same name share memory (tests, containers)")
        .withDefault("this host's name, boot id and namespaces");
    /** The bootstrap key a rank publishes its identity under. */
    public static final String KEY = "rankwire.host";

    private static final int MAX_NAME = 64;
    private static final String FAKE_PREFIX = "fake:";

    private HostIdentity()
    {
    }

    /**
     * This rank's identity: from {@value #SETTING} when it is set, else the host name and boot id.
     *
     * @throws IllegalArgumentException naming the setting's value and what was expected
     */
    public static String of(final TransportContext context)
    {
        final String fake = overridden(context);
        return fake != null ? fake : real();
    }

    /** The fake identity {@value #SETTING} gives this rank, or null when it is not set. */
    public static String overridden(final TransportContext context)
    {
        final String value = HOST_ID.read(context.settings());
        if (value == null)
        {
            return null;
        }
        check(value, context.size());
        final String v = value.trim();
        if (v.startsWith("@"))
        {
            return FAKE_PREFIX + "h" + context.rank() / Integer.parseInt(v.substring(1));
        }
        final String[] names = v.split(",", -1);
        return FAKE_PREFIX + (names.length == 1 ? names[0] : names[context.rank()]).trim();
    }

    /**
     * Checks a well-formed {@value #SETTING} value against a job of {@code size} ranks: one name,
     * {@code @K}, or one name per rank.
     *
     * @throws IllegalArgumentException naming the setting, its value and what was expected
     */
    public static void check(final String value, final int size)
    {
        final String v = value.trim();
        if (!v.startsWith("@") && v.split(",", -1).length != 1 && v.split(",", -1).length != size)
        {
            throw HOST_ID.refuse(value, "one host name, " + size + " comma-separated names (one per rank), or @K " +
                "(hosts of K consecutive ranks, K >= 1)");
        }
    }

    /** One name, names separated by commas, or {@code @K} with K >= 1. */
    private static boolean wellFormed(final String value)
    {
        if (value.startsWith("@"))
        {
            final String k = value.substring(1);
            return !k.isEmpty() && k.length() < 10 && k.chars().allMatch(c -> c >= '0' && c <= '9') && Integer.parseInt(k) >= 1;
        }
        return Arrays.stream(value.split(",", -1)).map(String::trim).allMatch(
            name -> !name.isEmpty() && name.length() <= MAX_NAME && name.chars().allMatch(HostIdentity::nameChar));
    }

    /**
     * Publishes this rank's identity and reads those of {@code ranks} (world ranks).
     *
     * @return the identity of each rank of {@code ranks}, in that order
     */
    public static String[] exchange(final TransportContext context, final int[] ranks, final Duration timeout)
    {
        final String mine = of(context);
        final Bootstrap bootstrap = context.bootstrap();
        bootstrap.put(KEY, mine.getBytes(StandardCharsets.UTF_8));
        final String[] ids = new String[ranks.length];
        for (int i = 0; i < ranks.length; i++)
        {
            ids[i] = ranks[i] == context.rank() ? mine :
                new String(bootstrap.get(ranks[i], KEY, timeout), StandardCharsets.UTF_8);
        }
        return ids;
    }

    /** The host name and boot id of the machine this JVM runs on. */
    public static String real()
    {
        String name = read("/proc/sys/kernel/hostname");
        if (name.isEmpty())
        {
            try
            {
                name = InetAddress.getLocalHost().getHostName();
            }
            catch (final IOException e)
            {
                name = "localhost";
            }
        }
        return name + "/" + read("/proc/sys/kernel/random/boot_id") + namespace("mnt") + namespace("net");
    }

    /**
     * The process's Linux namespace of {@code kind} ({@code /mnt:[4026531841]}), or "" where there
     * is none: processes in different mount namespaces may see different {@code /dev/shm}
     * (containers), and ranks in different network namespaces are treated as different hosts.
     */
    private static String namespace(final String kind)
    {
        try
        {
            return "/" + Files.readSymbolicLink(Path.of("/proc/self/ns/" + kind));
        }
        catch (final IOException | UnsupportedOperationException | SecurityException e)
        {
            return "";
        }
    }

    private static boolean nameChar(final int c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '.' || c == '_' || c == '-' || c == ':';
    }

    private static String read(final String file)
    {
        try
        {
            return Files.readString(Path.of(file)).trim();
        }
        catch (final IOException | RuntimeException e)
        {
            return "";
        }
    }
}
