package io.rankwire;

/**
 * Checks, before a rank opens anything, that the JVM lets Agrona reach
 * {@code jdk.internal.misc.Unsafe}; without it the first Agrona buffer or queue fails deep in a
 * transport with an {@code IllegalAccessError}. The flag depends on where Agrona was loaded
 * from: {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} on the class path, or
 * {@code =org.agrona} (its module name) on the module path.
 */
final class JdkAccess
{
    private static final String PACKAGE = "jdk.internal.misc";

    private static volatile boolean checked;

    private JdkAccess()
    {
    }

    /**
     * @throws IllegalStateException naming the exact JVM option to add
     */
    static void check()
    {
        if (checked)
        {
            return;
        }
        final Module agrona = org.agrona.BitUtil.class.getModule();
        if (!Object.class.getModule().isExported(PACKAGE, agrona))
        {
            throw new IllegalStateException(message(agrona));
        }
        checked = true;
    }

    /** The option Agrona's module needs, e.g. {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}. */
    static String option(final Module agrona)
    {
        return "--add-exports java.base/" + PACKAGE + "=" + (agrona.isNamed() ? agrona.getName() : "ALL-UNNAMED");
    }

    static String message(final Module agrona)
    {
        return "Rankwire needs the JVM option " + option(agrona) + " (Agrona, which Rankwire uses, reaches " +
            "jdk.internal.misc.Unsafe; Agrona was loaded from the " + (agrona.isNamed() ? "module path" : "class path") +
            "): add it to the java command line or to JDK_JAVA_OPTIONS";
    }
}
