package io.rankwire.launch.shm;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import io.rankwire.Rankwire;
import io.rankwire.bootstrap.JobEnvironment;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.HostIdentity;

/**
 * Rank 1 of a 2-rank job kills itself with SIGKILL. Arguments: {@code running}: after both ranks
 * are wired up, while rank 0 waits for a message from it; {@code wireup SHM_DIR}: in the middle of
 * wire-up, once its segment exists in {@code SHM_DIR} (rank 0 only publishes its host and the
 * host's space verdict and never starts Rankwire, so rank 1 waits for it with its files in place).
 * {@code hold SHM_DIR}: the same, but rank 1 prints {@code segment present; holding} and waits
 * to be killed from outside (launcher and ranks together). {@code done}: both ranks wire up,
 * print over which transport they reach each other, and close.
 */
final class ShmKillMain
{
    /** The key under which the shm wire-up's first rank of a host says whether the host has room. */
    private static final String SPACE_KEY = "shm.space";

    private ShmKillMain()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int rank = Integer.parseInt(System.getenv("RANKWIRE_RANK"));
        if (args[0].equals("wireup") || args[0].equals("hold"))
        {
            if (rank == 0)
            {
                // says which host it is on and that the host has room, as the shm wire-up's first rank does, and goes no further
                final Bootstrap bootstrap = JobEnvironment.current().orElseThrow().bootstrap();
                bootstrap.put(HostIdentity.KEY, HostIdentity.real().getBytes(StandardCharsets.UTF_8));
                bootstrap.put(SPACE_KEY, new byte[] {1});
                Thread.sleep(Long.MAX_VALUE);
            }
            final Thread init = new Thread(() -> Rankwire.init(new String[0]), "init");
            init.setDaemon(true);
            init.start();
            final Path dir = Path.of(args[1]);
            while (!hasSegment(dir))
            {
                Thread.sleep(10);
            }
            if (args[0].equals("hold"))
            {
                System.out.println("segment present; holding");
                Thread.sleep(Long.MAX_VALUE);
            }
            System.out.println("segment present; killing myself");
            killMyself();
        }
        try (Rankwire rw = Rankwire.init(args))
        {
            System.out.println("rank " + rank + " reaches rank " + (1 - rank) + " over " + rw.transportOf(1 - rank));
            rw.world().barrier();
            if (args[0].equals("done"))
            {
                return;
            }
            if (rank == 1)
            {
                killMyself();
            }
            rw.world().recv(new byte[8], 0, 8, 1, 5);
        }
    }

    private static boolean hasSegment(final Path dir) throws Exception
    {
        try (Stream<Path> jobs = Files.list(dir))
        {
            return jobs.anyMatch(j -> Files.exists(j.resolve("rank-1")));
        }
    }

    private static void killMyself() throws Exception
    {
        System.out.flush();
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
        Thread.sleep(Long.MAX_VALUE);
    }
}
