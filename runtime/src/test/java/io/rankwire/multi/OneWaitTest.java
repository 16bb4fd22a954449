package io.rankwire.multi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.rankwire.spi.InertTransport;
import io.rankwire.spi.SharedWait;
import io.rankwire.spi.Transport;

/** One kernel wait over the channels of several transports: who wakes it, and who hears of it. */
class OneWaitTest
{
    /** Far longer than any test may take: a wait that returns was woken, not timed out. */
    private static final long LONG_WAIT_NS = TimeUnit.SECONDS.toNanos(60);

    @Test
    @Timeout(20)
    void shouldBeWokenByAChannelOfEitherTransportAndTellOnlyItsOwner() throws Exception
    {
        final Piped near = new Piped("near");
        final Piped far = new Piped("far");
        try (OneWait wait = new OneWait(new Transport[] {near, far}))
        {
            assertTrue(wait.joinAll());
            for (final Piped woken : new Piped[] {near, far, near})
            {
                final Piped other = woken == near ? far : near;
                final int before = woken.ready.size();
                final int otherBefore = other.ready.size();
                final CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> wait.await(LONG_WAIT_NS));
                woken.ring();
                waiting.get(15, TimeUnit.SECONDS);
                assertEquals(List.of(woken.name), woken.ready.subList(before, woken.ready.size()));
                assertEquals(otherBefore, other.ready.size());
                woken.drain();
            }
            assertEquals(near.prepared, near.ended);
            assertEquals(far.prepared, far.ended);
            assertEquals(3, wait.waits());
        }
        near.close();
        far.close();
    }

    @Test
    @Timeout(20)
    void shouldNotBlockWhenATransportAlreadyHasWorkAndStillEndEveryPreparedWait() throws Exception
    {
        final Piped near = new Piped("near");
        final Piped far = new Piped("far");
        try (OneWait wait = new OneWait(new Transport[] {near, far}))
        {
            assertTrue(wait.joinAll());
            near.workAlready = true;
            wait.await(LONG_WAIT_NS);
            assertEquals(1, wait.skipped());
            assertEquals(0, wait.waits());
            assertEquals(1, near.prepared);
            assertEquals(1, near.ended);
            assertEquals(0, far.prepared, "no need to ask the next one once work is known");
            assertEquals(0, far.ended);
        }
        near.close();
        far.close();
    }

    @Test
    @Timeout(20)
    void shouldFindReadinessWhileYieldingAfterWorkWithoutBlocking() throws Exception
    {
        final Piped near = new Piped("near");
        final Piped far = new Piped("far");
        try (OneWait wait = new OneWait(new Transport[] {near, far}))
        {
            assertTrue(wait.joinAll());
            far.ring();
            wait.arm();
            wait.await(LONG_WAIT_NS);
            assertEquals(List.of("far"), far.ready);
            assertEquals(1, wait.skipped());
            assertEquals(0, wait.waits(), "found while yielding: no blocking select");
            assertEquals(1, near.ended);
            assertEquals(1, far.ended);
        }
        near.close();
        far.close();
    }

    @Test
    @Timeout(20)
    void shouldReturnOnWakeupFromAnotherThread() throws Exception
    {
        final Piped near = new Piped("near");
        try (OneWait wait = new OneWait(new Transport[] {near}))
        {
            assertTrue(wait.joinAll());
            final CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> wait.await(LONG_WAIT_NS));
            while (!waiting.isDone())
            {
                wait.wakeup();
                waiting.get(15, TimeUnit.SECONDS);
            }
            assertTrue(near.ready.isEmpty());
            assertEquals(1, near.ended);
        }
        near.close();
    }

    @Test
    void shouldNotShareWhenOneTransportCannotJoin() throws Exception
    {
        final Piped near = new Piped("near");
        final Piped none = new Piped("none");
        none.joins = false;
        try (OneWait wait = new OneWait(new Transport[] {near, none}))
        {
            assertFalse(wait.joinAll());
        }
        near.close();
        none.close();
    }

    @Test
    void shouldRefuseRegistrationsOnceClosed() throws Exception
    {
        final Piped late = new Piped("late");
        final OneWait wait = new OneWait(new Transport[] {late});
        wait.close();
        late.joins = true;
        assertTrue(wait.joinAll());
        assertNull(late.key);
        late.close();
    }

    /** A transport whose kernel wait is one pipe: a write to it is a message arriving. */
    private static final class Piped extends InertTransport
    {
        final String name;
        final Pipe pipe;
        final List<String> ready = new ArrayList<>();
        boolean joins = true;
        boolean workAlready;
        int prepared;
        int ended;
        SelectionKey key;

        Piped(final String name) throws IOException
        {
            this.name = name;
            this.pipe = Pipe.open();
            pipe.source().configureBlocking(false);
        }

        void ring() throws IOException
        {
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
        }

        void drain() throws IOException
        {
            pipe.source().read(ByteBuffer.allocate(16));
        }

        @Override
        public boolean joinSharedWait(final SharedWait wait)
        {
            if (joins)
            {
                key = wait.register(pipe.source(), SelectionKey.OP_READ, name);
            }
            return joins;
        }

        @Override
        public boolean prepareSharedWait()
        {
            prepared++;
            return workAlready;
        }

        @Override
        public void onSharedWaitReady(final Object attachment, final int readyOps)
        {
            assertEquals(SelectionKey.OP_READ, readyOps & SelectionKey.OP_READ);
            ready.add((String)attachment);
        }

        @Override
        public void endSharedWait()
        {
            ended++;
        }

        @Override
        public void close()
        {
            try
            {
                pipe.source().close();
                pipe.sink().close();
            }
            catch (final IOException e)
            {
                throw new IllegalStateException(e);
            }
        }
    }
}
