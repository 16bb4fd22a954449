package io.rankwire;

import java.util.Map;

/**
 * A snapshot of one rank's counters ({@link Rankwire#stats()}), for monitoring and tests: the
 * runtime's unexpected-message memory and flow control, the matching engine's hardware and
 * software matches and NIC list operations (ADD, DEL, SYNC posted, SYNC requests seen), and the
 * transport's own counters by name ({@link #transportCounters()}, empty when it exposes none).
 */
public final class RankStats
{
    private final long unexpectedBytes;
    private final long unexpectedBytesHighWater;
    private final long unexpectedBytesBound;
    private final long unexpectedMessages;
    private final long hardwareMatches;
    private final long softwareMatches;
    private final long backPressured;
    private final int activeOperations;
    private final long addsPosted;
    private final long delsPosted;
    private final long syncsPosted;
    private final long syncRequestsSeen;
    private final Map<String, Long> transportCounters;

    /**
     * @param unexpectedBytes          eager payload bytes buffered for unexpected messages now
     * @param unexpectedBytesHighWater the most such bytes ever buffered
     * @param unexpectedBytesBound     the flow-control bound on them
     * @param unexpectedMessages       messages that ever went to the unexpected queue
     * @param hardwareMatches          receives the NIC matched
     * @param softwareMatches          arrivals matched to posted receives in software
     * @param backPressured            posts the transport refused with BACK_PRESSURED (retried later)
     * @param activeOperations         operations started and not yet completed
     */
    public RankStats(
        final long unexpectedBytes,
        final long unexpectedBytesHighWater,
        final long unexpectedBytesBound,
        final long unexpectedMessages,
        final long hardwareMatches,
        final long softwareMatches,
        final long backPressured,
        final int activeOperations)
    {
        this.unexpectedBytes = unexpectedBytes;
        this.unexpectedBytesHighWater = unexpectedBytesHighWater;
        this.unexpectedBytesBound = unexpectedBytesBound;
        this.unexpectedMessages = unexpectedMessages;
        this.hardwareMatches = hardwareMatches;
        this.softwareMatches = softwareMatches;
        this.backPressured = backPressured;
        this.activeOperations = activeOperations;
        this.addsPosted = 0;
        this.delsPosted = 0;
        this.syncsPosted = 0;
        this.syncRequestsSeen = 0;
        this.transportCounters = Map.of();
    }

    /**
     * The first eight as in {@link #RankStats(long, long, long, long, long, long, long, int)}, then:
     *
     * @param offload           NIC list operations: ADDs posted, DELs posted, SYNCs posted, SYNC
     *                          requests seen (in that order; zeros without offload)
     * @param transportCounters the transport's own counters by name (copied)
     */
    public RankStats(
        final long unexpectedBytes,
        final long unexpectedBytesHighWater,
        final long unexpectedBytesBound,
        final long unexpectedMessages,
        final long hardwareMatches,
        final long softwareMatches,
        final long backPressured,
        final int activeOperations,
        final long[] offload,
        final Map<String, Long> transportCounters)
    {
        if (offload.length != 4)
        {
            throw new IllegalArgumentException("offload.length : " + offload.length + " (expected: 4)");
        }
        this.unexpectedBytes = unexpectedBytes;
        this.unexpectedBytesHighWater = unexpectedBytesHighWater;
        this.unexpectedBytesBound = unexpectedBytesBound;
        this.unexpectedMessages = unexpectedMessages;
        this.hardwareMatches = hardwareMatches;
        this.softwareMatches = softwareMatches;
        this.backPressured = backPressured;
        this.activeOperations = activeOperations;
        this.addsPosted = offload[0];
        this.delsPosted = offload[1];
        this.syncsPosted = offload[2];
        this.syncRequestsSeen = offload[3];
        this.transportCounters = Map.copyOf(transportCounters);
    }

    public long unexpectedBytes()
    {
        return unexpectedBytes;
    }

    public long unexpectedBytesHighWater()
    {
        return unexpectedBytesHighWater;
    }

    public long unexpectedBytesBound()
    {
        return unexpectedBytesBound;
    }

    public long unexpectedMessages()
    {
        return unexpectedMessages;
    }

    public long hardwareMatches()
    {
        return hardwareMatches;
    }

    public long softwareMatches()
    {
        return softwareMatches;
    }

    public long backPressured()
    {
        return backPressured;
    }

    public int activeOperations()
    {
        return activeOperations;
    }

    /** ADD (append a receive to the NIC's list) operations posted. */
    public long addsPosted()
    {
        return addsPosted;
    }

    /** DEL (withdraw a receive from the NIC's list) operations posted. */
    public long delsPosted()
    {
        return delsPosted;
    }

    /** SYNC operations posted (software caught up with the NIC's unexpected messages). */
    public long syncsPosted()
    {
        return syncsPosted;
    }

    /** SYNC requests the NIC raised (it saw a message its list could not decide). */
    public long syncRequestsSeen()
    {
        return syncRequestsSeen;
    }

    /**
     * The transport's own counters by name ({@code Transport.counterValues()}, e.g. the simulated
     * NIC's {@code matchedInHardware}, {@code syncRequests}); empty when it exposes none.
     */
    public Map<String, Long> transportCounters()
    {
        return transportCounters;
    }

    @Override
    public String toString()
    {
        return "RankStats{unexpectedBytes=" + unexpectedBytes +
            ", unexpectedBytesHighWater=" + unexpectedBytesHighWater +
            ", unexpectedBytesBound=" + unexpectedBytesBound +
            ", unexpectedMessages=" + unexpectedMessages +
            ", hardwareMatches=" + hardwareMatches +
            ", softwareMatches=" + softwareMatches +
            ", backPressured=" + backPressured +
            ", activeOperations=" + activeOperations +
            ", addsPosted=" + addsPosted +
            ", delsPosted=" + delsPosted +
            ", syncsPosted=" + syncsPosted +
            ", syncRequestsSeen=" + syncRequestsSeen +
            (transportCounters.isEmpty() ? "" : ", transport=" + transportCounters) + '}';
    }
}
