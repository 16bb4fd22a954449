package io.rankwire.launch;

/** Describes a child's exit value the way a user reads it. */
final class ExitStatus
{
    private static final String[] SIGNALS = {
        null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL",
        "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM"};

    private ExitStatus()
    {
    }

    /**
     * {@code exit code 3}, or {@code exit code 137 (killed by signal 9, SIGKILL)}: on Unix the JDK
     * reports a child killed by signal {@code s} as exit value {@code 128 + s}.
     */
    static String describe(final int exitValue)
    {
        final int signal = exitValue - 128;
        if (signal > 0 && signal < SIGNALS.length)
        {
            return "exit code " + exitValue + " (killed by signal " + signal + ", " + SIGNALS[signal] + ")";
        }
        return "exit code " + exitValue;
    }
}
