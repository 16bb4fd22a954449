package io.rankwire.examples;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every example, with small sizes, as a launched job on both transports. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ExamplesTest
{
    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldPrintPingPongLatencyForEverySize(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, PingPong.class, "20");
        assertEquals(0, r.code, r::toString);
        r.line(0, "PingPong over " + transport + ": 2 ranks");
        for (final int size : new int[] {0, 8, 1024, 65536, 1048576})
        {
            final Matcher m = r.line(0, "\\s*" + size + "\\s+(\\d+)\\s+(\\d+\\.\\d+)\\s+(\\d+\\.\\d+)");
            assertEquals(size >= 65536 ? 2 : 20, Integer.parseInt(m.group(1)), r::toString);
            assertTrue(Double.parseDouble(m.group(2)) > 0, r::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldGreetFromEveryRank(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 3, Hello.class);
        assertEquals(0, r.code, r::toString);
        for (int rank = 0; rank < 3; rank++)
        {
            r.line(rank, "Hello from rank " + rank + " of 3");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldCarryTheRingTokenAroundAllRanks(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 3, Ring.class, "2");
        assertEquals(0, r.code, r::toString);
        r.line(0, "Ring OK: 3 ranks, 2 lap\\(s\\), sum=6");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldMatchTheSerialStencilOnAProcessGrid(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 4, Halo2D.class, "20", "14", "6");
        assertEquals(0, r.code, r::toString);
        r.line(0, "Halo2D grid 20x14 on 2x2 ranks, 6 iterations");
        final Matcher m = r.line(0, "Halo2D OK max\\|diff\\|=(\\S+)");
        assertTrue(Double.parseDouble(m.group(1)) <= 1e-12, r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldHandOutEveryTaskAndStopTheWorkers(final String transport)
    {
        final int tasks = 30;
        long expected = 0;
        for (int t = 0; t < tasks; t++)
        {
            expected += MasterWorker.work(t);
        }
        final Launch.Result r = Launch.run(transport, 3, MasterWorker.class, Integer.toString(tasks));
        assertEquals(0, r.code, r::toString);
        final Matcher m = r.line(0, "MasterWorker OK: 30 tasks, 2 workers, total=" + expected +
            ", tasks per worker \\[1:(\\d+) 2:(\\d+)\\]");
        assertEquals(tasks, Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2)), r::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldTransferALargeMessageWithMatchingChecksums(final String transport)
    {
        final int size = 3 << 20;
        final byte[] data = new byte[size];
        new SplittableRandom(42).nextBytes(data);
        final CRC32 crc = new CRC32();
        crc.update(data, 0, size);
        final String hex = String.format("%08x", crc.getValue());

        final Launch.Result r = Launch.run(transport, 2, BigTransfer.class, "3M");
        assertEquals(0, r.code, r::toString);
        r.line(0, "BigTransfer " + size + " bytes in \\S+ ms: \\S+ MB/s, crc32 sent=" + hex + " received=" + hex);
        r.line(0, "BigTransfer OK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "tcp"})
    void shouldShowWhereReceivesWereMatched(final String transport)
    {
        final Launch.Result r = Launch.run(transport, 2, OffloadStats.class, "8");
        assertEquals(0, r.code, r::toString);
        final String nic = transport.equals("sim") ? "8" : "0";
        final String sw = transport.equals("sim") ? "0" : "8";
        r.line(1, "pre-posted, exact tag\\s+4096\\s+" + nic + "\\s+" + sw + "\\s+0");
        r.line(1, "pre-posted, exact tag, small\\s+64\\s+0\\s+8\\s+0");
        r.line(1, "pre-posted, exact tag, rendezvous\\s+65536\\s+" + nic + "\\s+" + sw + "\\s+0");
        r.line(1, "pre-posted, ANY_SOURCE\\s+4096\\s+0\\s+8\\s+0");
        r.line(1, "posted after the messages arrived\\s+4096\\s+0\\s+8\\s+8");
    }
}
