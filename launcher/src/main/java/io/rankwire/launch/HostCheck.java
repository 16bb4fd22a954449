package io.rankwire.launch;

import java.util.Map;

/**
 * Before a job whose ranks all run on this host starts, asks its transport whether the host has
 * what they need ({@link io.rankwire.spi.TransportProvider#hostShortfall}: for {@code shm}, room
 * in {@code /dev/shm} for every rank's segment). A refusal is the transport's one line, and
 * {@code rwrun} exits 2 without starting a rank. The {@code auto} transport never refuses here:
 * its ranks fall back to tcp for a host shm cannot serve. Jobs on other hosts are checked by
 * their ranks at wire-up.
 */
final class HostCheck
{
    private HostCheck()
    {
    }

    /**
     * @throws SettingsPreCheck.BadSetting with the transport's refusal
     */
    static void check(final Transports.Choice transport, final Placement placement, final int size,
        final Map<String, String> settings)
    {
        if (placement.kind != Placement.Kind.LOCAL || transport.ranksShareOneJvm())
        {
            return;
        }
        final String[] refusal = {null};
        JobCleanup.eachProvider(p ->
        {
            if (refusal[0] == null && p.name().equals(transport.name()))
            {
                refusal[0] = p.hostShortfall(size, settings);
            }
        });
        if (refusal[0] != null)
        {
            throw new SettingsPreCheck.BadSetting(refusal[0], null);
        }
    }
}
