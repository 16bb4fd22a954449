package io.rankwire.launch;

import java.nio.file.Path;

/**
 * How the launcher runs a job, beyond what its ranks need to know.
 *
 * @param command        how the launcher was called ({@code rwrun}, {@code mpirun}): its messages start with it
 * @param quiet          {@code -q}: no warnings or notes
 * @param reportBindings {@code --report-bindings}: one line per rank naming its CPU binding
 * @param workDir        {@code --wdir}: the ranks' working directory; null for the launcher's
 * @param outputFiles    {@code --output-filename}: where each rank's output is also written; null for nowhere
 * @param timeoutSource  what set the job's time limit ({@code --timeout} or {@code MPIEXEC_TIMEOUT}), for the message
 */
record RunOptions(
    String command, boolean quiet, boolean reportBindings, Path workDir, OutputFiles outputFiles, String timeoutSource)
{
    /** rwrun's behaviour without any of these options. */
    static RunOptions defaults()
    {
        return new RunOptions("rwrun", false, false, null, null, "--timeout");
    }
}
