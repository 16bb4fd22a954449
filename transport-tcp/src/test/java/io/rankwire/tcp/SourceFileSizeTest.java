package io.rankwire.tcp;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.SourceFileSize;

/**
 * The tcp transport's main source files stay short: at most {@value #MAX_LINES} lines, tighter
 * than the project's {@value SourceFileSize#MAX_LINES} ({@link SourceFileSize}), so that no file
 * carries two roles again.
 */
class SourceFileSizeTest
{
    static final int MAX_LINES = 400;

    @Test
    void shouldKeepEveryMainSourceFileShort()
    {
        SourceFileSize.check(Path.of("src/main/java"), MAX_LINES);
    }
}
