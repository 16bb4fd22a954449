package io.rankwire.observe;

import java.util.concurrent.atomic.AtomicBoolean;

import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * Rankwire's JDK Flight Recorder events, committed only while a recording runs. {@link #on()} is
 * a volatile flag the recorder's state changes set once {@link #init()} listens to them; the message path reads it and touches the
 * event classes only when it is true, so without a recording nothing is allocated and nothing
 * but that read is paid. Without the {@code jdk.jfr} module the flag stays false.
 *
 * <pre>
 *   event                        enabled in a     fields
 *                                recording by
 *                                default
 *   io.rankwire.Send             no  (per message) rank, peer, tag, bytes, protocol
 *   io.rankwire.Receive          no  (per message) rank, source, tag, bytes, error
 *   io.rankwire.Match            no  (per message) rank, source, tag, bytes, where
 *   io.rankwire.Rendezvous       yes               rank, peer, bytes, role, error
 *   io.rankwire.SendBufferCopy   yes               rank, peer, bytes
 *   io.rankwire.PeerFailure      yes               rank, peer, reason, failedOperations
 * </pre>
 *
 * Per-message events are enabled by name ({@code Recording.enable("io.rankwire.Send")}, or a
 * {@code .jfc} file); the others are on in any recording. Methods are called by the thread that
 * drives a rank's engine; they never throw.
 */
public final class Flight
{
    /** Where a message met its receive ({@code io.rankwire.Match}'s {@code where}). */
    public static final String NIC = "nic";
    /** Matched by software to a posted receive on arrival. */
    public static final String POSTED = "posted";
    /** No receive matched on arrival: queued as unexpected. */
    public static final String UNEXPECTED = "unexpected";
    /** A receive posted later found it in the unexpected queue. */
    public static final String FROM_UNEXPECTED = "from-unexpected";

    private static final AtomicBoolean LISTENING = new AtomicBoolean();
    private static volatile boolean on;

    private Flight()
    {
    }

    /** True while any recording runs (a volatile read; the events' own settings decide the rest). */
    public static boolean on()
    {
        return on;
    }

    /**
     * Whether the flight recorder is up in this JVM (a recording was started), without loading
     * anything of it: cheap, unlike {@link #init()}.
     */
    public static boolean recorderRunning()
    {
        try
        {
            return FlightRecorder.isInitialized();
        }
        catch (final LinkageError e)
        {
            return false;
        }
    }

    /**
     * Listens to the recorder's state from now on, so that recordings started later are seen
     * (25-200 ms of class loading when no recording runs yet). Once per JVM; any thread.
     */
    public static void init()
    {
        if (!LISTENING.compareAndSet(false, true))
        {
            return;
        }
        try
        {
            FlightRecorder.addListener(new Listener());
        }
        catch (final RuntimeException | LinkageError e)
        {
            on = false; // no jdk.jfr in this runtime image, or not allowed: events stay off
        }
    }

    /** A send completed at its sender. {@code protocol} is "eager", "rendezvous" or "buffered". */
    public static void send(final int rank, final int peer, final int tag, final int bytes, final String protocol)
    {
        final FlightEvents.Send e = new FlightEvents.Send();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.peer = peer;
            e.tag = tag;
            e.bytes = bytes;
            e.protocol = protocol;
            e.commit();
        }
    }

    /** A receive completed ({@code error} 0 when it succeeded). */
    public static void receive(final int rank, final int source, final int tag, final int bytes, final int error)
    {
        final FlightEvents.Receive e = new FlightEvents.Receive();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.source = source;
            e.tag = tag;
            e.bytes = bytes;
            e.error = error;
            e.commit();
        }
    }

    /** A message met a receive, or went unexpected: {@code where} is one of this class's constants. */
    public static void match(final int rank, final int source, final int tag, final int bytes, final String where)
    {
        final FlightEvents.Match e = new FlightEvents.Match();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.source = source;
            e.tag = tag;
            e.bytes = bytes;
            e.where = where;
            e.commit();
        }
    }

    /** A rendezvous ended: {@code role} "sender" (FIN seen) or "receiver" (read done). */
    public static void rendezvous(final int rank, final int peer, final int bytes, final String role, final int error)
    {
        final FlightEvents.Rendezvous e = new FlightEvents.Rendezvous();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.peer = peer;
            e.bytes = bytes;
            e.role = role;
            e.error = error;
            e.commit();
        }
    }

    /** A small send found no eager credit and completed from a copy in the send buffer. */
    public static void sendBufferCopy(final int rank, final int peer, final int bytes)
    {
        final FlightEvents.SendBufferCopy e = new FlightEvents.SendBufferCopy();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.peer = peer;
            e.bytes = bytes;
            e.commit();
        }
    }

    /** A peer failed or finalized early; {@code failed} operations on it completed with an error. */
    public static void peerFailure(final int rank, final int peer, final String reason, final int failed)
    {
        final FlightEvents.PeerFailure e = new FlightEvents.PeerFailure();
        if (e.shouldCommit())
        {
            e.rank = rank;
            e.peer = peer;
            e.reason = reason;
            e.failedOperations = failed;
            e.commit();
        }
    }

    /** Keeps {@link #on} equal to "some recording is running". */
    private static final class Listener implements FlightRecorderListener
    {
        @Override
        public void recorderInitialized(final FlightRecorder recorder)
        {
            update(recorder);
        }

        @Override
        public void recordingStateChanged(final Recording recording)
        {
            update(FlightRecorder.getFlightRecorder());
        }

        private static void update(final FlightRecorder recorder)
        {
            boolean running = false;
            for (final Recording r : recorder.getRecordings())
            {
                running |= r.getState() == RecordingState.RUNNING;
            }
            on = running;
        }
    }
}
