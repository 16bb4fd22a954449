package io.rankwire.core;

import io.rankwire.match.Envelope;

/**
 * What an allocation-free probe found: the packed envelope and the full length of the earliest
 * matching unexpected message. A reusable holder, owned by one thread.
 */
public final class ProbeResult
{
    private long envelope;
    private int length;

    void set(final long envelope, final int length)
    {
        this.envelope = envelope;
        this.length = length;
    }

    /** The sender's rank in the communicator. */
    public int source()
    {
        return Envelope.sourceOf(envelope);
    }

    /** The message's tag. */
    public int tag()
    {
        return Envelope.tagOf(envelope);
    }

    /** The message's length in bytes. */
    public int length()
    {
        return length;
    }
}
