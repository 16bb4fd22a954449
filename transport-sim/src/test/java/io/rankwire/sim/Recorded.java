package io.rankwire.sim;

import java.util.ArrayList;
import java.util.List;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;
import io.rankwire.spi.CompletionStatus;

/** A copy of a completion that outlives the poll, with the bytes of a RECV/NO_TAG buffer view. */
final class Recorded
{
    final int opcode;
    final int status;
    final int flags;
    final long wrId;
    final int peer;
    final int handle;
    final long tag;
    final int appCtx;
    final int byteLength;
    final byte[] bytes;

    Recorded(final Completion c)
    {
        opcode = c.opcode();
        status = c.status();
        flags = c.flags();
        wrId = c.wrId();
        peer = c.peer();
        handle = c.handle();
        tag = c.tag();
        appCtx = c.appCtx();
        byteLength = c.byteLength();
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

    /** A handler appending copies to {@code out}. */
    static CompletionHandler into(final List<Recorded> out)
    {
        return c -> out.add(new Recorded(c));
    }

    /** Polls {@code t} until nothing more arrives; returns what arrived. */
    static List<Recorded> drain(final SimTransport t)
    {
        final List<Recorded> out = new ArrayList<>();
        while (t.poll(into(out), 64) > 0)
        {
            // keep draining
        }
        return out;
    }

    boolean has(final int flag)
    {
        return (flags & flag) == flag;
    }

    @Override
    public String toString()
    {
        return CompletionOpcode.name(opcode) + "/" + CompletionStatus.name(status) + "/f" + flags +
            "/wr" + wrId + "/p" + peer + "/h" + handle + "/t" + Long.toHexString(tag) + "/n" + byteLength;
    }
}
