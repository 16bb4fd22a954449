package io.rankwire.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A read-only snapshot of one simulated NIC's counters, taken atomically with respect to the
 * NIC's state ({@link SimFabric#counters(int)}, {@link SimTransport#counters()}).
 */
public final class SimCounters
{
    private final int rank;
    private final long matchedInHardware;
    private final long toSoftware;
    private final int hwUnexp;
    private final long noTag;
    private final long untagged;
    private final long syncRequests;
    private final long adds;
    private final long dels;
    private final long syncs;
    private final long opErrors;
    private final long rndvReads;
    private final long bytesRead;
    private final long rndvIncomplete;
    private final long lengthErrors;
    private final long remoteAccessErrors;
    private final long rnrWaits;
    private final long cqOverflows;
    private final long dropped;
    private final long inlineCqes;

    SimCounters(final int rank, final long[] v, final int hwUnexp)
    {
        this.rank = rank;
        this.hwUnexp = hwUnexp;
        this.matchedInHardware = v[NicCounters.MATCHED];
        this.toSoftware = v[NicCounters.TO_SOFTWARE];
        this.noTag = v[NicCounters.NO_TAG];
        this.untagged = v[NicCounters.UNTAGGED];
        this.syncRequests = v[NicCounters.SYNC_REQ];
        this.adds = v[NicCounters.ADDS];
        this.dels = v[NicCounters.DELS];
        this.syncs = v[NicCounters.SYNCS];
        this.opErrors = v[NicCounters.OP_ERRORS];
        this.rndvReads = v[NicCounters.RNDV_READS];
        this.bytesRead = v[NicCounters.BYTES_READ];
        this.rndvIncomplete = v[NicCounters.RNDV_INCOMPLETE];
        this.lengthErrors = v[NicCounters.LENGTH_ERRORS];
        this.remoteAccessErrors = v[NicCounters.REMOTE_ACCESS_ERRORS];
        this.rnrWaits = v[NicCounters.RNR_WAITS];
        this.cqOverflows = v[NicCounters.CQ_OVERFLOWS];
        this.dropped = v[NicCounters.DROPPED];
        this.inlineCqes = v[NicCounters.INLINE_CQES];
    }

    /** Tagged messages the NIC matched to a tagged buffer (TM_RECV with MATCH). */
    public long matchedInHardware()
    {
        return matchedInHardware;
    }

    /** Tagged messages (EAGER, RNDV) handed to software through the SRQ as unexpected. */
    public long toSoftware()
    {
        return toSoftware;
    }

    /** The NIC's unexpected-message count {@code hwUnexp}. */
    public int hwUnexp()
    {
        return hwUnexp;
    }

    /** NO_TAG messages delivered (never matched, never counted in hwUnexp). */
    public long noTag()
    {
        return noTag;
    }

    /** FIN (and other untagged) messages delivered to the SRQ, not counted in hwUnexp. */
    public long untagged()
    {
        return untagged;
    }

    /** List-operation completions flagged SYNC_REQ. */
    public long syncRequests()
    {
        return syncRequests;
    }

    public long adds()
    {
        return adds;
    }

    public long dels()
    {
        return dels;
    }

    public long syncs()
    {
        return syncs;
    }

    /** List operations that completed with TM_ERR. */
    public long opErrors()
    {
        return opErrors;
    }

    /** Bytes this NIC read from peers (rendezvous and {@code postRead}). */
    public long bytesRead()
    {
        return bytesRead;
    }

    public long rndvIncomplete()
    {
        return rndvIncomplete;
    }

    public long remoteAccessErrors()
    {
        return remoteAccessErrors;
    }

    /** Messages that found no plain SRQ buffer and waited on their wire (RNR). */
    public long rnrWaits()
    {
        return rnrWaits;
    }

    /** CQEs that found the completion ring full and waited in the overflow list. */
    public long cqOverflows()
    {
        return cqOverflows;
    }

    /** Messages for a plain SRQ buffer that travelled inside their CQE ({@code cqeInlineBytes}). */
    public long inlineCqes()
    {
        return inlineCqes;
    }

    /** The counters by name, in the order of {@link #toString()} (rank excluded). */
    public Map<String, Long> toMap()
    {
        final Map<String, Long> m = new LinkedHashMap<>();
        m.put("matchedInHardware", matchedInHardware);
        m.put("toSoftware", toSoftware);
        m.put("hwUnexp", (long)hwUnexp);
        m.put("noTag", noTag);
        m.put("untagged", untagged);
        m.put("syncRequests", syncRequests);
        m.put("adds", adds);
        m.put("dels", dels);
        m.put("syncs", syncs);
        m.put("opErrors", opErrors);
        m.put("rndvReads", rndvReads);
        m.put("bytesRead", bytesRead);
        m.put("rndvIncomplete", rndvIncomplete);
        m.put("lengthErrors", lengthErrors);
        m.put("remoteAccessErrors", remoteAccessErrors);
        m.put("rnrWaits", rnrWaits);
        m.put("cqOverflows", cqOverflows);
        m.put("dropped", dropped);
        m.put("inlineCqes", inlineCqes);
        return Collections.unmodifiableMap(m);
    }

    @Override
    public String toString()
    {
        return "SimCounters{rank=" + rank +
            ", matchedInHardware=" + matchedInHardware +
            ", toSoftware=" + toSoftware +
            ", hwUnexp=" + hwUnexp +
            ", noTag=" + noTag +
            ", untagged=" + untagged +
            ", syncRequests=" + syncRequests +
            ", adds=" + adds +
            ", dels=" + dels +
            ", syncs=" + syncs +
            ", opErrors=" + opErrors +
            ", rndvReads=" + rndvReads +
            ", bytesRead=" + bytesRead +
            ", rndvIncomplete=" + rndvIncomplete +
            ", lengthErrors=" + lengthErrors +
            ", remoteAccessErrors=" + remoteAccessErrors +
            ", rnrWaits=" + rnrWaits +
            ", cqOverflows=" + cqOverflows +
            ", dropped=" + dropped +
            ", inlineCqes=" + inlineCqes + '}';
    }
}
