package io.rankwire.core;

import java.util.Map;

import io.rankwire.proto.ProtocolCounters;

/**
 * One snapshot of a rank's counters, taken under the engine's lock: the protocols' counters, the
 * engine's credit waits and the transport's own. The API presents it as {@code RankStats}.
 */
public final class EngineCounters
{
    /** Messages sent, bytes sent, messages received, bytes received. */
    public final long[] messages;
    /** Unexpected bytes held now, their high-water mark, and their bound. */
    public final long unexpectedBytes;
    public final long unexpectedBytesHighWater;
    public final long unexpectedBytesBound;
    /** Unexpected messages seen. */
    public final long unexpectedMessages;
    /** Receives matched by the NIC and by software. */
    public final long hardwareMatches;
    public final long softwareMatches;
    /** Sends that found the transport back-pressured. */
    public final long backPressured;
    /** Operations started and not yet completed. */
    public final int activeOperations;
    /** Tag-list ADDs, DELs, SYNCs and SYNC requests. */
    public final long[] listOperations;
    /** Send-buffer: messages buffered, waits, bytes now, high-water mark, bound. */
    public final long[] sendBuffer;
    /** Credit requests sent and waits for credits. */
    public final long creditRequests;
    public final long creditWaits;
    /** The transport's counters by name. */
    public final Map<String, Long> transportCounters;

    EngineCounters(final ProtocolCounters c, final long creditWaits, final Map<String, Long> transportCounters)
    {
        this.messages = c.messages();
        this.unexpectedBytes = c.unexpectedBytes();
        this.unexpectedBytesHighWater = c.unexpectedBytesHighWater();
        this.unexpectedBytesBound = c.unexpectedBytesBound();
        this.unexpectedMessages = c.unexpectedMessages();
        this.hardwareMatches = c.hardwareMatches();
        this.softwareMatches = c.softwareMatches();
        this.backPressured = c.backPressured();
        this.activeOperations = c.activeTransfers();
        this.listOperations = c.listOperations();
        this.sendBuffer = c.sendBuffer();
        this.creditRequests = c.creditRequests();
        this.creditWaits = creditWaits;
        this.transportCounters = transportCounters;
    }
}
