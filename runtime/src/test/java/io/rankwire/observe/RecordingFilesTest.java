package io.rankwire.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A running recording's file name gets the rank number for {@code %r} and the process id for {@code %p}. */
class RecordingFilesTest
{
    @TempDir
    Path dir;

    @Test
    void shouldPutTheRankAndThePidIntoTheFileNamesOfRunningRecordings() throws Exception
    {
        final long pid = ProcessHandle.current().pid();
        try (Recording perRank = new Recording(); Recording plain = new Recording())
        {
            perRank.setDestination(dir.resolve("rank-%r-%p.jfr"));
            plain.setDestination(dir.resolve("job.jfr"));
            perRank.start();
            plain.start();

            RecordingFiles.name(5);
            RecordingFiles.name(6); // a second rank of the same JVM finds nothing left to name

            assertEquals(dir.resolve("rank-5-" + pid + ".jfr"), perRank.getDestination());
            assertEquals(dir.resolve("job.jfr"), plain.getDestination());
        }
    }

    @Test
    void shouldExpandEveryPlaceholder()
    {
        assertEquals("/tmp/%x/r12/rank-12-77.jfr", RecordingFiles.expand("/tmp/%x/r%r/rank-%r-%p.jfr", 12, 77));
        assertEquals("job.jfr", RecordingFiles.expand("job.jfr", 0, 1));
    }
}
