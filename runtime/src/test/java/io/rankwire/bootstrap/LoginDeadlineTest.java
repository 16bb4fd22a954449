package io.rankwire.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import io.rankwire.spi.BootstrapException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A rank's login to the bootstrap service (connect and authenticate, retries included) is bounded
 * by {@code rankwire.bootstrapTimeout}, generous by default; when it passes, the error names the
 * rank and the setting.
 */
@Timeout(30)
class LoginDeadlineTest
{
    private static Map<String, String> rank(final int port, final String settings)
    {
        final Map<String, String> env = new TreeMap<>();
        env.put(JobVariables.RANK, "1");
        env.put(JobVariables.SIZE, "2");
        env.put(JobVariables.JOB_ID, "job-login");
        env.put(JobVariables.SECRET, "00ff10ab0102030405060708090a0b0c");
        env.put(JobVariables.BOOTSTRAP, "127.0.0.1:" + port);
        env.put(JobVariables.SETTINGS, settings);
        return env;
    }

    @Test
    void shouldBeGenerousByDefaultAndTakeTheSettingOrAProperty()
    {
        assertEquals(Duration.ofSeconds(60), EnvironmentParser.loginTimeout(Map.of()));
        assertEquals(Duration.ofMillis(1500), EnvironmentParser.loginTimeout(Map.of("rankwire.bootstrapTimeout", "1500")));
        assertEquals(Duration.ofSeconds(90), EnvironmentParser.loginTimeout(Map.of("rankwire.bootstrapTimeout", "90s")));
        assertEquals("rankwire.bootstrapTimeout : 0 (expected: a duration 1ms..24h, a bare number in ms)",
            assertThrows(IllegalArgumentException.class,
                () -> EnvironmentParser.loginTimeout(Map.of("rankwire.bootstrapTimeout", "0"))).getMessage());
    }

    @Test
    void expiryShouldNameTheRankAndTheSetting() throws Exception
    {
        // a service that accepts and never answers: a stalled launcher on an overloaded host
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()))
        {
            final List<Socket> held = new ArrayList<>();
            final Thread acceptor = new Thread(() ->
            {
                try
                {
                    while (true)
                    {
                        held.add(silent.accept());
                    }
                }
                catch (final java.io.IOException e)
                {
                    // closed
                }
            });
            acceptor.start();
            final Properties props = new Properties();
            props.setProperty("rankwire.bootstrapTimeout", "700"); // a system property wins over the launcher's 90000
            final JobEnvironment env = EnvironmentParser.parse(
                rank(silent.getLocalPort(), "rankwire.bootstrapTimeout=90000\n"), props).orElseThrow();
            final BootstrapException e = assertThrows(BootstrapException.class, env::bootstrap);
            assertTrue(e.getMessage().startsWith("bootstrap service 127.0.0.1:" + silent.getLocalPort() +
                ": rank 1 could not log in within 700ms (setting rankwire.bootstrapTimeout; "), e.getMessage());
            silent.close();
            acceptor.join();
            for (final Socket s : held)
            {
                s.close();
            }
        }
    }

    @Test
    void rankShouldJoinWithTheSettingGiven()
    {
        final BootstrapServer server = BootstrapServer.start(InetAddress.getLoopbackAddress(), 1,
            new byte[] {0, (byte)0xff, 0x10, (byte)0xab, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        try
        {
            final InetSocketAddress address = server.address();
            final Map<String, String> env = rank(address.getPort(), "rankwire.bootstrapTimeout=20000\n");
            env.put(JobVariables.RANK, "0");
            env.put(JobVariables.SIZE, "1");
            final JobEnvironment job = EnvironmentParser.parse(env, new Properties()).orElseThrow();
            assertEquals(0, job.bootstrap().rank());
        }
        finally
        {
            server.close();
        }
    }
}
