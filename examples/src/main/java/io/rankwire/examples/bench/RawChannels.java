package io.rankwire.examples.bench;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;

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
     * interface the job uses otherwise. It waits as the job's ranks do: with
     * {@code rankwire.idle=spin} it busy-polls (a non-blocking socket read in a loop, the ring
     * polled without pause), otherwise a socket blocks in the kernel and the ring spins, yields
     * and parks in the shape of Rankwire's default wait ({@link RawWait}).
     */
    static RawChannel open(final Rankwire rw, final Comm world)
    {
        final String path = rw.transportOf(world.rank() == 0 ? 1 : 0);
        final boolean spin = rw.config().idle() == RankwireConfig.Idle.SPIN;
        if (rw.config().transport().equals("sim") || path.equals("shm"))
        {
            return RingRawChannel.open(world, spin);
        }
        final String bind = rw.config().settings().getOrDefault("rankwire.bind", "127.0.0.1");
        return SocketRawChannel.open(world, bind, spin);
    }
}
