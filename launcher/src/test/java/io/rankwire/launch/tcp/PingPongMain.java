package io.rankwire.launch.tcp;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.Status;

/** The ping-pong of docs/RUNTIME.md as a program {@code rwrun} starts; prints one line per rank. */
public final class PingPongMain
{
    private PingPongMain()
    {
    }

    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[] buf = new byte[100_000];
            Status last = null;
            for (int i = 0; i < 100; i++)
            {
                if (world.rank() == 0)
                {
                    buf[0] = (byte)i;
                    world.send(buf, 0, buf.length, peer, 1);
                    last = world.recv(buf, 0, buf.length, peer, 1);
                }
                else
                {
                    last = world.recv(buf, 0, buf.length, peer, 1);
                    world.send(buf, 0, buf.length, peer, 1);
                }
            }
            System.out.println("rank " + world.rank() + " of " + world.size() + " exchanged " + last.bytes() + " bytes, last " + buf[0]);
        }
    }
}
