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

    /** {@code rankwire.tcp.busyPoll} and {@code rankwire.idle} as given; everything else default. */
    static Map<String, String> of(final String busyPoll, final String idle)
    {
        return of(busyPoll, idle, "false");
    }

    /** The same plus {@code rankwire.tcp.engineIo} (engine-thread I/O). */
    static Map<String, String> of(final String busyPoll, final String idle, final String engineIo)
    {
        if (!"true".equals(engineIo) && !"false".equals(engineIo))
        {
            throw new IllegalArgumentException("engineIo : " + engineIo + " (expected: true|false)");
        }
        if (!"true".equals(busyPoll) && !"false".equals(busyPoll))
        {
            throw new IllegalArgumentException("busyPoll : " + busyPoll + " (expected: true|false)");
        }
        final Map<String, String> m = new HashMap<>();
        m.put("rankwire.tcp.busyPoll", busyPoll);
        m.put(RankwireConfig.IDLE_PROP, idle);
        m.put("rankwire.tcp.engineIo", engineIo);
        return m;
    }
}
