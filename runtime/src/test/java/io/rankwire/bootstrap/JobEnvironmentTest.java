package io.rankwire.bootstrap;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class JobEnvironmentTest
{
    private static Map<String, String> launcherVariables()
    {
        final Map<String, String> env = new TreeMap<>();
        env.put(JobVariables.RANK, "2");
        env.put(JobVariables.SIZE, "4");
        env.put(JobVariables.JOB_ID, "job-7");
        env.put(JobVariables.SECRET, "00ff10ab0102030405060708090a0b0c");
        env.put(JobVariables.BOOTSTRAP, "127.0.0.1:4000");
        env.put(JobVariables.SETTINGS, "rankwire.a=1\nrankwire.b=x=y\n");
        env.put(JobVariables.BIND, "127.0.0.1");
        return env;
    }

    @Test
    void shouldBeEmptyWithoutLauncherVariables()
    {
        assertEquals(Optional.empty(), EnvironmentParser.parse(Map.of("PATH", "/bin"), new Properties()));
    }

    @Test
    void shouldReadLauncherVariables()
    {
        final Properties props = new Properties();
        props.setProperty("rankwire.b", "from-property");
        props.setProperty("other.key", "ignored");
        final JobEnvironment env = EnvironmentParser.parse(launcherVariables(), props).orElseThrow();
        assertEquals(2, env.rank());
        assertEquals(4, env.size());
        assertEquals("job-7", env.jobId());
        assertArrayEquals(new byte[] {0, (byte)0xff, 0x10, (byte)0xab, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, env.secret());
        assertEquals("auto", env.transport());
        assertEquals(Map.of("rankwire.a", "1", "rankwire.b", "from-property", "rankwire.bind", "127.0.0.1"),
            env.settings());
    }

    @Test
    void shouldNameMissingOrMalformedVariable()
    {
        assertEquals("RANKWIRE_RANK is set but RANKWIRE_SECRET is not (a launcher sets both)",
            refusal(JobVariables.SECRET, null));
        assertEquals("RANKWIRE_RANK : '4' (expected: an integer 0..3)", refusal(JobVariables.RANK, "4"));
        assertTrue(refusal(JobVariables.BOOTSTRAP, "localhost")
            .startsWith("RANKWIRE_BOOTSTRAP : 'localhost' (expected: host:port)"));
        assertTrue(refusal(JobVariables.SECRET, "xyz0").startsWith("RANKWIRE_SECRET : not hex"));
        assertEquals("RANKWIRE_SECRET : not hex, 33 characters (expected: an even number of hex digits 0-9a-f)",
            refusal(JobVariables.SECRET, "00ff10ab0102030405060708090a0b0c0"));
        // full-width digits are Unicode digits, not hex
        assertEquals("RANKWIRE_SECRET : not hex, 32 characters (expected: an even number of hex digits 0-9a-f)",
            refusal(JobVariables.SECRET, "\uff10\uff11".repeat(16)));
    }

    /** The message with which the launcher's variables are refused once {@code name} is {@code value} (null: unset). */
    private static String refusal(final String name, final String value)
    {
        final Map<String, String> env = launcherVariables();
        if (value == null)
        {
            env.remove(name);
        }
        else
        {
            env.put(name, value);
        }
        return assertThrows(IllegalStateException.class, () -> EnvironmentParser.parse(env, new Properties())).getMessage();
    }

    @Test
    void shouldPreferThreadOverrideAndPassItToChildThreads() throws InterruptedException
    {
        final InMemoryBootstrap table = new InMemoryBootstrap(2);
        final JobEnvironment env = new JobEnvironment(
            new JobIdentity(1, 2, "sim-job", new byte[16], "sim", null, Map.of()), job -> table.forRank(job.rank()));
        final AtomicReference<Optional<JobEnvironment>> inChild = new AtomicReference<>();
        final AtomicReference<Optional<JobEnvironment>> inBody = new AtomicReference<>();
        final AtomicReference<Thread> child = new AtomicReference<>();
        JobEnvironment.runAs(env, () ->
        {
            inBody.set(JobEnvironment.current());
            child.set(new Thread(() -> inChild.set(JobEnvironment.onThisThread())));
            child.get().start();
            env.bootstrap().put("k", new byte[] {9});
        });
        child.get().join();
        assertSame(env, inBody.get().orElseThrow());
        assertSame(env, inChild.get().orElseThrow());
        assertArrayEquals(new byte[] {9}, table.forRank(0).get(1, "k", Duration.ofSeconds(5)));
        assertSame(env.bootstrap(), env.bootstrap());
        assertEquals(Optional.empty(), JobEnvironment.onThisThread());
    }

    @Test
    void shouldRunBodyAsRankAndRestorePreviousEnvironment()
    {
        final InMemoryBootstrap table = new InMemoryBootstrap(3);
        final JobEnvironment outer = JobEnvironment.of(0, 3, "j", new byte[16], "sim", Map.of(), table.forRank(0));
        final JobEnvironment inner = JobEnvironment.of(2, 3, "j", new byte[16], "sim",
            Map.of("rankwire.x", "1"), table.forRank(2));
        final AtomicReference<Integer> seen = new AtomicReference<>();
        JobEnvironment.runAs(outer, () ->
        {
            JobEnvironment.runAs(inner, () -> seen.set(JobEnvironment.current().orElseThrow().bootstrap().rank()));
            assertSame(outer, JobEnvironment.current().orElseThrow());
        });
        assertEquals(2, seen.get());
        assertEquals(Map.of("rankwire.x", "1"), inner.settings());
        assertEquals(Optional.empty(), JobEnvironment.onThisThread());
    }

    @Test
    void shouldRoundTripSettingsAndAddresses()
    {
        final Map<String, String> settings = Map.of("rankwire.x", "a=b", "rankwire.y", "");
        assertEquals(settings, Settings.decode(Settings.encode(settings)));
        assertEquals("[::1]:9", BootstrapAddress.format(BootstrapAddress.parse("[::1]:9")));
        assertEquals("10.0.0.1:65535", BootstrapAddress.format(BootstrapAddress.parse("10.0.0.1:65535")));
        assertThrows(IllegalArgumentException.class, () -> BootstrapAddress.parse("h:0"));
    }
}
