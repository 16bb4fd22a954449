package io.rankwire;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A snapshot of one rank's counters ({@link Rankwire#stats()}), for monitoring and tests: the
 * runtime's unexpected-message memory, flow control and send buffer, the matching engine's hardware and
 * software matches and NIC list operations (ADD, DEL, SYNC posted, SYNC requests seen), and the
 * transport's own counters by name ({@link #transportCounters()}, empty when it exposes none).
 */
public final class RankStats
{
    private final long messagesSent;
    private final long bytesSent;
    private final long messagesReceived;
    private final long bytesReceived;
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
    private final long sendsBuffered;
    private final long sendBufferWaits;
    private final long sendBufferBytes;
    private final long sendBufferHighWater;
    private final long sendBufferBound;
    private final long creditRequests;
    private final long creditWaits;
    private final Map<String, Long> transportCounters;

    private RankStats(final Builder b)
    {
        this.messagesSent = b.messagesSent;
        this.bytesSent = b.bytesSent;
        this.messagesReceived = b.messagesReceived;
        this.bytesReceived = b.bytesReceived;
        this.unexpectedBytes = b.unexpectedBytes;
        this.unexpectedBytesHighWater = b.unexpectedBytesHighWater;
        this.unexpectedBytesBound = b.unexpectedBytesBound;
        this.unexpectedMessages = b.unexpectedMessages;
        this.hardwareMatches = b.hardwareMatches;
        this.softwareMatches = b.softwareMatches;
        this.backPressured = b.backPressured;
        this.activeOperations = b.activeOperations;
        this.addsPosted = b.addsPosted;
        this.delsPosted = b.delsPosted;
        this.syncsPosted = b.syncsPosted;
        this.syncRequestsSeen = b.syncRequestsSeen;
        this.sendsBuffered = b.sendsBuffered;
        this.sendBufferWaits = b.sendBufferWaits;
        this.sendBufferBytes = b.sendBufferBytes;
        this.sendBufferHighWater = b.sendBufferHighWater;
        this.sendBufferBound = b.sendBufferBound;
        this.creditRequests = b.creditRequests;
        this.creditWaits = b.creditWaits;
        this.transportCounters = Map.copyOf(b.transportCounters);
    }

