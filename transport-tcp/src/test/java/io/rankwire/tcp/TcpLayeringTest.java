package io.rankwire.tcp;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.TransportLayering;

/** The tcp transport uses only the runtime's SPI and wire headers (see {@link TransportLayering}). */
class TcpLayeringTest
{
    @Test
    void shouldUseOnlyTheSpiAndTheWireHeaders()
    {
        TransportLayering.check("io.rankwire.tcp");
    }
}
