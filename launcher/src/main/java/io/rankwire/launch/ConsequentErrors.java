package io.rankwire.launch;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Shortens a rank's stack trace to its first line when the exception only reports another
 * rank's failure ({@code PEER_FAILED}, {@code PEER_FINALIZED}, a lost connection, a rank that
 * ended without closing or aborted the job): when one rank fails, every rank waiting on it
 * fails in turn, and the failure summary names the cause once, as Open MPI's does. Fed a rank's
 * stderr line by line ({@link #keep}); a stack trace of any other exception is kept whole.
 */
final class ConsequentErrors
{
    /** The first line of an uncaught exception's report that follows from another rank's failure. */
    private static final Pattern CONSEQUENT = Pattern.compile(
        "(Exception in thread \".*\" )?[\\w.$]+(Exception|Error)(: .*)?" +
        "(PEER_FAILED|PEER_FINALIZED|lost (its|the) connection|ended without closing|aborted the job|rank \\d+ failed)" +
        ".*");
    /** The lines of a stack trace after its first. */
    private static final Pattern TRACE = Pattern.compile(
        "\\s+at .*|\\s*\\.\\.\\. \\d+ more|\\s*Caused by: .*|\\s*Suppressed: .*|\\s+\\.\\.\\. \\d+ common frames omitted");

    private boolean skipping;

    /** Whether a rank's first lines of stderr (not empty) start with a report of another rank's failure. */
    static boolean reports(final List<String> firstLines)
    {
        return !firstLines.isEmpty() && CONSEQUENT.matcher(firstLines.get(0)).matches();
    }

    /** Whether {@code line} (without its line break) is printed. */
    boolean keep(final String line)
    {
        if (skipping && TRACE.matcher(line).matches())
        {
            return false;
        }
        skipping = CONSEQUENT.matcher(line).matches();
        return true;
    }
}
