package io.rankwire.spi;

/** Receives completions from {@link Transport#poll}; called on the polling thread. */
@FunctionalInterface
public interface CompletionHandler
{
    /**
     * Handles one completion. The {@link Completion} object and any buffer it exposes are valid
     * only until this method returns: copy what must outlive it.
     */
    void onCompletion(Completion completion);
}
