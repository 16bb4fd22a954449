package io.rankwire.core;

import io.rankwire.Status;
import io.rankwire.match.Envelope;
import io.rankwire.match.UnexpectedMsg;

/** Statuses of probed messages. */
public final class ProbeStatus
{
    private ProbeStatus()
    {
    }

    /** The status a probe reports for {@code msg}: its source, tag and full length. */
    public static Status of(final UnexpectedMsg msg)
    {
        return new Status(Envelope.sourceOf(msg.tag()), Envelope.tagOf(msg.tag()), msg.length(), Status.OK, false);
    }
}
