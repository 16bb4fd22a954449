package io.rankwire.launch;

import java.io.PrintStream;
import java.util.List;

/**
 * Open MPI options {@code rwrun} accepts so that {@code mpirun} command lines run unchanged, but
 * which have no effect here: each one given prints one warning line, and the job runs
 * ({@code --bind-to} is {@link CpuBinding}'s).
 */
final class OpenMpiOptions
{
    private OpenMpiOptions()
    {
    }

    /**
     * @param mca    {@code --mca} names and values, in pairs
     * @param mapBy  {@code --map-by}, null when not given
     */
    static void warn(final List<String> mca, final String mapBy, final PrintStream err)
    {
        for (int i = 0; i + 1 < mca.size(); i += 2)
        {
            err.println("rwrun: warning: --mca " + mca.get(i) + " " + mca.get(i + 1) + " has no effect " +
                "(Open MPI's MCA parameters do not apply; Rankwire's settings are -x rankwire.KEY=VALUE)");
        }
        if (mapBy != null)
        {
            err.println("rwrun: warning: --map-by " + mapBy + " has no effect (ranks fill each host's slots in turn)");
        }
    }
}
