package io.rankwire.shm.process;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.zip.CRC32;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.conformance.FileBootstrap;

/**
 * A rank in its own JVM for the process tests, wired up through a {@link FileBootstrap}:
 *
 * <pre>
 *   ShmRankMain bootstrapDir rank size jobId secretHex shmDir mode
 * </pre>
 *
 * Modes: {@code echo} answers every message from rank 0 with its CRC-32 (8 bytes) and then
 * echoes it back (into a heap array or, for tag 2, a buffer of the shared heap), until a message
 * with tag 99; {@code hang} says it is ready (tag 7) and then waits for a message that never
 * comes, to be killed.
 */
public final class ShmRankMain
{
    static final int TAG_DATA = 1;
    static final int TAG_SHARED = 2;
    static final int TAG_READY = 7;
    static final int TAG_STOP = 99;
    static final int MAX = 8 << 20;

    private ShmRankMain()
    {
    }

    public static void main(final String[] args)
    {
        final RankwireConfig config = new RankwireConfig()
            .transport("shm")
            .set("rankwire.shm.dir", args[5])
            .job(Integer.parseInt(args[1]), Integer.parseInt(args[2]), args[3], HexFormat.of().parseHex(args[4]))
            .bootstrap(new FileBootstrap(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2])));
        try (Rankwire rw = Rankwire.init(config))
        {
            if ("hang".equals(args[6]))
            {
                rw.world().send(new byte[0], 0, 0, 0, TAG_READY);
                rw.world().recv(new byte[1], 0, 1, 0, TAG_DATA);
                System.exit(2);
            }
            echo(rw);
        }
        System.exit(0);
    }

    private static void echo(final Rankwire rw)
    {
        final Comm world = rw.world();
        final byte[] heap = new byte[MAX];
        final ByteBuffer shared = rw.allocate(MAX);
        final MutableStatus st = new MutableStatus();
        while (true)
        {
            world.probe(0, Comm.ANY_TAG, st);
            if (st.tag() == TAG_STOP)
            {
                world.recv(new byte[0], 0, 0, 0, TAG_STOP);
                return;
            }
            final CRC32 crc = new CRC32();
            final ByteBuffer answer;
            if (st.tag() == TAG_SHARED)
            {
                shared.clear();
                world.recv(shared, 0, TAG_SHARED, st);
                crc.update(shared.duplicate().limit(st.bytes()));
                answer = shared.duplicate().limit(st.bytes());
            }
            else
            {
                world.recv(heap, 0, MAX, 0, TAG_DATA, st);
                crc.update(heap, 0, st.bytes());
                answer = ByteBuffer.wrap(heap, 0, st.bytes());
            }
            world.send(MessageBuffer.of(new long[] {crc.getValue()}, 0, 1), 0, st.tag());
            world.send(answer, 0, st.tag());
        }
    }
}
