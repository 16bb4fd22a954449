package io.rankwire.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class HandshakeTest
{
    private static final byte[] SECRET = new byte[32];

    @Test
    void shouldRefuseAJobIdThatDoesNotFitTheHelloFrame()
    {
        assertEquals("jobId : 256 bytes (expected: 1..255 bytes of UTF-8)",
            assertThrows(IllegalArgumentException.class, () -> new Handshake(SECRET, "j".repeat(256))).getMessage());
        assertEquals("jobId : 0 bytes (expected: 1..255 bytes of UTF-8)",
            assertThrows(IllegalArgumentException.class, () -> new Handshake(SECRET, "")).getMessage());
        // 128 two-byte characters: the limit is in bytes on the wire, not in characters
        assertEquals("jobId : 256 bytes (expected: 1..255 bytes of UTF-8)",
            assertThrows(IllegalArgumentException.class, () -> new Handshake(SECRET, "\u00e9".repeat(128))).getMessage());
    }

    @Test
    void shouldAcceptAJobIdOfExactlyTheLimit()
    {
        final char[] id = new char[Frames.MAX_JOB_ID];
        Arrays.fill(id, 'j');
        new Handshake(SECRET, new String(id));
    }
}
