package io.rankwire.proto;

import io.rankwire.match.MatchEngine;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/**
 * Routes each completion the transport delivers: messages (RECV, NO_TAG) by their TMH opcode to
 * the receiver (EAGER, RNDV), the sender (FIN) or the control channel (NO_TAG), after which the
 * SRQ buffer (if any) is posted again; READ to the receiver; list-operation and NIC-match
 * completions to the matching engine; peer failures to the {@link PeerEvents}. Driving thread only.
 */
final class Dispatcher implements CompletionHandler
{
    private final PeerEvents events;
    private final Sender sender;
    private final Receiver receiver;
    private final Control control;
    private final MatchEngine matcher;
    private final SrqBuffers srq;

    Dispatcher(
        final PeerEvents events,
        final Sender sender,
        final Receiver receiver,
        final Control control,
        final MatchEngine matcher,
        final SrqBuffers srq)
    {
        this.events = events;
        this.sender = sender;
        this.receiver = receiver;
        this.control = control;
        this.matcher = matcher;
        this.srq = srq;
    }

    @Override
    public void onCompletion(final Completion c)
    {
        switch (c.opcode())
        {
            case CompletionOpcode.RECV:
            case CompletionOpcode.NO_TAG:
                onMessage(c);
                break;
            case CompletionOpcode.READ:
                receiver.onReadDone(c);
                break;
            case CompletionOpcode.TM_RECV:
            case CompletionOpcode.TM_ADD:
            case CompletionOpcode.TM_DEL:
            case CompletionOpcode.TM_SYNC:
                matcher.onCompletion(c);
                break;
            case CompletionOpcode.PEER_FAILED:
                events.peerFailed(c.peer());
                break;
            default:
                break;
        }
    }

    private void onMessage(final Completion c)
    {
        try
        {
            if (c.status() == CompletionStatus.SUCCESS && c.buffer() != null && c.byteLength() >= TmHeader.LENGTH)
            {
                final int offset = c.offset();
                switch (TmHeader.opcode(c.buffer(), offset))
                {
                    case TmHeader.EAGER:
                    case TmHeader.RNDV:
                        receiver.onTagged(c.peer(), c.buffer(), offset, c.byteLength());
                        break;
                    case TmHeader.FIN:
                        sender.onFin(TmHeader.appCtx(c.buffer(), offset));
                        break;
                    case TmHeader.NO_TAG:
                        control.onControl(c.peer(), c.buffer(), offset + TmHeader.LENGTH, c.byteLength() - TmHeader.LENGTH);
                        break;
                    default:
                        break;
                }
            }
        }
        finally
        {
            if (srq != null && c.status() != CompletionStatus.FLUSHED && !events.closing())
            {
                srq.repostLater(c.wrId());
            }
        }
    }
}
