package io.rankwire.bootstrap;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.BootstrapException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.*;

@Timeout(20)
class InMemoryBootstrapTest
{
    @Test
    void shouldExchangeValuesBetweenRanks() throws Exception
    {
        final InMemoryBootstrap table = new InMemoryBootstrap(2);
        final Bootstrap r0 = table.forRank(0);
        final Bootstrap r1 = table.forRank(1);
        final CompletableFuture<byte[]> got = CompletableFuture.supplyAsync(() -> r1.get(0, "addr", Duration.ofSeconds(10)));
        r0.put("addr", new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, got.get(10, TimeUnit.SECONDS));
    }

    @Test
    void shouldNotLetATimedOutArrivalReleaseALaterBarrierEarly() throws Exception
    {
        final InMemoryBootstrap table = new InMemoryBootstrap(2);
        final Bootstrap r0 = table.forRank(0);
        final Bootstrap r1 = table.forRank(1);
        assertThrows(BootstrapException.class, () -> r0.barrier(Duration.ofMillis(50)));

        // Rank 1 arrives alone: rank 0 withdrew, so rank 1 must time out too.
        assertThrows(BootstrapException.class, () -> r1.barrier(Duration.ofMillis(100)));

        final CompletableFuture<Void> first = CompletableFuture.runAsync(() -> r0.barrier(Duration.ofSeconds(10)));
        r1.barrier(Duration.ofSeconds(10));
        first.get(10, TimeUnit.SECONDS);
    }

    @Test
    void shouldTimeOutNamingTheMissingKey()
    {
        final Bootstrap r0 = new InMemoryBootstrap(1).forRank(0);
        final BootstrapException e = assertThrows(BootstrapException.class, () -> r0.get(0, "nope", Duration.ofMillis(20)));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
    }
}
