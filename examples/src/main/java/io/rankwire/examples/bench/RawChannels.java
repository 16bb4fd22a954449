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
     * (an Agrona ring per direction in a mapped file) when Rankwire reaches the other rank through
     * memory ({@code sim}, or {@code shm} between two JVMs of one host), a socket on the
     * interface the job uses otherwise.
     */
    static RawChannel open(final Rankwire rw, final Comm world)
    {
        final String path = rw.transportOf(world.rank() == 0 ? 1 : 0);
        if (rw.config().transport().equals("sim") || path.equals("shm"))
        {
            return RingRawChannel.open(world);
        }
        final String bind = rw.config().settings().getOrDefault("rankwire.bind", "127.0.0.1");
        return SocketRawChannel.open(world, bind);
    }
}
