package io.rankwire.bootstrap;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobIdentityTest
{
    private static final byte[] SECRET =
        {0x00, (byte)0xff, 0x10, (byte)0xab, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    private static final String SECRET_HEX = "00ff10ab0102030405060708090a0b0c";

    private static JobIdentity identity()
    {
        return new JobIdentity(2, 4, "rw-1-abc", SECRET, "tcp", InetSocketAddress.createUnresolved("10.0.0.1", 4000),
            Map.of("rankwire.bind", "10.0.0.2", "rankwire.eager.limit", "4096", "rankwire.tcp.bind", "10.0.0.2"));
    }

    @Test
    void shouldWriteTheVariablesTheRankReadsBack()
    {
        final JobIdentity id = identity();
        final Map<String, String> env = id.toEnvironment();
        assertEquals(Map.of(
            JobVariables.RANK, "2",
            JobVariables.SIZE, "4",
            JobVariables.JOB_ID, "rw-1-abc",
            JobVariables.SECRET, SECRET_HEX,
            JobVariables.TRANSPORT, "tcp",
            JobVariables.BOOTSTRAP, "10.0.0.1:4000",
            JobVariables.BIND, "10.0.0.2",
            JobVariables.SETTINGS, "rankwire.eager.limit=4096\nrankwire.tcp.bind=10.0.0.2\n"), env);
        final JobIdentity read = JobIdentity.fromEnvironment(env, new Properties());
        assertEquals(id, read);
        assertArrayEquals(SECRET, read.secret());
    }

    @Test
    void shouldLeaveTheRankToTheTaskInTheTaskEnvironment()
    {
        final Map<String, String> task = identity().toTaskEnvironment();
        assertFalse(task.containsKey(JobVariables.RANK));
        final Map<String, String> rankOne = new TreeMap<>(task);
        rankOne.put(JobVariables.RANK, "1");
        assertEquals(identity().withRank(1), JobIdentity.fromEnvironment(rankOne, new Properties()));
    }

    @Test
    void shouldLetTheRanksSystemPropertiesOverrideTheLaunchersSettings()
    {
        final Properties props = new Properties();
        props.setProperty("rankwire.eager.limit", "65536");
        props.setProperty("not.a.setting", "x");
        final JobIdentity read = JobIdentity.fromEnvironment(identity().toEnvironment(), props);
        assertEquals("65536", read.settings().get("rankwire.eager.limit"));
        assertFalse(read.settings().containsKey("not.a.setting"));
    }

    @Test
    void shouldReadAJobWithoutBootstrapServiceAndDefaultTransport()
    {
        final Map<String, String> env = new TreeMap<>(Map.of(JobVariables.RANK, "0", JobVariables.SIZE, "1",
            JobVariables.JOB_ID, "j", JobVariables.SECRET, "01"));
        final JobIdentity read = JobIdentity.fromEnvironment(env, new Properties());
        assertNull(read.bootstrap());
        assertEquals("auto", read.transport());
        assertEquals(Map.of(), read.settings());
        assertFalse(read.toEnvironment().containsKey(JobVariables.BOOTSTRAP));
        assertFalse(read.toEnvironment().containsKey(JobVariables.SETTINGS));
    }

    @Test
    void shouldKeepTheSecretOutOfToStringAndHandOutCopies()
    {
        final JobIdentity id = identity();
        final String text = id.toString();
        assertFalse(text.contains(SECRET_HEX) || text.contains(Arrays.toString(SECRET)) || text.contains("[B@"), text);
        assertTrue(text.contains("secret=(16 bytes, hidden)") && text.contains("rank=2") && text.contains("rw-1-abc"),
            text);
        id.secret()[0] = 42;
        assertArrayEquals(SECRET, id.secret());
        final byte[] given = SECRET.clone();
        final JobIdentity copied = new JobIdentity(0, 1, "j", given, "sim", null, Map.of());
        given[0] = 42;
        assertArrayEquals(SECRET, copied.secret());
    }

    @Test
    void shouldCompareSecretsByContent()
    {
        assertEquals(identity(), identity());
        assertEquals(identity().hashCode(), identity().hashCode());
        final byte[] another = SECRET.clone();
        another[15] ^= 1;
        final JobIdentity other = new JobIdentity(2, 4, "rw-1-abc", another, "tcp",
            identity().bootstrap(), identity().settings());
        assertNotEquals(identity(), other);
    }

    @Test
    void shouldRefuseBadComponentsNamingThem()
    {
        assertEquals("rank : 4 (expected: 0..3)", assertThrows(IllegalArgumentException.class,
            () -> new JobIdentity(4, 4, "j", SECRET, "tcp", null, Map.of())).getMessage());
        assertEquals("size : 0 (expected: >= 1)", assertThrows(IllegalArgumentException.class,
            () -> new JobIdentity(0, 0, "j", SECRET, "tcp", null, Map.of())).getMessage());
        assertEquals("secret : 0 bytes (expected: >= 1)", assertThrows(IllegalArgumentException.class,
            () -> new JobIdentity(0, 1, "j", new byte[0], "tcp", null, Map.of())).getMessage());
        assertEquals("transport : '' (expected: not empty)", assertThrows(IllegalArgumentException.class,
            () -> new JobIdentity(0, 1, "j", SECRET, "", null, Map.of())).getMessage());
        assertEquals("setting : 'eager.limit' (expected: rankwire.<name>)", assertThrows(
            IllegalArgumentException.class,
            () -> new JobIdentity(0, 1, "j", SECRET, "tcp", null, Map.of("eager.limit", "1"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new JobIdentity(0, 1, "j", SECRET, "tcp", null,
            Map.of("rankwire.x", "two\nlines")).toEnvironment());
    }

    @Test
    void shouldRefuseASecretTooShortForAJobOfSeveralRanks()
    {
        assertEquals("secret : 15 bytes (expected: >= 16 bytes for a job of 2 ranks)",
            assertThrows(IllegalArgumentException.class,
                () -> new JobIdentity(0, 2, "j", new byte[15], "tcp", null, Map.of())).getMessage());
        assertEquals(16, new JobIdentity(1, 2, "j", new byte[16], "tcp", null, Map.of()).secret().length);
        assertEquals(1, new JobIdentity(0, 1, "j", new byte[1], "tcp", null, Map.of()).secret().length);

        final Map<String, String> env = new TreeMap<>(identity().toEnvironment());
        env.put(JobVariables.SECRET, "00");
        assertEquals("RANKWIRE_SECRET : 1 bytes (expected: >= 16 bytes for a job of 4 ranks)",
            assertThrows(IllegalStateException.class, () -> JobIdentity.fromEnvironment(env, new Properties()))
                .getMessage());
        env.put(JobVariables.SECRET, SECRET_HEX.substring(2));
        assertEquals("RANKWIRE_SECRET : 15 bytes (expected: >= 16 bytes for a job of 4 ranks)",
            assertThrows(IllegalStateException.class, () -> JobIdentity.fromEnvironment(env, new Properties()))
                .getMessage());
    }

    @Test
    void shouldNameTheMissingRank()
    {
        final Map<String, String> env = identity().toTaskEnvironment();
        assertEquals("RANKWIRE_RANK : not set (expected: an integer 0..3)", assertThrows(IllegalStateException.class,
            () -> JobIdentity.fromEnvironment(env, new Properties())).getMessage());
    }
}
