package io.rankwire.proto;

/** What the protocols' message handlers report about peers and ask about the rank. */
interface PeerEvents
{
    /** The transport reports {@code peer} failed: fail what involves it. */
    void peerFailed(int peer);

    /** {@code peer} finalized (its FINALIZE notice arrived). */
    void peerFinalized(int peer);

    /** True once the rank is closing: buffers are not posted again. */
    boolean closing();
}
