package io.rankwire.jmh.tcp;

import java.util.HashMap;
import java.util.Map;

import io.rankwire.RankwireConfig;

/** The settings both ranks of a TCP benchmark run with. */
final class TcpBenchSettings
{
    private TcpBenchSettings()
    {
    }

    /** {@code rankwire.idle} as given; everything else default. */
    static Map<String, String> of(final String idle)
    {
        return of(idle, "false");
    }

    /** The same plus {@code rankwire.tcp.tls}. */
    static Map<String, String> of(final String idle, final String tls)
    {
        if (!"true".equals(tls) && !"false".equals(tls))
        {
            throw new IllegalArgumentException("tls : " + tls + " (expected: true|false)");
        }
        final Map<String, String> m = new HashMap<>();
        m.put(RankwireConfig.IDLE_PROP, idle);
        m.put("rankwire.tcp.tls", tls);
        return m;
    }
}
