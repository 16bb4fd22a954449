package io.rankwire.shm;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.TransportLayering;

/** The shm transport uses only the runtime's SPI and wire headers (see {@link TransportLayering}). */
class ShmLayeringTest
{
    @Test
    void shouldUseOnlyTheSpiAndTheWireHeaders()
    {
        TransportLayering.check("io.rankwire.shm");
    }
}
