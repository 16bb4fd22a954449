package io.rankwire.proto;

/**
 * A snapshot of the protocols' counters, from which the engine builds the API's statistics.
 *
 * @param unexpectedBytes          eager payload bytes buffered for unexpected messages now
 * @param unexpectedBytesHighWater the most ever
 * @param unexpectedBytesBound     their bound
 * @param unexpectedMessages       messages that ever went to the unexpected queue
 * @param hardwareMatches          receives the NIC matched
 * @param softwareMatches          arrivals matched to posted receives in software
 * @param backPressured            posts the transport refused with BACK_PRESSURED
 * @param activeTransfers          transfers started and not yet complete
 * @param listOperations           NIC list operations: ADDs, DELs, SYNCs posted, SYNC requests seen
 * @param sendBuffer               sends buffered, sends that waited, bytes held, high-water mark, bound
 * @param creditRequests           credit requests sent
 * @param messages                 messages sent, their payload bytes, messages received, theirs
 */
public record ProtocolCounters(
    long unexpectedBytes,
    long unexpectedBytesHighWater,
    long unexpectedBytesBound,
    long unexpectedMessages,
    long hardwareMatches,
    long softwareMatches,
    long backPressured,
    int activeTransfers,
    long[] listOperations,
    long[] sendBuffer,
    long creditRequests,
    long[] messages)
{
}
