package io.rankwire.launch;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.SourceFileSize;

/** The launcher's main source files stay short, like the runtime's ({@link SourceFileSize}). */
class SourceFileSizeTest
{
    @Test
    void shouldKeepEveryMainSourceFileShort()
    {
        SourceFileSize.checkMainSources();
    }
}
