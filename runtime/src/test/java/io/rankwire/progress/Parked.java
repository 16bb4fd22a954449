package io.rankwire.progress;

/** Test helper: waits until a started thread is parked (timed) or has ended. */
final class Parked
{
    private Parked()
    {
    }

    /** Starts {@code thread} and returns once it is in a timed wait or no longer alive. */
    static Thread startAndAwait(final Thread thread)
    {
        thread.start();
        while (thread.getState() != Thread.State.TIMED_WAITING && thread.isAlive())
        {
            Thread.onSpinWait();
        }
        return thread;
    }
}
