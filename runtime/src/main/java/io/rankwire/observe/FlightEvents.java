package io.rankwire.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** The event types {@link Flight} commits; see its table. Instant events without stack traces. */
final class FlightEvents
{
    private FlightEvents()
    {
    }

    @Name("io.rankwire.Send")
    @Label("Send")
    @Description("A send completed at its sender")
    @Category({"Rankwire", "Messages"})
    @Enabled(false)
    @StackTrace(false)
    static final class Send extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Peer")
        int peer;
        @Label("Tag")
        int tag;
        @Label("Bytes")
        @DataAmount
        int bytes;
        @Label("Protocol")
        @Description("eager, rendezvous, or buffered (completed from a copy in the send buffer)")
        String protocol;
    }

    @Name("io.rankwire.Receive")
    @Label("Receive")
    @Description("A receive completed")
    @Category({"Rankwire", "Messages"})
    @Enabled(false)
    @StackTrace(false)
    static final class Receive extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Source")
        int source;
        @Label("Tag")
        int tag;
        @Label("Bytes")
        @DataAmount
        int bytes;
        @Label("Error")
        @Description("0, or the Status error code")
        int error;
    }

    @Name("io.rankwire.Match")
    @Label("Match")
    @Description("A message met its receive (where: nic, posted, from-unexpected) or went unexpected")
    @Category({"Rankwire", "Messages"})
    @Enabled(false)
    @StackTrace(false)
    static final class Match extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Source")
        int source;
        @Label("Tag")
        int tag;
        @Label("Bytes")
        @DataAmount
        int bytes;
        @Label("Where")
        String where;
    }

    @Name("io.rankwire.Rendezvous")
    @Label("Rendezvous")
    @Description("A rendezvous transfer ended, at the sender (FIN) or at the receiver (read done)")
    @Category({"Rankwire", "Protocols"})
    @StackTrace(false)
    static final class Rendezvous extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Peer")
        int peer;
        @Label("Bytes")
        @DataAmount
        int bytes;
        @Label("Role")
        String role;
        @Label("Error")
        int error;
    }

    @Name("io.rankwire.SendBufferCopy")
    @Label("Send Buffer Copy")
    @Description("A small send found no eager credit and completed from a copy in the send buffer (flow-control fallback)")
    @Category({"Rankwire", "Protocols"})
    @StackTrace(false)
    static final class SendBufferCopy extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Peer")
        int peer;
        @Label("Bytes")
        @DataAmount
        int bytes;
    }

    @Name("io.rankwire.PeerFailure")
    @Label("Peer Failure")
    @Description("A peer failed; the operations on it completed with an error")
    @Category({"Rankwire", "Failures"})
    @StackTrace(true)
    static final class PeerFailure extends Event
    {
        @Label("Rank")
        int rank;
        @Label("Peer")
        int peer;
        @Label("Reason")
        String reason;
        @Label("Failed Operations")
        int failedOperations;
    }
}
