package io.rankwire.jmh.sim;

import java.util.Properties;

import io.rankwire.RankwireConfig;

/** The benchmark configurations of the {@code sim} transport. */
final class SimSettings
{
    private SimSettings()
    {
    }

    /**
     * Inline mode; {@code offload} {@code on} keeps the NIC's default tag-matching capabilities,
     * {@code off} sets {@code rankwire.sim.maxNumTags=0}; {@code idle} is {@code rankwire.idle}.
     */
    static RankwireConfig of(final String offload, final String idle)
    {
        final RankwireConfig c = new RankwireConfig(new Properties())
            .transport("sim")
            .set("rankwire.sim.mode", "inline")
            .set(RankwireConfig.IDLE_PROP, idle);
        switch (offload)
        {
            case "on":
                return c;
            case "off":
                return c.set("rankwire.sim.maxNumTags", "0");
            default:
                throw new IllegalArgumentException("offload : " + offload + " (expected: on|off)");
        }
    }
}
