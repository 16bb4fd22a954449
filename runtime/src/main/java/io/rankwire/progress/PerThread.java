package io.rankwire.progress;

import java.util.function.Supplier;

/**
 * A per-thread value like {@link ThreadLocal}, with a one-entry cache in front of it: the slot of
 * the thread that asked last. An engine is usually driven by one thread, which then finds its
 * value with {@code Thread.currentThread()} and one compare instead of a thread-local map probe.
 *
 * <p>The cache is a plain field written by any thread; what it holds is immutable (final fields),
 * so a racing reader sees either a complete slot of some thread or an older one, and it only
 * uses a slot whose owner is itself. A miss allocates nothing once each thread has its slot.
 */
public final class PerThread<T>
{
    private final ThreadLocal<Slot<T>> slots;
    private Slot<T> last;

    public PerThread(final Supplier<? extends T> initial)
    {
        this.slots = ThreadLocal.withInitial(() -> new Slot<>(Thread.currentThread(), initial.get()));
    }

    /** The calling thread's value. */
    public T get()
    {
        final Thread self = Thread.currentThread();
        final Slot<T> cached = last;
        if (cached != null && cached.owner == self)
        {
            return cached.value;
        }
        final Slot<T> mine = slots.get();
        last = mine;
        return mine.value;
    }

    private static final class Slot<T>
    {
        final Thread owner;
        final T value;

        Slot(final Thread owner, final T value)
        {
            this.owner = owner;
            this.value = value;
        }
    }
}
