package io.rankwire.sim;

import org.junit.jupiter.api.Test;

import io.rankwire.conformance.TransportLayering;

/** The sim transport uses only the runtime's SPI and wire headers (see {@link TransportLayering}). */
class SimLayeringTest
{
    @Test
    void shouldUseOnlyTheSpiAndTheWireHeaders()
    {
        TransportLayering.check("io.rankwire.sim");
    }
}
