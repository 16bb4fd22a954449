package io.rankwire.core;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

import io.rankwire.progress.Idles;
import io.rankwire.progress.PerThread;
import io.rankwire.progress.Wakeup;

/**
 * How a thread blocks on an operation: a loop of "make progress if no other thread is doing so"
 * and "idle" (per-thread Agrona idle strategy: spin, yield or backoff), until the operation's
 * volatile completion flag is set, the engine closes, or a timeout passes.
 *
 * <p>Between progress calls that found nothing the loop asks the transport whether a poll could
 * find anything ({@link Engine#mayHaveWork()}, e.g. a read of the completion ring's next record)
 * and skips the call (a lock round trip and a pass over the engine's queues) when it could not;
 * every {@value #FULL_POLL_EVERY}th turn it makes progress anyway, for work no completion
 * announces. A spinning waiter thus notices a completion within a few nanoseconds of reading its
 * line rather than up to a whole progress call later.
 */
final class Waiter
{
    /** Turns between unconditional progress calls while the transport reports nothing. */
    static final int FULL_POLL_EVERY = 16;

    private final Engine engine;
    private final long callTimeoutNs;
    private final PerThread<IdleStrategy> idle;

    /** {@code transportSpinMicros}: the spin window when the configuration leaves it to the transport. */
    Waiter(final Engine engine, final EngineSettings settings, final int transportSpinMicros, final Wakeup wakeup)
    {
        this.engine = engine;
        this.callTimeoutNs = settings.callTimeoutNanos();
        final int spinMicros = settings.spinMicros() >= 0 ? settings.spinMicros() : Math.max(0, transportSpinMicros);
        final long spinNs = TimeUnit.MICROSECONDS.toNanos(spinMicros);
        final Idles.Mode idleMode = settings.idle();
        this.idle = new PerThread<>(() -> Idles.create(idleMode, wakeup, spinNs));
    }

    /**
     * Waits for {@code op}. {@code timeoutNs} 0 uses the configured call timeout (which may be
     * none): when that passes, a receive is withdrawn (cancelled) and {@link RankwireException}
     * is thrown. A positive {@code timeoutNs} returns false instead and leaves the operation be.
     *
     * @throws RankwireException when the engine closes or the call timeout passes
     */
    boolean waitFor(final Operation op, final long timeoutNs)
    {
        if (op.isDone())
        {
            return true;
        }
        final IdleStrategy idler = idle.get();
        final long limit = timeoutNs > 0 ? timeoutNs : callTimeoutNs;
        final long deadline = limit > 0 ? System.nanoTime() + limit : 0;
        Idles.begin(idler, deadline);
        int quiet = 0;
        while (!op.isDone())
        {
            final int work;
            if (quiet == 0 || engine.mayHaveWork())
            {
                work = engine.progressOnce();
                quiet = work > 0 ? 0 : FULL_POLL_EVERY - 1;
            }
            else
            {
                work = 0;
                quiet--;
            }
            if (op.isDone())
            {
                break;
            }
            engine.serviceShutdownRequest();
            if (engine.isClosed())
            {
                final String reason = engine.closedReason();
                throw engine.failure("rankwire: closed while waiting for " + op.describe() +
                    (reason != null ? " (" + reason + ")" : ""));
            }
            if (deadline != 0 && System.nanoTime() - deadline > 0)
            {
                if (timeoutNs > 0)
                {
                    return false;
                }
                engine.cancel(op);
                throw engine.failure("rankwire: timed out after " + (limit / 1_000_000) + " ms waiting for " + op.describe());
            }
            idler.idle(work);
        }
        return true;
    }

    IdleStrategy idler()
    {
        return idle.get();
    }
}
