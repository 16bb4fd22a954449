package io.rankwire.launch;

import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.rankwire.bootstrap.JobEnvironment;

/**
 * After the start barrier (which only ranks holding the job secret pass), prints the secret it
 * was given and whether the arguments of this process or of any process above it (up to the
 * launcher and beyond) contain it.
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
        System.out.println("rank " + env.rank() + " secret " + secret);
        System.out.println("rank " + env.rank() + " arguments-hold-secret=" + seen);
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
