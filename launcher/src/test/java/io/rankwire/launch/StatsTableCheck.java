package io.rankwire.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

/** Checks the table {@code rwrun --stats} prints for a job of {@link ObservedMain}. */
final class StatsTableCheck
{
    private StatsTableCheck()
    {
    }

    /**
     * Every rank sent and received {@code messages} user messages of {@code bytes} (and maybe
     * some of the runtime's own collectives on top); "offload hit" is a percentage over a NIC,
     * {@code -} otherwise; "shm bytes" the rank's shared-memory footprint over shm, {@code -} otherwise.
     */
    static void assertTable(final String err, final int size, final int messages, final int bytes, final boolean nic,
        final boolean shm)
    {
        final List<String> lines = err.lines().collect(Collectors.toList());
        final int title = lines.indexOf("rwrun: counters per rank at close");
        assertTrue(title >= 0, err);
        assertEquals(List.of("rank", "msgs", "sent", "bytes", "sent", "msgs", "recvd", "bytes", "recvd", "unexp", "peak",
            "B", "offload", "hit", "back-press", "fallbacks", "shm", "bytes"), List.of(lines.get(title + 1).trim().split("\\s+")), err);
        for (int rank = 0; rank < size; rank++)
        {
            final String[] cells = lines.get(title + 2 + rank).trim().split("\\s+");
            assertEquals(10, cells.length, err);
            assertEquals(Integer.toString(rank), cells[0], err);
            assertTrue(Long.parseLong(cells[1]) >= messages, err);
            assertTrue(Long.parseLong(cells[2]) >= (long)messages * bytes, err);
            assertTrue(Long.parseLong(cells[3]) >= messages, err);
            assertTrue(Long.parseLong(cells[4]) >= (long)messages * bytes, err);
            assertTrue(Long.parseLong(cells[5]) >= 0, err);
            assertTrue(nic ? cells[6].matches("\\d+\\.\\d%") : cells[6].equals("-"), err);
            assertTrue(Long.parseLong(cells[7]) >= 0 && Long.parseLong(cells[8]) >= 0, err);
            assertTrue(shm ? Long.parseLong(cells[9]) > 0 : cells[9].equals("-"), err);
        }
    }
}
