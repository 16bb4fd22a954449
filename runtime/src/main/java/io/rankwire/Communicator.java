package io.rankwire;

import java.nio.ByteBuffer;
import java.util.Optional;

import io.rankwire.buffer.MessageBuffer;
import io.rankwire.core.Engine;
import io.rankwire.core.Operation;
import io.rankwire.core.PersistentOperation;
import io.rankwire.match.Envelope;
import io.rankwire.match.UnexpectedMsg;

/**
 * What every communicator can do, an intra-communicator ({@link Comm}) and an inter-communicator
 * ({@link Intercomm}) alike: point-to-point messaging with MPI's matching and non-overtaking
 * rules, probes, persistent requests, and the collectives both kinds have. Messages sent on one
 * communicator never match receives on another.
 *
 * <p><b>Peers.</b> {@code dest} and {@code source} are ranks of the communicator for a
 * {@link Comm}, ranks of the remote group for an {@link Intercomm}; a {@link Status}'s source is
 * the sender's rank in the same numbering. {@link #ANY_SOURCE} and {@link #ANY_TAG} are
 * wildcards for receives and probes; user tags are {@code 0..}{@link #TAG_UB}.
 *
 * <p><b>Buffers.</b> One kind of argument names the memory of every call: a {@link MessageBuffer}
 * ({@code MessageBuffer.of(...)}: a range of a {@code byte[]}, a {@code ByteBuffer}, an Agrona
 * buffer, elements of a primitive array, or a subclass of your own). A descriptor may be
 * re-pointed ({@code wrap}) as soon as the call returns, so a program that keeps one per buffer
 * allocates nothing per call. Point-to-point calls also take the JDK's two byte containers
 * directly: {@code byte[]} with an offset and a length, and a {@code ByteBuffer} (a send sends
 * {@code [position, limit)}, a receive writes from the position; positions never move). Every form
 * describes the operation's buffer in one step, the same one a {@link MessageBuffer} takes.
 *
 * <p><b>Blocking.</b> {@code send}, {@code ssend}, {@code recv}, {@code sendrecv}, {@code probe}
 * and {@code mprobe} block as their javadoc says, and so does every blocking collective; each
 * {@code i*} call returns a {@link Request} without blocking, and the memory it was given belongs
 * to it until the request completes. Every call may be made from any thread. Collectives must be
 * called by every member, in the same order, as in MPI.
 *
 * <p><b>Errors.</b> A bad rank, a tag outside {@code 0..TAG_UB} (or {@code ANY_TAG} on a send),
 * a negative count or a closed communicator throw {@link IllegalArgumentException} or
 * {@link IllegalStateException} naming the value and the limit. Communication failures complete
 * requests with an error {@link Status} and raise {@link RankwireException} from blocking calls.
 */
public abstract class Communicator implements AutoCloseable
{
    /** Receive from any source. */
    public static final int ANY_SOURCE = Envelope.ANY_SOURCE;
    /** Receive with any tag. */
    public static final int ANY_TAG = Envelope.ANY_TAG;
    /** The largest user tag, {@code 2^23 - 1}. */
    public static final int TAG_UB = Envelope.TAG_UB;

    /** What every point-to-point call comes down to: checks, the envelope, the engine's operations. */
    final PointToPointCalls calls;

    Communicator(final PointToPointCalls calls)
    {
        this.calls = calls;
    }

    /** This rank's number in the communicator (in the local group, for an inter-communicator). */
    public abstract int rank();

    /** The number of ranks in the communicator (in the local group, for an inter-communicator). */
    public abstract int size();

    /** True once {@link #close()} was called or the runtime was closed. */
    public boolean isClosed()
    {
        return calls.isClosed() || calls.engine().isClosed();
    }

    /**
     * Marks the communicator closed: later calls throw {@link IllegalStateException}; operations
     * already started continue. Not collective; idempotent.
     */
    @Override
    public abstract void close();

    final Engine engine()
    {
        return calls.engine();
    }

    // ---------------------------------------------------------------------------------------
    // Sends. send and ssend block until the memory may be reused: a standard send at once for an
    // eager message, after the receiver matched it for a rendezvous one; ssend always after the
    // match. isend and issend never block.
    // ---------------------------------------------------------------------------------------

