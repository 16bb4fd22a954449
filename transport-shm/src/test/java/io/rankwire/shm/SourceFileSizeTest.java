package io.rankwire.shm;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.SourceFileSize;

/** The shm transport's main source files stay short, like the runtime's ({@link SourceFileSize}). */
class SourceFileSizeTest
{
    @Test
    void shouldKeepEveryMainSourceFileShort()
    {
        SourceFileSize.checkMainSources();
    }
}
