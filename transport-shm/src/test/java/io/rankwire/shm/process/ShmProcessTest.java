package io.rankwire.shm.process;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.rankwire.Comm;
import io.rankwire.MutableStatus;
import io.rankwire.Rankwire;
import io.rankwire.RankwireConfig;
import io.rankwire.RankwireException;
import io.rankwire.buffer.MessageBuffer;
import io.rankwire.conformance.FileBootstrap;

/**
 * Rank 1 in a child JVM ({@link ShmRankMain}), rank 0 in this one: messages of every size and
 * both rendezvous paths cross between the processes intact; a child killed with SIGKILL fails
 * rank 0's waits with PEER_FAILED naming it, and nothing of the job is left in the shm directory.
 * Linux only.
 */
class ShmProcessTest
{
    private static final int[] SIZES = {0, 1, 8, 1000, 16_384, 16_385, 100_000, 1 << 20, 4 << 20, (8 << 20) - 3};

    @TempDir
    Path bootstrapDir;

    @TempDir
    Path shmDir;

    private final String jobId = "shm-process-" + System.nanoTime();
    private final byte[] secret = new byte[16];

    private Process start(final String mode) throws Exception
    {
        new SecureRandom().nextBytes(secret);
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java,
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx160m",
            "-cp", System.getProperty("java.class.path"),
            ShmRankMain.class.getName(), bootstrapDir.toString(), "1", "2", jobId, HexFormat.of().formatHex(secret),
            shmDir.toString(), mode)
            .redirectErrorStream(true)
            .redirectOutput(bootstrapDir.resolve("rank1.log").toFile())
            .start();
    }

    private RankwireConfig rank0(final String... settings)
    {
        final RankwireConfig c = new RankwireConfig().transport("shm").set("rankwire.shm.dir", shmDir.toString())
            .job(0, 2, jobId, secret).bootstrap(new FileBootstrap(bootstrapDir, 0, 2));
        for (int i = 0; i < settings.length; i += 2)
        {
            c.set(settings[i], settings[i + 1]);
        }
        return c;
    }

    private List<Path> leftInShmDir() throws Exception
    {
        try (Stream<Path> s = Files.list(shmDir))
        {
            return s.toList();
        }
    }

    private String log() throws Exception
    {
        return Files.readString(bootstrapDir.resolve("rank1.log"));
    }

    @Test
    @Timeout(120)
    void shouldCarryEverySizeBothWaysBetweenTwoJvms() throws Exception
    {
        final Process child = start("echo");
        try (Rankwire rw = Rankwire.init(rank0()))
        {
            final Comm world = rw.world();
            final ByteBuffer shared = rw.allocate(ShmRankMain.MAX);
            final byte[] back = new byte[ShmRankMain.MAX];
            final long[] crc = new long[1];
            final MutableStatus st = new MutableStatus();
            final Random random = new Random(42);
            for (final int size : SIZES)
            {
                for (final int tag : new int[] {ShmRankMain.TAG_DATA, ShmRankMain.TAG_SHARED})
                {
                    final byte[] data = new byte[size];
                    random.nextBytes(data);
                    final CRC32 expected = new CRC32();
                    expected.update(data);
                    if (tag == ShmRankMain.TAG_SHARED)
                    {
                        shared.clear();
                        shared.put(data).flip();
                        world.send(shared, 1, tag);
                    }
                    else
                    {
                        world.send(data, 0, size, 1, tag);
                    }
                    world.recv(MessageBuffer.of(crc, 0, 1), 1, tag);
                    assertEquals(expected.getValue(), crc[0], "CRC-32 at rank 1 of " + size + " bytes, tag " + tag);
                    world.recv(back, 0, back.length, 1, tag, st);
                    assertEquals(size, st.bytes());
                    assertArrayEquals(data, java.util.Arrays.copyOf(back, size), size + " bytes echoed, tag " + tag);
                }
            }
            assertTrue(rw.stats().transportCounters().get("heapBytesUsed") >= ShmRankMain.MAX, rw.stats().toString());
            world.send(new byte[0], 0, 0, 1, ShmRankMain.TAG_STOP);
        }
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "rank 1 exits");
        assertEquals(0, child.exitValue(), log());
        assertEquals(List.of(), leftInShmDir());
    }

    @Test
    @Timeout(120)
    void shouldFailAWaitOnAKilledRankWhileSleepingInTheDoorbell() throws Exception
    {
        killDuringAWait();
    }

    @Test
    @Timeout(120)
    void shouldFailAWaitOnAKilledRankWhileSpinning() throws Exception
    {
        killDuringAWait("rankwire.idle", "spin");
    }

    private void killDuringAWait(final String... settings) throws Exception
    {
        final Process child = start("hang");
        final Rankwire rw = Rankwire.init(rank0(settings).set("rankwire.timeout", "30000").set("rankwire.bootstrapTimeout", "1000"));
        try
        {
            final Comm world = rw.world();
            world.recv(new byte[0], 0, 0, 1, ShmRankMain.TAG_READY);
            assertEquals(List.of(), leftInShmDir(), "files unlinked while both ranks run");
            final Thread killer = new Thread(() ->
            {
                try
                {
                    Thread.sleep(200);
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
                child.destroyForcibly();
            });
            killer.start();
            final RankwireException e = assertThrows(RankwireException.class, () -> world.recv(new byte[1], 0, 1, 1, 5));
            killer.join();
            assertTrue(e.getMessage().contains("PEER_FAILED") && e.getMessage().contains("rank 1 failed"), e.getMessage());
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertEquals(List.of(), leftInShmDir(), "nothing of the job in the shm directory");
        }
        finally
        {
            child.destroyForcibly();
            assertThrows(RankwireException.class, rw::close, "the closing rendezvous cannot complete without rank 1");
        }
    }
}
