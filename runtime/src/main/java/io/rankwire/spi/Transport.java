package io.rankwire.spi;

import java.nio.ByteBuffer;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One rank's endpoint of a transport, shaped like verbs: the runtime posts work and polls
 * completions. All {@code post*} methods return a {@link ReturnCode} instead of throwing; they
 * may be called only by the thread that currently drives the rank's engine (one at a time).
 * Completions are delivered only from {@link #poll}, on the polling thread.
 *
 * <p>Messages are self-describing: every message starts with a TMH
 * ({@link io.rankwire.proto.TmHeader}), so a transport needs no knowledge of the runtime's
 * protocols beyond what a tag-matching NIC has. Each (sender, receiver) stream is delivered in
 * order, like an RC queue pair.
 */
public interface Transport extends AutoCloseable
{
    /** Static capabilities: eager limit, maximum message size, tag-matching offload. */
    Capabilities capabilities();

    /**
     * The capabilities that hold for messages to {@code peer}: an endpoint that reaches its peers
     * through several transports answers with the one that carries {@code peer}'s messages, so the
     * runtime chooses eager or rendezvous per peer. Optional: the default is {@link #capabilities()}.
     */
    default Capabilities capabilities(final int peer)
    {
        return capabilities();
    }

    /**
     * The name of the transport that carries messages to {@code peer} (e.g. {@code shm},
     * {@code tcp}), for users asking which path a job took. Optional: the default is null (unknown).
     */
    default String transportOf(final int peer)
    {
        return null;
    }

    /**
     * Exchanges addresses through the job's {@link Bootstrap} and makes every peer reachable
     * (connecting eagerly or lazily). Blocks until this rank is ready to send and receive.
     */
    void wireUp();

    /**
     * Sends one message to {@code peer}: {@code header[hdrOffset, hdrOffset + hdrLength)}
     * followed by {@code payload[payloadOffset, payloadOffset + payloadLength)} ({@code payload}
     * may be null when {@code payloadLength == 0}). The header begins with a TMH. Both buffers
     * may be reused once the call returns {@link ReturnCode#OK}, unless the transport documents
     * zero-copy sends, in which case it reports a {@link CompletionOpcode#SEND} completion with
     * {@code wrId} when they may be reused. A send to oneself is allowed.
     *
     * @return {@link ReturnCode#OK}, {@link ReturnCode#BACK_PRESSURED} (retry later) or an error.
     */
    int postSend(
        int peer,
        DirectBuffer header,
        int hdrOffset,
        int hdrLength,
        DirectBuffer payload,
        int payloadOffset,
        int payloadLength,
        long wrId);

    /**
     * Registers {@code buffer[offset, offset + length)} for remote reads by peers. The region
     * stays readable until {@link MemoryRegion#close()}.
     */
    MemoryRegion register(DirectBuffer buffer, int offset, int length);

    /**
     * Registers {@code buffer[offset, offset + length)} for remote reads by {@code peer} (a
     * rendezvous send to it): an endpoint that reaches its peers through several transports
     * registers with the one that carries {@code peer}'s messages. Optional: the default is
     * {@link #register(DirectBuffer, int, int)}.
     */
    default MemoryRegion register(final int peer, final DirectBuffer buffer, final int offset, final int length)
    {
        return register(buffer, offset, length);
    }

    /**
     * Reads {@code length} bytes of a peer's registered region ({@code va}, {@code rkey}) into
     * {@code dst[dstOffset, dstOffset + length)}. Completes with a {@link CompletionOpcode#READ}
     * completion carrying {@code wrId}; an unknown rkey or out-of-bounds access completes with
     * {@link CompletionStatus#REMOTE_ACCESS_ERROR}. The transport writes nothing outside the
     * destination range.
     */
    int postRead(int peer, long va, int rkey, int length, MutableDirectBuffer dst, int dstOffset, long wrId);

    /** The tag-matching SRQ of this endpoint, or null when the transport has no offload. */
    OffloadPort offloadPort();

    /**
     * Delivers up to {@code max} completions to {@code handler} on the calling thread.
     *
     * @return the number of completions delivered (0 when nothing happened).
     */
    int poll(CompletionHandler handler, int max);

    /**
     * A hint for a thread spinning on {@link #poll}: false when a poll now would certainly
     * deliver nothing (the completion ring's next record is not written yet, nothing waits inside
     * the transport), so the caller may skip it. Never blocks, takes no lock, any thread; it may
     * answer true spuriously, and false for a few nanoseconds after a completion was published
     * (the caller polls at its next check). Callers still poll now and then whatever it says.
     * Optional: the default is true (always poll).
     */
    default boolean mayHaveCompletions()
    {
        return true;
    }

    /**
     * Wakes a thread blocked in an idle strategy waiting for completions. Optional; transports
     * that deliver completions from another thread may call {@link TransportContext#signal()}.
     */
    default void wakeup()
    {
    }

    /**
     * Blocks the calling thread in the kernel until this endpoint may have something for
     * {@link #poll} (a socket turned readable or writable), {@link #wakeAwait()} is called, or
     * {@code maxNanos} pass, whichever comes first; spurious returns are allowed. Lets a waiting
     * rank cost one wake-up per message, like a blocking socket. At most one thread at a time
     * calls it; it may run while another thread polls or posts.
     *
     * <p>Optional: the default does not block and returns false, and the caller parks instead.
     *
     * @return true when the transport supports blocking here (whether or not it waited)
     */
    default boolean awaitActivity(final long maxNanos)
    {
        return false;
    }

    /**
     * Ends an {@link #awaitActivity} in progress on another thread, or makes the next one return
     * at once. Any thread; never blocks. Optional: the default does nothing.
     */
    default void wakeAwait()
    {
    }

    /**
     * Joins a kernel wait shared with the other transports of a composite endpoint (see
     * {@link SharedWait}): the transport registers the channels its {@link #awaitActivity} blocks
     * on with {@code wait}, now and whenever it opens more (e.g. connections made later), and
     * from then on expects the composite to call {@link #prepareSharedWait()},
     * {@link #onSharedWaitReady} and {@link #endSharedWait()} around each blocking
     * {@code select}. Called at most once, before {@link #wireUp()}, by the thread that opened
     * the endpoint. Optional: the default joins nothing and returns false, and the composite then
     * waits without it.
     *
     * @return true when the transport joined (its waits can be shared)
     */
    default boolean joinSharedWait(final SharedWait wait)
    {
        return false;
    }

    /**
     * Just before the composite blocks in the shared wait: tell peers that signal this rank only
     * while it sleeps (shm's doorbell flag) that it does, then look once more for work.
     * {@link #endSharedWait()} follows every call, whatever it returned. The waiting thread.
     *
     * @return true when something may already be there to poll (the composite does not block)
     */
    default boolean prepareSharedWait()
    {
        return false;
    }

    /**
     * A channel this transport registered with the shared wait is ready ({@code readyOps}, as
     * {@link java.nio.channels.SelectionKey#readyOps()}); {@code attachment} is the one it gave.
     * Drain what only wakes (a doorbell's bytes); leave messages to {@link #poll}. The waiting
     * thread, inside the composite's {@code select}.
     */
    default void onSharedWaitReady(final Object attachment, final int readyOps)
    {
    }

    /** The shared wait ended (after {@link #prepareSharedWait()}): lower the flags it raised. The waiting thread. */
    default void endSharedWait()
    {
    }

    /**
     * How long, in microseconds, a blocked caller should keep polling before it yields and parks,
     * when the user did not say ({@code rankwire.idle.spinMicros}). A transport whose messages
     * are moved by the polling threads themselves gains from a spin about as long as a round
     * trip; one that needs its own I/O threads to run loses by it on shared cores, since the
     * spinning caller takes the core its I/O thread needs. Optional: the default is 0 (64 polls).
     */
    default int idleSpinMicros()
    {
        return 0;
    }

    /**
     * A snapshot of the transport's own counters by name (for monitoring; e.g. the simulated
     * NIC's match and list-operation counts), in a stable order. Optional: the default has none.
     * Called by the thread driving the endpoint.
     */
    default Map<String, Long> counterValues()
    {
        return Map.of();
    }

    /**
     * Memory this transport moves fastest, for buffers the application asks the runtime for (like
     * {@code MPI_Alloc_mem}): e.g. shared memory that peers on the same host read in one copy. The
     * buffer stays usable after {@link #close()}; its memory is released by {@link #free} or when
     * the buffer becomes unreachable after close. Any thread. Optional: the default has no such
     * memory and returns null (the runtime then allocates an ordinary direct buffer).
     *
     * @return a buffer of {@code capacity} bytes (position 0, limit {@code capacity}), or null when
     *         the transport has no such memory or none left
     */
    default ByteBuffer allocate(final int capacity)
    {
        return null;
    }

    /**
     * Gives back a buffer {@link #allocate} returned, for reuse; the buffer must not be used
     * afterwards. Any thread. Optional: the default knows no such buffers.
     *
     * @return false (and nothing happens) when {@code buffer} is not one of this transport's
     */
    default boolean free(final ByteBuffer buffer)
    {
        return false;
    }

    /**
     * The rank has begun to close: it sends its FINALIZE notices next, then waits in the job's
     * closing rendezvous, after which {@link #close()} follows. From here on a peer that has
     * finished its own close may drop a connection this endpoint is still setting up (to deliver
     * a notice that peer no longer needs): the transport still fails what it cannot deliver, as
     * always, but need not warn, since the rendezvous (the job's membership) reports a peer that
     * really failed. Any thread. Optional: the default does nothing.
     */
    default void closing()
    {
    }

    /** Closes the endpoint; pending work completes with {@link CompletionStatus#FLUSHED}. */
    @Override
    void close();
}
