package io.rankwire.launch;

import io.rankwire.Comm;
import io.rankwire.Rankwire;
import io.rankwire.RankwireException;
import io.rankwire.buffer.MessageBuffer;

/**
 * Every rank first exchanges with every other one (so every pair is connected), then rank 1 ends
 * the job: {@code abort CODE} calls {@link Rankwire#abort}, {@code kill} kills its own process
 * with SIGKILL (a real fault). The other ranks wait in a receive from rank 1 and print how it
 * failed, then how their {@code close()} ended; one still in the barrier when rank 1 ends the
 * job prints how the barrier failed instead.
 */
final class AbortMain
{
    private AbortMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Rankwire rw = Rankwire.init(args);
        final Comm world = rw.world();
        final int n = world.size();
        world.allToAll(MessageBuffer.of(new byte[4 * n]),
            MessageBuffer.of(new byte[4 * n])); // connects every pair
        try
        {
            // rank 1 may leave the barrier, and end the job, before the others have left it
            world.barrier();
        }
        catch (final RankwireException | IllegalStateException e)
        {
            System.out.println("rank " + world.rank() + " barrier failed: " + e.getMessage());
        }
        if (world.rank() == 1)
        {
            System.out.println("rank 1 ends the job: " + String.join(" ", args));
            System.out.flush();
            if (args[0].equals("kill"))
            {
                new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
                Thread.sleep(Long.MAX_VALUE);
            }
            rw.abort(Integer.parseInt(args[1]));
            System.out.println("rank 1 returned from abort?");
        }
        try
        {
            world.recv(new byte[16], 0, 16, 1, 1);
            System.out.println("rank " + world.rank() + " received?");
        }
        catch (final RankwireException | IllegalStateException e)
        {
            System.out.println("rank " + world.rank() + " recv failed: " + e.getMessage());
        }
        try
        {
            rw.close();
            System.out.println("rank " + world.rank() + " closed");
        }
        catch (final RankwireException e)
        {
            System.out.println("rank " + world.rank() + " close failed: " + e.getMessage());
        }
    }
}
