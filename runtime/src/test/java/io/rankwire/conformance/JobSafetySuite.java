package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.Comm;
import io.rankwire.LocalJob;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.spi.Bootstrap;

/**
 * What a rank's start and end must withstand, on every transport: a second {@code init} of a rank
 * that is still open, a secret too short to authenticate anyone. One subclass per transport
 * supplies {@link #transport()} and {@link #settings()}.
 */
public abstract class JobSafetySuite
{
    /** The transport's name. */
    protected abstract String transport();

    /** Extra {@code rankwire.*} settings for every rank. */
    protected Map<String, String> settings()
    {
        return Map.of();
    }

    private RankwireConfig config()
    {
        return new RankwireConfig().setAll(settings()).transport(transport());
    }

    /** A bootstrap that records every call and answers none: a rank that touches it got too far. */
    static final class UntouchedBootstrap implements Bootstrap
    {
        final List<String> calls = new ArrayList<>();
        private final int rank;
        private final int size;

        UntouchedBootstrap(final int rank, final int size)
        {
            this.rank = rank;
            this.size = size;
        }

        @Override
        public int rank()
        {
            return rank;
        }

        @Override
        public int size()
        {
            return size;
        }

        @Override
        public synchronized void put(final String key, final byte[] value)
        {
            calls.add("put " + key);
            throw new IllegalStateException("put " + key + " on a rank that must not start");
        }

        @Override
        public synchronized byte[] get(final int rank, final String key, final Duration timeout)
        {
            calls.add("get " + rank + " " + key);
            throw new IllegalStateException("get " + key + " on a rank that must not start");
        }

        @Override
        public synchronized void barrier(final Duration timeout)
        {
            calls.add("barrier");
            throw new IllegalStateException("barrier on a rank that must not start");
        }
    }

    /** The sockets this process holds now ({@code /proc/self/fd}), as their {@code socket:[inode]} names. */
    static Set<String> openSockets() throws IOException
    {
        final Set<String> sockets = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd")))
        {
            for (final Path fd : fds)
            {
                try
                {
                    final String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:"))
                    {
                        sockets.add(target);
                    }
                }
                catch (final IOException closedMeanwhile)
                {
                    // not a socket any more
                }
            }
        }
        return sockets;
    }

    /**
     * The sockets open now that were not in {@code before}: sockets the rest of the process closed
     * meanwhile (a finished handshake, the other rank's housekeeping) do not count.
     */
    static Set<String> openedSince(final Set<String> before) throws IOException
    {
        final Set<String> opened = openSockets();
        opened.removeAll(before);
        return opened;
    }

    @Test
    @Timeout(60)
    void shouldRefuseASecondInitOfAnOpenRankBeforeOpeningAnything()
    {
        LocalJob.run(2, transport(), config(), rw ->
        {
            final Comm world = rw.world();
            final int[] one = {rw.rank()};
            final int[] other = new int[1];
            world.sendrecv(MessageBuffer.of(one, 0, 1), 1 - rw.rank(), 7, MessageBuffer.of(other, 0, 1), 1 - rw.rank(), 7);
            world.barrier();
            if (rw.rank() == 0)
            {
                final String job = rw.config().jobId();
                final UntouchedBootstrap untouched = new UntouchedBootstrap(0, 2);
                final Set<String> socketsBefore = openSockets();
                final IllegalStateException e = assertThrows(IllegalStateException.class, () -> Rankwire.init(
                    config().job(0, 2, job, new byte[16]).bootstrap(untouched)));
                assertEquals(Set.of(), openedSince(socketsBefore), "sockets opened by a refused init");
                assertEquals(List.of(), untouched.calls);
                assertTrue(e.getMessage().startsWith("rank 0 of job '" + job + "' : already initialized in this JVM"),
                    e.getMessage());
            }
            world.barrier();
            // the first instance still owns the rank
            world.sendrecv(MessageBuffer.of(one, 0, 1), 1 - rw.rank(), 8, MessageBuffer.of(other, 0, 1), 1 - rw.rank(), 8);
            assertArrayEquals(new int[] {1 - rw.rank()}, other);
        });
    }

