package io.rankwire.conformance;

import org.agrona.concurrent.UnsafeBuffer;

import io.rankwire.proto.TmHeader;
import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionOpcode;

/** A copy of one completion (its bytes too), for transport tests that poll a transport directly. */
public class CompletionCopy
{
    public final int opcode;
    public final int peer;
    public final int status;
    public final long wrId;
    public final byte[] bytes;

    public CompletionCopy(final Completion c)
    {
        opcode = c.opcode();
        peer = c.peer();
        status = c.status();
        wrId = c.wrId();
        if (c.buffer() != null)
        {
            bytes = new byte[c.byteLength()];
            c.buffer().getBytes(c.offset(), bytes);
        }
        else
        {
            bytes = null;
        }
    }

    /** The tag of the TMH at the start of the copied bytes. */
    public long tag()
    {
        return TmHeader.tag(new UnsafeBuffer(bytes), 0);
    }

    @Override
    public String toString()
    {
        return CompletionOpcode.name(opcode) + " from " + peer + " status " + status + " wrId " + wrId;
    }
}
