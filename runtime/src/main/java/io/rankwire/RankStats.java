package io.rankwire;

/**
 * A snapshot of one rank's counters ({@link Rankwire#stats()}), for monitoring and tests.
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
            ", activeOperations=" + activeOperations + '}';
    }
}
