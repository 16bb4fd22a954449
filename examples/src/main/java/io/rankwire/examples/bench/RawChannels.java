package io.rankwire.examples.bench;

import io.rankwire.Comm;
import io.rankwire.Rankwire;

/** Opens the raw baseline that fits the job's transport. */
final class RawChannels
{
    private RawChannels()
    {
    }

    /**
     * A raw channel between ranks 0 and 1 (collective over those two ranks): shared-memory rings
     * on {@code sim}, a socket on the interface the job uses otherwise.
     */
    static RawChannel open(final Rankwire rw, final Comm world)
    {
        if (rw.config().transport().equals("sim"))
        {
            return RingRawChannel.open(world);
        }
        final String bind = rw.config().settings().getOrDefault("rankwire.bind", "127.0.0.1");
        return SocketRawChannel.open(world, bind);
    }
}
