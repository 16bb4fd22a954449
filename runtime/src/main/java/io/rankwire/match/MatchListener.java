package io.rankwire.match;

import io.rankwire.spi.Completion;

/**
 * Events the engine raises while it handles NIC completions ({@link MatchEngine#onCompletion}).
 * Called on the engine's driving thread.
 */
public interface MatchListener
{
    /**
     * The NIC matched a message to {@code recv} (TM_RECV with MATCH). The receive has left the
     * posted structure; {@link PostedRecv#matchedTag()} and {@link PostedRecv#matchedLength()}
     * are set. If the completion also has DATA_VALID, the data is in the buffer; if its status
     * is {@code RNDV_INCOMPLETE}, TMH+RVH are in the buffer and software must finish.
     */
    void onHardwareMatch(PostedRecv recv, Completion completion);

    /** The data of a receive matched earlier by the NIC is now in its buffer (DATA_VALID). */
    void onHardwareData(PostedRecv recv, Completion completion);

    /** A cancel of a NIC-held receive won: the DEL succeeded and the receive is cancelled. */
    void onCancelled(PostedRecv recv);
}
