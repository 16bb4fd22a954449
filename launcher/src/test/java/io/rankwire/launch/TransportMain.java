package io.rankwire.launch;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.bootstrap.JobEnvironment;

/**
 * Rank 0 and rank 1 exchange one message over the job's transport; each prints what it got,
 * the transport and its process id: {@code rank 1 of 2 over relay got 7 from 0 pid=1234}.
 */
final class TransportMain
{
    private TransportMain()
    {
    }

    public static void main(final String[] args)
    {
        final String transport = JobEnvironment.current().orElseThrow().transport();
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final int peer = 1 - world.rank();
            final byte[] buf = new byte[8];
            final int got;
            if (world.rank() == 0)
            {
                buf[0] = 7;
                world.send(buf, 0, buf.length, peer, 1);
                world.recv(buf, 0, buf.length, peer, 2);
                got = buf[0];
            }
            else
            {
                world.recv(buf, 0, buf.length, peer, 1);
                got = buf[0];
                buf[0]++;
                world.send(buf, 0, buf.length, peer, 2);
            }
            System.out.println("rank " + world.rank() + " of " + world.size() + " over " + transport + " got " +
                got + " from " + peer + " pid=" + ProcessHandle.current().pid());
        }
    }
}
