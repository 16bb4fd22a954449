package io.rankwire.multi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.TransportContext;

/** The {@code auto} selection without any transport on the class path, and the host identity's override. */
class AutoTransportProviderTest
{
    private static TransportContext context(final int rank, final int size, final Map<String, String> settings)
    {
        return new TransportContext(rank, size, "job", new byte[16], new InMemoryBootstrap(size).forRank(rank), settings, () -> { });
    }

    @Test
    void shouldSayThatNeitherTransportWasFound()
    {
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> new AutoTransportProvider().open(context(0, 1, Map.of())));
        assertEquals("rankwire.transport : 'auto' (expected: the transport tcp or shm on the class path; neither was found)",
            e.getMessage());
    }

    @Test
    void shouldGiveEachRankTheFakeHostOfItsList()
    {
        assertEquals("fake:b", HostIdentity.of(context(2, 4, Map.of(HostIdentity.SETTING, "a,a,b,b"))));
        assertEquals("fake:h1", HostIdentity.of(context(3, 4, Map.of(HostIdentity.SETTING, "@2"))));
        assertEquals("fake:h0", HostIdentity.of(context(1, 4, Map.of(HostIdentity.SETTING, "@2"))));
        assertEquals("fake:node-7", HostIdentity.of(context(1, 4, Map.of(HostIdentity.SETTING, " node-7 "))));
        assertTrue(HostIdentity.of(context(0, 1, Map.of())).contains("/"), "host name / boot id");
        assertEquals(null, HostIdentity.overridden(context(0, 1, Map.of())));
    }

    @Test
    void shouldServeTheGivenPeersOnly()
    {
        final TransportContext all = context(1, 4, Map.of());
        final TransportContext some = all.forPeers(new int[] {3, 1});
        assertEquals(4, all.peers().length);
        assertEquals(2, some.peers().length);
        assertTrue(some.serves(1) && some.serves(3) && !some.serves(0) && !some.serves(2) && !some.serves(4));
        assertEquals("peer : 4 (expected: a rank in 0..3, each once)",
            assertThrows(IllegalArgumentException.class, () -> all.forPeers(new int[] {1, 4})).getMessage());
        assertEquals("peer : 1 (expected: a rank in 0..3, each once)",
            assertThrows(IllegalArgumentException.class, () -> all.forPeers(new int[] {1, 1})).getMessage());
    }
}
