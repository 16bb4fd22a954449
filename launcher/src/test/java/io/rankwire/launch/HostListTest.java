package io.rankwire.launch;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostListTest
{
    @Test
    void shouldFillEachHostsSlotsInTurn()
    {
        final HostList hosts = HostList.parseHosts("node1:2,node2:3,node3");
        assertEquals(6, hosts.slots());
        assertEquals(List.of("node1", "node1", "node2", "node2", "node2"), hosts.place(5));
        assertEquals(List.of("node1", "node1", "node2", "node2", "node2", "node3"), hosts.place(6));
        assertEquals(List.of("node1"), hosts.place(1));
    }

    @Test
    void shouldAddUpRepeatedHostsAndAcceptAddresses()
    {
        final HostList hosts = HostList.parseHosts("10.0.0.1:1, 10.0.0.2 ,10.0.0.1:2");
        assertEquals(List.of("10.0.0.1", "10.0.0.2"), hosts.hosts());
        assertEquals(List.of("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2"), hosts.place(4));
    }

    @Test
    void shouldRefuseMoreRanksThanSlots()
    {
        final IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> HostList.parseHosts("a:2,b:2").place(5));
        assertTrue(e.getMessage().startsWith("invalid value for -np: '5' (expected: at most 4"), e.getMessage());
    }

    @Test
    void shouldRefuseBadSlotsAndHosts()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.parseHosts("a:0"))
            .getMessage().contains("slots '0' (expected: 1..1024)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.parseHosts("a,,b"))
            .getMessage().contains("invalid value for -H: ''"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.parseHosts("a b:2"))
            .getMessage().contains("invalid value for -H: 'a b:2'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.parseHosts("-oProxyCommand=x"))
            .getMessage().contains("expected: host[:slots]"));
    }

    @Test
    void shouldReadOpenMpiHostfile()
    {
        final HostList hosts = HostList.parseHostfile("hosts", List.of(
            "# cluster",
            "",
            "node1 slots=2 max_slots=4",
            "  node2   slots=3   # fast one",
            "node3"));
        assertEquals(6, hosts.slots());
        assertEquals(List.of("node1", "node1", "node2", "node2", "node2", "node3"), hosts.place(6));
    }

    @Test
    void shouldNameTheBadLineOfAHostfile()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> HostList.parseHostfile("hosts", List.of("node1 slots=2", "node2 cpus=4")));
        assertEquals("invalid value for --hostfile: hosts line 2: 'cpus=4' (expected: host [slots=N] [max_slots=N])",
            e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> HostList.parseHostfile("hosts", List.of("node1 slots=x"))).getMessage()
            .contains("hosts line 1': slots 'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> HostList.parseHostfile("hosts", List.of("# nothing"))).getMessage().contains("no hosts given"));
    }
}
