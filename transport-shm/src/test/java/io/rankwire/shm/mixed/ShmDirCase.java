package io.rankwire.shm.mixed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test whose jobs map their shared memory in a fresh directory of its own, short (Unix socket
 * paths are limited to about 100 characters) and private to the test, which must be empty when
 * the test ends.
 */
abstract class ShmDirCase
{
    Path shmDir;

    @BeforeEach
    void makeShmDir() throws IOException
    {
        shmDir = Files.createTempDirectory(Path.of("/tmp"), "mx");
    }

    @AfterEach
    void removeShmDir() throws IOException
    {
        try (Stream<Path> left = Files.list(shmDir))
        {
            assertEquals(List.of(), left.collect(Collectors.toList()), "left in the shm directory");
        }
        Files.delete(shmDir);
    }
}
