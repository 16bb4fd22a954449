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
     * Other {@code rankwire.sim.*} settings come from the forked JVM's system properties
     * ({@code -jvmArgsAppend -Drankwire.sim.cqeInlineBytes=0}), so a run can compare NIC settings.
     */
    static RankwireConfig of(final String offload, final String idle)
    {
        RankwireConfig c = new RankwireConfig(new Properties())
            .transport("sim")
            .set("rankwire.sim.mode", "inline")
            .set(RankwireConfig.IDLE_PROP, idle);
        for (final String name : System.getProperties().stringPropertyNames())
        {
            if (name.startsWith("rankwire.sim.") && !name.equals("rankwire.sim.mode"))
            {
                c = c.set(name, System.getProperty(name));
            }
        }
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
