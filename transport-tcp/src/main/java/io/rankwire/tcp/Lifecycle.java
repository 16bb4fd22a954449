package io.rankwire.tcp;

/**
 * Where one rank's TCP transport is in its life, as the parts that run on event loops see it:
 * whether the runtime has begun to close the rank (its FINALIZE notices, then the closing
 * rendezvous) and whether the transport has closed, which tell a routine end of a job from a
 * fault. {@link TcpTransport} implements it; its own per-message checks read its flag directly.
 * Any thread.
 */
interface Lifecycle
{
    /** The runtime has begun to close the rank ({@link TcpTransport#closing()}). */
    boolean isClosing();

    boolean isClosed();
}