    /** A builder with every counter 0 and no transport counters. */
    /** The counters of one engine snapshot. */
    static RankStats of(final io.rankwire.core.EngineCounters c)
    {
        final long[] ops = c.listOperations;
        final long[] buffer = c.sendBuffer;
        final long[] messages = c.messages;
        return builder()
            .messages(messages[0], messages[1], messages[2], messages[3])
            .unexpectedBytes(c.unexpectedBytes, c.unexpectedBytesHighWater, c.unexpectedBytesBound)
            .unexpectedMessages(c.unexpectedMessages)
            .matches(c.hardwareMatches, c.softwareMatches)
            .backPressured(c.backPressured)
            .activeOperations(c.activeOperations)
            .listOperations(ops[0], ops[1], ops[2], ops[3])
            .sendBuffer(buffer[0], buffer[1], buffer[2], buffer[3], buffer[4])
            .credits(c.creditRequests, c.creditWaits)
            .transportCounters(c.transportCounters)
            .build();
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * Sends that completed without error (user messages, collectives' included; a send completed
     * from a send-buffer copy counts once).
     */
    public long messagesSent()
    {
        return messagesSent;
    }

    /** Payload bytes of {@link #messagesSent()}. */
    public long bytesSent()
    {
        return bytesSent;
    }

    /** Receives that completed with a message (truncated ones included; not cancelled or failed ones). */
    public long messagesReceived()
    {
        return messagesReceived;
    }

    /** Payload bytes written into receive buffers by {@link #messagesReceived()}. */
    public long bytesReceived()
    {
        return bytesReceived;
    }

    /**
     * The share of matches the NIC made ({@code hardwareMatches / (hardwareMatches +
     * softwareMatches)}), or -1 when there were none.
     */
    public double offloadHitRate()
    {
        final long all = hardwareMatches + softwareMatches;
        return all == 0 ? -1 : (double)hardwareMatches / all;
    }

    /**
     * Every counter but the transport's, by name in a fixed order ({@code messagesSent},
     * {@code bytesSent}, {@code messagesReceived}, {@code bytesReceived},
     * {@code unexpectedBytes}, ...: the names of this class's accessors).
     */
    public Map<String, Long> asMap()
    {
        final Map<String, Long> m = new LinkedHashMap<>();
        m.put("messagesSent", messagesSent);
        m.put("bytesSent", bytesSent);
        m.put("messagesReceived", messagesReceived);
        m.put("bytesReceived", bytesReceived);
        m.put("unexpectedBytes", unexpectedBytes);
        m.put("unexpectedBytesHighWater", unexpectedBytesHighWater);
        m.put("unexpectedBytesBound", unexpectedBytesBound);
        m.put("unexpectedMessages", unexpectedMessages);
        m.put("hardwareMatches", hardwareMatches);
        m.put("softwareMatches", softwareMatches);
        m.put("backPressured", backPressured);
        m.put("activeOperations", (long)activeOperations);
        m.put("addsPosted", addsPosted);
        m.put("delsPosted", delsPosted);
        m.put("syncsPosted", syncsPosted);
        m.put("syncRequestsSeen", syncRequestsSeen);
        m.put("sendsBuffered", sendsBuffered);
        m.put("sendBufferWaits", sendBufferWaits);
        m.put("sendBufferBytes", sendBufferBytes);
        m.put("sendBufferHighWater", sendBufferHighWater);
        m.put("sendBufferBound", sendBufferBound);
        m.put("creditRequests", creditRequests);
        m.put("creditWaits", creditWaits);
        return m;
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
     * Small standard-mode sends that found no eager credit and completed at once from a copy in
     * the send buffer (the copy then went out by rendezvous): the flow-control fallback.
     */
    public long sendsBuffered()
    {
        return sendsBuffered;
    }

    /** Small standard-mode sends that found no credit and no room in the send buffer, so waited for their match. */
    public long sendBufferWaits()
    {
        return sendBufferWaits;
    }

    /** Bytes of send-buffer copies held now (until the receiver has read them). */
    public long sendBufferBytes()
    {
        return sendBufferBytes;
    }

    /** The most send-buffer bytes ever held at once. */
    public long sendBufferHighWater()
    {
        return sendBufferHighWater;
    }

    /** The bound on {@link #sendBufferBytes()} ({@code rankwire.sendBufferBytes}). */
    public long sendBufferBound()
    {
        return sendBufferBound;
    }

    /** Requests for eager credits sent to peers (a send found none and asked for them). */
    public long creditRequests()
    {
        return creditRequests;
    }

    /**
     * Blocking small sends that found no credit and polled for them (up to
     * {@code rankwire.creditWaitMicros}) before going eagerly or from a copy.
     */
    public long creditWaits()
    {
        return creditWaits;
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
        return "RankStats{messagesSent=" + messagesSent +
            ", bytesSent=" + bytesSent +
            ", messagesReceived=" + messagesReceived +
            ", bytesReceived=" + bytesReceived +
            ", unexpectedBytes=" + unexpectedBytes +
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
            ", sendsBuffered=" + sendsBuffered +
            ", sendBufferWaits=" + sendBufferWaits +
            ", sendBufferBytes=" + sendBufferBytes +
            ", sendBufferHighWater=" + sendBufferHighWater +
            ", sendBufferBound=" + sendBufferBound +
            ", creditRequests=" + creditRequests +
            ", creditWaits=" + creditWaits +
            (transportCounters.isEmpty() ? "" : ", transport=" + transportCounters) + '}';
    }

    /** Collects the counters of a {@link RankStats}; every one 0 until set. */
    public static final class Builder
    {
        private long messagesSent;
        private long bytesSent;
        private long messagesReceived;
        private long bytesReceived;
        private long unexpectedBytes;
        private long unexpectedBytesHighWater;
        private long unexpectedBytesBound;
        private long unexpectedMessages;
        private long hardwareMatches;
        private long softwareMatches;
        private long backPressured;
        private int activeOperations;
        private long addsPosted;
        private long delsPosted;
        private long syncsPosted;
        private long syncRequestsSeen;
        private long sendsBuffered;
        private long sendBufferWaits;
        private long sendBufferBytes;
        private long sendBufferHighWater;
        private long sendBufferBound;
        private long creditRequests;
        private long creditWaits;
        private Map<String, Long> transportCounters = Map.of();

        private Builder()
        {
        }

        /** Messages sent and their payload bytes, messages received and theirs. */
        public Builder messages(final long sent, final long sentBytes, final long received, final long receivedBytes)
        {
            this.messagesSent = sent;
            this.bytesSent = sentBytes;
            this.messagesReceived = received;
            this.bytesReceived = receivedBytes;
            return this;
        }

        /** Eager payload bytes buffered for unexpected messages now, the most ever, and their bound. */
        public Builder unexpectedBytes(final long now, final long highWater, final long bound)
        {
            this.unexpectedBytes = now;
            this.unexpectedBytesHighWater = highWater;
            this.unexpectedBytesBound = bound;
            return this;
        }

        /** Messages that ever went to the unexpected queue. */
        public Builder unexpectedMessages(final long count)
        {
            this.unexpectedMessages = count;
            return this;
        }

        /** Receives the NIC matched, and arrivals matched to posted receives in software. */
        public Builder matches(final long hardware, final long software)
        {
            this.hardwareMatches = hardware;
            this.softwareMatches = software;
            return this;
        }

        /** Posts the transport refused with BACK_PRESSURED (retried later). */
        public Builder backPressured(final long count)
        {
            this.backPressured = count;
            return this;
        }

        /** Operations started and not yet completed. */
        public Builder activeOperations(final int count)
        {
            this.activeOperations = count;
            return this;
        }

        /** NIC list operations: ADDs and DELs posted, SYNCs posted, SYNC requests seen. */
        public Builder listOperations(final long adds, final long dels, final long syncs, final long syncRequests)
        {
            this.addsPosted = adds;
            this.delsPosted = dels;
            this.syncsPosted = syncs;
            this.syncRequestsSeen = syncRequests;
            return this;
        }

        /** The send buffer: sends buffered, sends that waited, bytes held now, the most ever, the bound. */
        public Builder sendBuffer(final long buffered, final long waits, final long bytes, final long highWater, final long bound)
        {
            this.sendsBuffered = buffered;
            this.sendBufferWaits = waits;
            this.sendBufferBytes = bytes;
            this.sendBufferHighWater = highWater;
            this.sendBufferBound = bound;
            return this;
        }

        /** Credit requests sent, and blocking sends that polled for credits. */
        public Builder credits(final long requests, final long waits)
        {
            this.creditRequests = requests;
            this.creditWaits = waits;
            return this;
        }

        /** The transport's own counters by name (copied at {@link #build()}). */
        public Builder transportCounters(final Map<String, Long> counters)
        {
            this.transportCounters = counters;
            return this;
        }

        public RankStats build()
        {
            return new RankStats(this);
        }
    }
}
