package io.rankwire.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * After the start barrier (which only ranks holding the job secret pass), prints the secret it
 * was given, whether the arguments of this process or of any process above it (up to the
 * launcher and beyond) contain it, and which processes of this host have it in their command
 * line ({@code /proc/PID/cmdline}, which every user can read): the launcher, ssh clients and
 * servers, remote shells and their watchers, every rank. A second barrier keeps every process of
 * the job alive until all ranks have looked.
 */
final class SecretMain
{
    private static final Pattern SECRET_LINE = Pattern.compile("(?m)^(?:\\[\\d+] )?rank (\\d+) secret ([0-9a-f]+)$");

    private SecretMain()
    {
    }

    public static void main(final String[] args)
    {
        final JobEnvironment env = JobEnvironment.current().orElseThrow();
        env.bootstrap().barrier(ExchangeMain.WAIT);
        final String secret = HexFormat.of().formatHex(env.secret());
        boolean seen = false;
        for (Optional<ProcessHandle> p = Optional.of(ProcessHandle.current()); p.isPresent(); p = p.get().parent())
        {
            seen |= p.get().info().arguments().map(a -> String.join(" ", a)).orElse("").contains(secret);
        }
        final List<String> holders = commandLinesHolding(secret);
        env.bootstrap().barrier(ExchangeMain.WAIT);
        System.out.println("rank " + env.rank() + " secret " + secret);
        System.out.println("rank " + env.rank() + " arguments-hold-secret=" + seen);
        System.out.println("rank " + env.rank() + " processes-holding-secret=" + holders);
    }

    /** Every process of this host whose command line holds {@code hex} (either case), as "pid: command line". */
    static List<String> commandLinesHolding(final String hex)
    {
        final List<String> holders = new ArrayList<>();
        try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*"))
        {
            for (final Path pid : proc)
            {
                final String line = commandLine(pid);
                if (line.toLowerCase(Locale.ROOT).contains(hex.toLowerCase(Locale.ROOT)))
                {
                    holders.add(pid.getFileName() + ": " + line);
                }
            }
        }
        catch (final IOException e)
        {
            throw new IllegalStateException("cannot list /proc: " + e, e);
        }
        return holders;
    }

    private static String commandLine(final Path pid)
    {
        try
        {
            return new String(Files.readAllBytes(pid.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        }
        catch (final IOException e)
        {
            return ""; // the process ended meanwhile
        }
    }

    /** The secret rank {@code rank} printed; an assertion error if it printed none. */
    static String secretOf(final LaunchFixture.Result r, final int rank)
    {
        final Matcher m = SECRET_LINE.matcher(r.out);
        while (m.find())
        {
            if (Integer.parseInt(m.group(1)) == rank)
            {
                return m.group(2);
            }
        }
        throw new AssertionError("rank " + rank + " printed no secret\n" + r);
    }
}