    /** The same through {@code Rankwire.init(args)}, the way a program started by a launcher calls it. */
    @Test
    @Timeout(60)
    void shouldRefuseASecondInitFromTheLaunchersEnvironment() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final String job = "env-" + UUID.randomUUID();
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        try
        {
            final List<Future<String>> ranks = new ArrayList<>();
            for (int r = 0; r < 2; r++)
            {
                final io.rankwire.bootstrap.JobEnvironment env = io.rankwire.bootstrap.JobEnvironment.of(
                    r, 2, job, new byte[16], transport(), settings(), bootstrap.forRank(r));
                ranks.add(threads.submit(() ->
                {
                    final String[] refusal = new String[1];
                    io.rankwire.bootstrap.JobEnvironment.runAs(env, () ->
                    {
                        try (Rankwire rw = Rankwire.init(new String[0]))
                        {
                            refusal[0] = assertThrows(IllegalStateException.class,
                                () -> Rankwire.init(new String[0])).getMessage();
                            rw.world().barrier();
                        }
                    });
                    return refusal[0];
                }));
            }
            for (int r = 0; r < 2; r++)
            {
                final String message = ranks.get(r).get(50, TimeUnit.SECONDS);
                assertTrue(message.startsWith("rank " + r + " of job '" + job + "' : already initialized"), message);
            }
        }
        finally
        {
            threads.shutdownNow();
        }
    }

    @Test
    @Timeout(60)
    void shouldAcceptTheSameRankAgainOnceClosedAndAnotherJobsRankAlongside()
    {
        final String job = "again-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        try (Rankwire first = Rankwire.init(config().job(0, 1, job, secret)))
        {
            try (Rankwire other = Rankwire.init(config().job(0, 1, job + "-other", secret)))
            {
                assertEquals(0, other.rank());
            }
            assertEquals(1, first.size());
        }
        try (Rankwire second = Rankwire.init(config().job(0, 1, job, secret)))
        {
            assertEquals(0, second.rank());
        }
    }

    @Test
    @Timeout(60)
    void shouldGiveTheRankBackWhenInitFails()
    {
        final String job = "failed-" + UUID.randomUUID();
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Rankwire.init(config().transport("no-such-transport").job(0, 1, job, new byte[16])));
        assertTrue(e.getMessage().startsWith("rankwire.transport : 'no-such-transport'"), e.getMessage());
        try (Rankwire again = Rankwire.init(config().job(0, 1, job, new byte[16])))
        {
            assertEquals(0, again.rank());
        }
    }

    /** {@code dup}/{@code close} iterations between two ranks in {@link #shouldAgreeOnGivenBackContextsBetweenRanks}. */
    protected int agreementLoopIterations()
    {
        return 5_000;
    }

    /**
     * Two communicators live (the world and a duplicate) in a loop of 2,000,000 {@code dup} and
     * {@code close}, far past the 524,287 context pairs there are. One rank, so the loop measures
     * the context bookkeeping, not message round trips (docs/RUNTIME.md has both costs).
     */
    @Test
    @Timeout(300)
    void shouldReuseTheContextIdsOfClosedCommunicatorsPastThePairLimit()
    {
        final int iterations = Integer.getInteger("rankwire.test.contextLoop", 2_000_000);
        LocalJob.run(1, transport(), config(), Duration.ofSeconds(280), rw ->
        {
            final Comm world = rw.world();
            final long start = System.nanoTime();
            for (int i = 0; i < iterations; i++)
            {
                final Comm dup = world.dup();
                dup.close();
            }
            System.out.printf("%s: %,d dup/close on one rank in %,d ms%n", transport(), iterations,
                (System.nanoTime() - start) / 1_000_000);
            try (Comm last = world.dup())
            {
                assertEquals(2, contextOf(last));
                final int[] got = new int[1];
                last.sendrecv(MessageBuffer.of(new int[] {5}, 0, 1), 0, 3, MessageBuffer.of(got, 0, 1), 0, 3);
                assertEquals(5, got[0]);
            }
        });
    }

    /** Ranks agree on pairs given back: the loop keeps using the lowest pairs, whatever the order of closes. */
    @Test
    @Timeout(120)
    void shouldAgreeOnGivenBackContextsBetweenRanks()
    {
        final int iterations = agreementLoopIterations();
        LocalJob.run(2, transport(), config(), Duration.ofSeconds(110), rw ->
        {
            final Comm world = rw.world();
            final long start = System.nanoTime();
            final int[] token = {rw.rank()};
            final int[] got = new int[1];
            for (int i = 0; i < iterations; i++)
            {
                final Comm dup = world.dup();
                // the other rank may not have closed the previous duplicate yet: then the pair after it
                assertTrue(contextOf(dup) <= 4, () -> "iteration " + dup + " took a new pair");
                if (i % 1000 == 0)
                {
                    dup.sendrecv(MessageBuffer.of(token, 0, 1), 1 - rw.rank(), 3, MessageBuffer.of(got, 0, 1), 1 - rw.rank(), 3);
                    assertEquals(1 - rw.rank(), got[0]);
                }
                dup.close();
            }
            if (rw.rank() == 0)
            {
                System.out.printf("%s: %,d dup/close on two ranks in %,d ms%n", transport(), iterations,
                    (System.nanoTime() - start) / 1_000_000);
            }
        });
    }

    /** The user context id {@link Comm#toString()} shows. */
    private static int contextOf(final Comm comm)
    {
        final String text = comm.toString();
        final int at = text.indexOf("context=") + "context=".length();
        int end = at;
        while (Character.isDigit(text.charAt(end)))
        {
            end++;
        }
        return Integer.parseInt(text.substring(at, end));
    }

    @Test
    @Timeout(60)
    void shouldHoldAClosedCommunicatorsContextBackWhileAnOperationIsPending()
    {
        LocalJob.run(2, transport(), config(), rw ->
        {
            final Comm world = rw.world();
            final Comm first = world.dup();
            final int context = contextOf(first);
            final int[] in = new int[1];
            final io.rankwire.Request pending = rw.rank() == 0 ? world.irecv(MessageBuffer.of(in, 0, 1), 1, 9) : null;
            first.close();
            // rank 1 gave the pair back; rank 0 holds it while its receive is pending
            final Comm second = world.dup();
            assertTrue(contextOf(second) != context, "a pair was used again while a receive was pending");
            if (rw.rank() == 1)
            {
                world.send(MessageBuffer.of(new int[] {42}, 0, 1), 0, 9);
            }
            else
            {
                pending.await();
                assertEquals(42, in[0]);
            }
            second.close();
            final Comm third = world.dup();
            assertEquals(context, contextOf(third), "the pair came back once nothing was pending");
            third.close();
            // a rank that gets no communicator from a split gives the pair back at once
            for (int i = 0; i < 3; i++)
            {
                final Comm part = world.split(rw.rank() == 0 ? Comm.UNDEFINED : 0, 0);
                if (part != null)
                {
                    assertEquals(context, contextOf(part));
                    part.close();
                }
            }
        });
    }

    /**
     * Rank 1 starts and its code returns without {@code close()}: whoever runs the ranks reports
     * that to the bootstrap ({@link InMemoryBootstrap#ended}, as the in-JVM job does; a
     * launcher's service sees the rank's connection end). Rank 0, waiting in a receive from it,
     * fails with PEER_FAILED naming it; later operations on it fail at once; rank 0's
     * {@code close()} fails at once rather than after the bootstrap timeout (ten minutes here,
     * far beyond the test's limit).
     */
    @Test
    @Timeout(90)
    void shouldFailThePeersOfARankThatEndsWithoutClosing() throws Exception
    {
        final InMemoryBootstrap bootstrap = new InMemoryBootstrap(2);
        final String job = "not-closed-" + UUID.randomUUID();
        final byte[] secret = new byte[16];
        final RankwireConfig base = config().bootstrapTimeout(Duration.ofMinutes(10));
        final ExecutorService threads = Executors.newFixedThreadPool(2);
        try
        {
            final Future<Rankwire> one = threads.submit(
                () -> Rankwire.init(base.copy().job(1, 2, job, secret).bootstrap(bootstrap.forRank(1))));
            try (Rankwire zero = Rankwire.init(base.copy().job(0, 2, job, secret).bootstrap(bootstrap.forRank(0))))
            {
                final Rankwire forgotten = one.get(60, TimeUnit.SECONDS);
                final Comm world = zero.world();
                final int[] in = new int[1];
                world.send(MessageBuffer.of(new int[] {1}, 0, 1), 1, 1); // before it ended: completes normally
                final Future<?> waiting = threads.submit(() -> world.recv(MessageBuffer.of(in, 0, 1), 1, 2));
                assertTrue(bootstrap.ended(1), "rank 1 had joined and not left");
                final ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> waiting.get(60, TimeUnit.SECONDS));
                assertTrue(failed.getCause() instanceof RankwireException, failed::toString);
                assertTrue(failed.getCause().getMessage().endsWith("failed: PEER_FAILED (rank 1 failed)"),
                    failed.getCause().getMessage());
                final RankwireException late = assertThrows(RankwireException.class, () -> world.recv(MessageBuffer.of(in, 0, 1),
                    1, 3));
                assertTrue(late.getMessage().endsWith("failed: PEER_FAILED (rank 1 failed)"), late.getMessage());
                final RankwireException send = assertThrows(RankwireException.class,
                    () -> world.send(MessageBuffer.of(new int[] {2}, 0, 1), 1, 4));
                assertTrue(send.getMessage().endsWith("failed: PEER_FAILED (rank 1 failed)"), send.getMessage());
                final RankwireException close = assertThrows(RankwireException.class, zero::close);
                assertTrue(close.getMessage().contains("rank 1 ended without closing"), close.getMessage());
                assertThrows(RankwireException.class, forgotten::close); // releases its resources here
            }
        }
        finally
        {
            threads.shutdownNow();
        }
    }

    @Test
    @Timeout(60)
    void shouldRefuseASecretTooShortBeforeOpeningAnything() throws IOException
    {
        for (final int length : new int[] {0, 1, 15})
        {
            final UntouchedBootstrap untouched = new UntouchedBootstrap(1, 2);
            final Set<String> socketsBefore = openSockets();
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rankwire.init(
                config().job(1, 2, "weak-" + UUID.randomUUID(), new byte[length]).bootstrap(untouched)));
            assertEquals("secret : " + length + " bytes (expected: >= 16 bytes for a job of 2 ranks)", e.getMessage());
            assertEquals(List.of(), untouched.calls);
            assertEquals(Set.of(), openedSince(socketsBefore), "sockets opened by a refused init");
        }
        // a job of one rank has nobody to authenticate
        try (Rankwire alone = Rankwire.init(config().job(0, 1, "alone-" + UUID.randomUUID(), new byte[0])))
        {
            assertEquals(1, alone.size());
        }
    }
}
