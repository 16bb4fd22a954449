package io.rankwire.proto;

/**
 * What the protocols take from the rank's configuration ({@code RankwireConfig}).
 *
 * @param eagerLimit      largest eager payload; -1 for the transport's own
 *                        ({@code rankwire.eagerLimit})
 * @param unexpectedBytes bound on eager payload bytes buffered for unexpected messages; each
 *                        peer is granted an equal share ({@code rankwire.unexpectedBytes})
 * @param credits         eager messages each peer may have outstanding ({@code rankwire.credits})
 * @param sendBufferBytes bound on the send buffer's copies ({@code rankwire.sendBufferBytes})
 * @param offloadMinBytes receives smaller than this stay in software ({@code rankwire.offloadMinBytes})
 * @param srqBuffers      plain SRQ buffers posted with an offload port ({@code rankwire.srqBuffers})
 */
public record ProtocolSettings(
    int eagerLimit, long unexpectedBytes, int credits, long sendBufferBytes, int offloadMinBytes, int srqBuffers)
{
    /**
     * What each copy in the send buffer counts beyond its payload (its bookkeeping), so that tiny
     * copies cannot hold many times the bound in heap.
     */
    public static final int SEND_BUFFER_COPY_OVERHEAD = 256;
}
