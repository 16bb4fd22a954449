package io.rankwire.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * {@code rwrun -np 4 ... Ring} on one host: without {@code --transport} (and without
 * {@code RANKWIRE_TRANSPORT}) the ranks reach each other over shared memory; {@code --transport tcp}
 * still runs it over TCP.
 */
class DefaultTransportTest
{
    private static Map<String, String> withoutTransportVariable()
    {
        final Map<String, String> env = new TreeMap<>(System.getenv());
        env.remove("RANKWIRE_TRANSPORT");
        return env;
    }

    @Test
    void shouldRunTheRingOverSharedMemoryByDefault()
    {
        final Launch.Result r = Launch.run(withoutTransportVariable(), List.of(), null, 4, Ring.class);
        assertEquals(0, r.code, r::toString);
        r.line(0, "Ring OK: 4 ranks, 1 lap\\(s\\), sum=6");
        r.line(0, "Ring path: rank 0 reaches rank 1 over shm");
    }

    @Test
    void shouldRunTheRingOverTcpWhenAskedTo()
    {
        final Launch.Result r = Launch.run(withoutTransportVariable(), List.of(), "tcp", 4, Ring.class);
        assertEquals(0, r.code, r::toString);
        r.line(0, "Ring OK: 4 ranks, 1 lap\\(s\\), sum=6");
        r.line(0, "Ring path: rank 0 reaches rank 1 over tcp");
    }

    @Test
    void shouldTakeTheTransportFromTheEnvironmentUnlessTheOptionSaysOtherwise()
    {
        final Map<String, String> env = withoutTransportVariable();
        env.put("RANKWIRE_TRANSPORT", "tcp");
        final Launch.Result fromEnv = Launch.run(env, List.of(), null, 2, Ring.class);
        assertEquals(0, fromEnv.code, fromEnv::toString);
        fromEnv.line(0, "Ring path: rank 0 reaches rank 1 over tcp");
        final Launch.Result fromOption = Launch.run(env, List.of(), "shm", 2, Ring.class);
        assertEquals(0, fromOption.code, fromOption::toString);
        fromOption.line(0, "Ring path: rank 0 reaches rank 1 over shm");
    }
}