    /** Sends the message {@code buf} describes to {@code dest} with {@code tag}. Blocks until the memory may be reused. */
    public void send(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, false);
        calls.send(op, dest, tag);
    }

    /** Sends {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. Blocks until the array may be reused. */
    public void send(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        calls.send(op, dest, tag);
    }

    /** Sends {@code buf[position, limit)} to {@code dest} with {@code tag}. Blocks until the buffer may be reused. */
    public void send(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, false);
        calls.send(op, dest, tag);
    }

    /** Starts sending the message {@code buf} describes; never blocks. The memory must not change until the request completes. */
    public Request isend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, false);
        return calls.startSend(op, dest, tag, false);
    }

    /** Starts sending {@code buf[offset, offset + length)}; never blocks. The array must not change until the request completes. */
    public Request isend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startSend(op, dest, tag, false);
    }

    /** Starts sending {@code buf[position, limit)}; never blocks. The buffer must not change until the request completes. */
    public Request isend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, false);
        return calls.startSend(op, dest, tag, false);
    }

    /** Synchronous send of the message {@code buf} describes: blocks until the receiver has matched it. */
    public void ssend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, false);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Synchronous send of {@code buf[offset, offset + length)}: blocks until the receiver has matched it. */
    public void ssend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Synchronous send of {@code buf[position, limit)}: blocks until the receiver has matched it. */
    public void ssend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, false);
        calls.finishSend(calls.startSend(op, dest, tag, true));
    }

    /** Starts a synchronous send of the message {@code buf} describes: completes once the receiver has matched it. Never blocks. */
    public Request issend(final MessageBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, false);
        return calls.startSend(op, dest, tag, true);
    }

    /** Starts a synchronous send of {@code buf[offset, offset + length)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startSend(op, dest, tag, true);
    }

    /** Starts a synchronous send of {@code buf[position, limit)}: completes once the receiver has matched it. Never blocks. */
    public Request issend(final ByteBuffer buf, final int dest, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, false);
        return calls.startSend(op, dest, tag, true);
    }

    // ---------------------------------------------------------------------------------------
    // Receives, from source (or ANY_SOURCE) with tag (or ANY_TAG). recv blocks until the message
    // is in; a message longer than the buffer completes with Status.TRUNCATED and nothing past the
    // buffer written. The forms taking a MutableStatus write the outcome there and allocate
    // nothing; the others return a new Status.
    // ---------------------------------------------------------------------------------------

    /** Receives into the memory {@code buf} describes. Blocks until the message is in. */
    public Status recv(final MessageBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /** Receives into {@code buf[offset, offset + length)}. Blocks until the message is in. */
    public Status recv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /** Receives into {@code buf} from its position (which does not move). Blocks until the message is in. */
    public Status recv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag));
    }

    /** {@link #recv(MessageBuffer, int, int)} writing the outcome into {@code status}, which it returns; allocates nothing. */
    public MutableStatus recv(final MessageBuffer buf, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().describe(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** {@link #recv(byte[], int, int, int, int)} writing the outcome into {@code status}, which it returns; allocates nothing. */
    public MutableStatus recv(
        final byte[] buf, final int offset, final int length, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().bytes(buf, offset, length);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** {@link #recv(ByteBuffer, int, int)} writing the outcome into {@code status}, which it returns; allocates nothing. */
    public MutableStatus recv(final ByteBuffer buf, final int source, final int tag, final MutableStatus status)
    {
        final Operation op = calls.newOp(true);
        op.buf().byteBuffer(buf, true);
        return calls.finishRecv(calls.startRecv(op, source, tag), status);
    }

    /** Starts a receive into the memory {@code buf} describes; never blocks. */
    public Request irecv(final MessageBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().describe(buf, true);
        return calls.startRecv(op, source, tag);
    }

    /** Starts a receive into {@code buf[offset, offset + length)}; never blocks. */
    public Request irecv(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().bytes(buf, offset, length);
        return calls.startRecv(op, source, tag);
    }

    /** Starts a receive into {@code buf} from its position (which does not move); never blocks. */
    public Request irecv(final ByteBuffer buf, final int source, final int tag)
    {
        final Operation op = calls.newOp(false);
        op.buf().byteBuffer(buf, true);
        return calls.startRecv(op, source, tag);
    }

    // ---------------------------------------------------------------------------------------
    // Send-receive: the receive is posted first, then the send completes, then the receive, so
    // two ranks can exchange without deadlock and a rank can exchange with itself.
    // ---------------------------------------------------------------------------------------

    /** Sends {@code sendBuf} to {@code dest} and receives into {@code recvBuf} from {@code source}. Blocks until both finish. */
    public Status sendrecv(
        final MessageBuffer sendBuf, final int dest, final int sendTag, final MessageBuffer recvBuf, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().describe(sendBuf, false);
        final Operation rop = calls.newOp(true);
        rop.buf().describe(recvBuf, true);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /** {@link #sendrecv(MessageBuffer, int, int, MessageBuffer, int, int)} writing the receive's outcome into {@code status}; allocates nothing. */
    public MutableStatus sendrecv(
        final MessageBuffer sendBuf, final int dest, final int sendTag, final MessageBuffer recvBuf, final int source, final int recvTag,
        final MutableStatus status)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().describe(sendBuf, false);
        final Operation rop = calls.newOp(true);
        rop.buf().describe(recvBuf, true);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /** Sends {@code sendBuf[sendOffset, + sendLength)} to {@code dest} and receives into {@code recvBuf[recvOffset, + recvLength)} from {@code source}. */
    public Status sendrecv(
        final byte[] sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final byte[] recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    /** The {@code byte[]} {@code sendrecv} writing the receive's outcome into {@code status}; allocates nothing. */
    public MutableStatus sendrecv(
        final byte[] sendBuf, final int sendOffset, final int sendLength, final int dest, final int sendTag,
        final byte[] recvBuf, final int recvOffset, final int recvLength, final int source, final int recvTag,
        final MutableStatus status)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().bytes(sendBuf, sendOffset, sendLength);
        final Operation rop = calls.newOp(true);
        rop.buf().bytes(recvBuf, recvOffset, recvLength);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag, status);
    }

    /** Sends {@code sendBuf[position, limit)} to {@code dest} and receives into {@code recvBuf} from its position from {@code source}. */
    public Status sendrecv(
        final ByteBuffer sendBuf, final int dest, final int sendTag, final ByteBuffer recvBuf, final int source, final int recvTag)
    {
        final Operation sop = calls.newOp(true);
        sop.buf().byteBuffer(sendBuf, false);
        final Operation rop = calls.newOp(true);
        rop.buf().byteBuffer(recvBuf, true);
        return calls.exchange(sop, dest, sendTag, rop, source, recvTag);
    }

    // ---------------------------------------------------------------------------------------
    // Persistent requests (MPI_Send_init, MPI_Ssend_init, MPI_Recv_init): bind buffer, peer, tag
    // and communicator once; PersistentRequest.start() runs one round, which allocates nothing.
    // A ByteBuffer's position and limit are read once, here. None of these blocks or communicates.
    // ---------------------------------------------------------------------------------------

    /** A persistent send of the message {@code buf} describes (as it is now) to {@code dest} with {@code tag}. */
    public PersistentRequest sendInit(final MessageBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, false);
        return calls.bindSend(op, dest, tag, false);
    }

    /** A persistent send of {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. */
    public PersistentRequest sendInit(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindSend(op, dest, tag, false);
    }

    /** A persistent send of {@code buf[position, limit)} (as they are now) to {@code dest} with {@code tag}. */
    public PersistentRequest sendInit(final ByteBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, false);
        return calls.bindSend(op, dest, tag, false);
    }

    /** A persistent synchronous send of the message {@code buf} describes to {@code dest} with {@code tag}. */
    public PersistentRequest ssendInit(final MessageBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, false);
        return calls.bindSend(op, dest, tag, true);
    }

    /** A persistent synchronous send of {@code buf[offset, offset + length)} to {@code dest} with {@code tag}. */
    public PersistentRequest ssendInit(final byte[] buf, final int offset, final int length, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindSend(op, dest, tag, true);
    }

    /** A persistent synchronous send of {@code buf[position, limit)} to {@code dest} with {@code tag}. */
    public PersistentRequest ssendInit(final ByteBuffer buf, final int dest, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, false);
        return calls.bindSend(op, dest, tag, true);
    }

    /** A persistent receive into the memory {@code buf} describes (as it is now). */
    public PersistentRequest recvInit(final MessageBuffer buf, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.describe(buf, true);
        return calls.bindRecv(op, source, tag);
    }

    /** A persistent receive into {@code buf[offset, offset + length)}. */
    public PersistentRequest recvInit(final byte[] buf, final int offset, final int length, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.bytes(buf, offset, length);
        return calls.bindRecv(op, source, tag);
    }

    /** A persistent receive into {@code buf} from its position (as it is now). */
    public PersistentRequest recvInit(final ByteBuffer buf, final int source, final int tag)
    {
        final PersistentOperation op = calls.newPersistent();
        op.byteBuffer(buf, true);
        return calls.bindRecv(op, source, tag);
    }

    // ---------------------------------------------------------------------------------------
    // Probes: the status of a message that could be received now, without receiving it; the
    // matched forms (mprobe) take the message out of matching, so only the returned Message can
    // receive it (a thread-safe probe-then-receive).
    // ---------------------------------------------------------------------------------------

    /** Blocks until a message from {@code source} with {@code tag} (wildcards allowed) can be received, and returns its status. */
    public Status probe(final int source, final int tag)
    {
        return Probing.probe(calls, source, tag);
    }

    /** {@link #probe(int, int)} writing the status (source, tag, full length) into {@code status}; allocates nothing. */
    public MutableStatus probe(final int source, final int tag, final MutableStatus status)
    {
        return Probing.probe(calls, source, tag, status);
    }

    /** The status of a message that could be received now, or empty. Never blocks. */
    public Optional<Status> iprobe(final int source, final int tag)
    {
        return Optional.ofNullable(Probing.iprobe(calls, source, tag));
    }

    /**
     * {@link #iprobe(int, int)} that allocates nothing: when a matching message could be received
     * now, its status is written into {@code status} and the result is true; otherwise
     * {@code status} is left alone. Never blocks.
     */
    public boolean iprobe(final int source, final int tag, final MutableStatus status)
    {
        return Probing.iprobe(calls, source, tag, status);
    }

    /** Blocks until a matching message arrives and takes it out of matching: only the returned {@link Message} can receive it. */
    public Message mprobe(final int source, final int tag)
    {
        return new Message(calls, Probing.take(calls, source, tag));
    }

    /** {@link #mprobe} that never blocks: empty when no matching message is there. */
    public Optional<Message> improbe(final int source, final int tag)
    {
        final UnexpectedMsg msg = calls.engine().improbe(calls.recvTag(source, tag), Envelope.recvMask(source, tag));
        return msg == null ? Optional.empty() : Optional.of(new Message(calls, msg));
    }

    // ---------------------------------------------------------------------------------------
    // The collectives both kinds of communicator have. Buffers are MessageBuffers of arrays
    // (MessageBuffer.of(byte[] ...) or of a primitive array): the send and receive buffers of one
    // call hold the same element type, counts and displacements are in elements, and each
    // descriptor covers the whole region the call reads or writes (so a gather's receive buffer
    // holds one block per sender). What a call means on an Intercomm: see Intercomm.
    // ---------------------------------------------------------------------------------------

    /** Blocks until every member (of both groups, for an inter-communicator) has entered the barrier. */
    public abstract void barrier();

    /** Starts a {@link #barrier()}. */
    public abstract Request ibarrier();

    /** Copies the root's {@code buf} into every member's {@code buf} (its count is the message's count at every member). */
    public abstract void bcast(MessageBuffer buf, int root);

    /** Starts a {@link #bcast}. */
    public abstract Request ibcast(MessageBuffer buf, int root);

    /** Reduces every member's {@code sendBuf} into the root's {@code recvBuf} (not significant elsewhere, may be null). */
    public abstract void reduce(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op, int root);

    /** Starts a {@link #reduce}. */
    public abstract Request ireduce(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op, int root);

    /** Reduces every member's {@code sendBuf} into every member's {@code recvBuf}; the count is {@code recvBuf}'s. */
    public abstract void allReduce(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op);

    /** Starts an {@link #allReduce}. */
    public abstract Request iallReduce(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op);

    /** The root receives each sender's {@code sendBuf}, sender r's into block r of {@code recvBuf} (blocks of the send count). */
    public abstract void gather(MessageBuffer sendBuf, MessageBuffer recvBuf, int root);

    /** Starts a {@link #gather}. */
    public abstract Request igather(MessageBuffer sendBuf, MessageBuffer recvBuf, int root);

    /** The root receives sender r's {@code sendBuf} ({@code recvCounts[r]} elements) at element {@code displs[r]} of {@code recvBuf}. */
    public abstract void gatherv(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, int[] displs, int root);

    /** Starts a {@link #gatherv}. */
    public abstract Request igatherv(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, int[] displs, int root);

    /** Block r of the root's {@code sendBuf} (blocks of the receive count) goes to receiver r's {@code recvBuf}. */
    public abstract void scatter(MessageBuffer sendBuf, MessageBuffer recvBuf, int root);

    /** Starts a {@link #scatter}. */
    public abstract Request iscatter(MessageBuffer sendBuf, MessageBuffer recvBuf, int root);

    /** {@code sendCounts[r]} elements of the root's {@code sendBuf} from element {@code displs[r]} go to receiver r's {@code recvBuf}. */
    public abstract void scatterv(MessageBuffer sendBuf, int[] sendCounts, int[] displs, MessageBuffer recvBuf, int root);

    /** Starts a {@link #scatterv}. */
    public abstract Request iscatterv(MessageBuffer sendBuf, int[] sendCounts, int[] displs, MessageBuffer recvBuf, int root);

    /** Every member gets every sender's {@code sendBuf}, sender r's into block r of its {@code recvBuf}. */
    public abstract void allGather(MessageBuffer sendBuf, MessageBuffer recvBuf);

    /** Starts an {@link #allGather}. */
    public abstract Request iallGather(MessageBuffer sendBuf, MessageBuffer recvBuf);

    /** Every member gets sender r's {@code sendBuf} ({@code recvCounts[r]} elements) at element {@code displs[r]} of its {@code recvBuf}. */
    public abstract void allGatherv(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, int[] displs);

    /** Starts an {@link #allGatherv}. */
    public abstract Request iallGatherv(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, int[] displs);

    /** Block r of {@code sendBuf} goes to peer r, into block (sender) of its {@code recvBuf}; each buffer holds one block per peer. */
    public abstract void allToAll(MessageBuffer sendBuf, MessageBuffer recvBuf);

    /** Starts an {@link #allToAll}. */
    public abstract Request iallToAll(MessageBuffer sendBuf, MessageBuffer recvBuf);

    /** {@code sendCounts[r]} elements from {@code sendDispls[r]} go to peer r; {@code recvCounts[r]} elements from it land at {@code recvDispls[r]}. */
    public abstract void allToAllv(
        MessageBuffer sendBuf, int[] sendCounts, int[] sendDispls, MessageBuffer recvBuf, int[] recvCounts, int[] recvDispls);

    /** Starts an {@link #allToAllv}. */
    public abstract Request iallToAllv(
        MessageBuffer sendBuf, int[] sendCounts, int[] sendDispls, MessageBuffer recvBuf, int[] recvCounts, int[] recvDispls);

    /** Reduces {@code sendBuf} element-wise over the members; member r receives block r ({@code recvBuf}'s count) of the result. */
    public abstract void reduceScatterBlock(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op);

    /** Starts a {@link #reduceScatterBlock}. */
    public abstract Request ireduceScatterBlock(MessageBuffer sendBuf, MessageBuffer recvBuf, Op op);

    /** Reduces {@code sum(recvCounts)} elements; member r receives block r of {@code recvCounts[r]} elements into {@code recvBuf}. */
    public abstract void reduceScatter(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, Op op);

    /** Starts a {@link #reduceScatter}. */
    public abstract Request ireduceScatter(MessageBuffer sendBuf, MessageBuffer recvBuf, int[] recvCounts, Op op);
}
