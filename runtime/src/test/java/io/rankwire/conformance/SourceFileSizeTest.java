package io.rankwire.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class SourceFileSizeTest
{
    @TempDir
    Path root;

    @Test
    void shouldPassFilesAtTheLimit() throws IOException
    {
        write("a/Short.java", 3);
        write("a/b/AtLimit.java", 450);
        assertDoesNotThrow(() -> SourceFileSize.check(root, 450));
    }

    @Test
    void shouldNameEveryFileOverTheLimit() throws IOException
    {
        write("a/Short.java", 3);
        write("a/Long.java", 451);
        write("a/b/Longer.java", 600);
        write("a/b/notes.txt", 900);
        final AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> SourceFileSize.check(root, 450));
        assertTrue(e.getMessage().contains("Long.java=451"), e.getMessage());
        assertTrue(e.getMessage().contains("Longer.java=600"), e.getMessage());
        assertTrue(!e.getMessage().contains("Short.java") && !e.getMessage().contains("notes.txt"), e.getMessage());
    }

    @Test
    void shouldFailWhenThereIsNoSource() throws IOException
    {
        write("a/readme.txt", 1);
        assertThrows(AssertionFailedError.class, () -> SourceFileSize.check(root, 450));
    }

    private void write(final String name, final int lines) throws IOException
    {
        final Path f = root.resolve(name);
        Files.createDirectories(f.getParent());
        Files.write(f, Collections.nCopies(lines, "//"));
    }
}
