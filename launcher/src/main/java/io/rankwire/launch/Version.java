package io.rankwire.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Rankwire's version, as {@code rwrun --version}, {@code mpirun --version} and
 * {@code mpijavac --version} print it: the {@code Implementation-Version} of the launcher's own
 * jar manifest, else (classes run from a build directory, or a jar without a manifest) the
 * {@code version.properties} the build writes beside this class, else {@code unknown}.
 */
public final class Version
{
    private static final String RESOURCE = "version.properties";
    private static final String UNKNOWN = "unknown";

    private Version()
    {
    }

    /** The version, e.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} when neither source has it. */
    public static String rankwire()
    {
        final Package p = Version.class.getPackage();
        final String fromManifest = p == null ? null : p.getImplementationVersion();
        if (fromManifest != null && !fromManifest.isBlank())
        {
            return fromManifest.trim();
        }
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE))
        {
            if (in != null)
            {
                final Properties props = new Properties();
                props.load(in);
                final String v = props.getProperty("version", "").trim();
                if (!v.isEmpty() && !v.startsWith("${"))
                {
                    return v;
                }
            }
        }
        catch (final IOException e)
        {
            // fall through: the version is unknown
        }
        return UNKNOWN;
    }

    /**
     * The lines a program prints for {@code --version}: {@code <program> (Rankwire) <version>},
     * then the Java runtime it runs on.
     */
    public static String[] lines(final String program)
    {
        return new String[] {
            program + " (Rankwire) " + rankwire(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", " +
                System.getProperty("java.home") + ")"};
    }

    /** Prints {@link #lines} for the program named by the first argument (default {@code rwrun}). */
    public static void main(final String[] args)
    {
        for (final String line : lines(args.length > 0 ? args[0] : "rwrun"))
        {
            System.out.println(line);
        }
    }
}
