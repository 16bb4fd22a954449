package io.rankwire.spi;

import org.agrona.MutableDirectBuffer;

/**
 * The tag-matching SRQ of a NIC, seen from software (after {@code ibv_post_srq_ops} and
 * {@code ibv_post_srq_recv}).
 *
 * <p>The NIC keeps an append-ordered list of at most {@link #maxNumTags()} tagged buffers. List
 * operations (ADD, DEL, SYNC) execute in FIFO order; at most {@link #maxOps()} may be
 * outstanding (posted and not yet completed). Every operation carries {@code swCnt}, the number
 * of unexpected messages software has handled; the NIC sets {@code swReported = swCnt} when it
 * executes the operation, and its completion carries {@link CompletionFlags#SYNC_REQ} when
 * {@code swCnt != hwUnexp}. The NIC matches arriving tagged messages only while
 * {@code swReported == hwUnexp}.
 *
 * <p>Handles are list slots {@code 0..maxNumTags-1}, chosen by software (as the mlx5 provider
 * library manages its tag list): software gives a handle to ADD and reuses it only after both
 * the ADD completion and the consume (final TM_RECV) or DEL completion of that entry.
 *
 * <p>Completions (TM_ADD, TM_DEL, TM_SYNC, TM_RECV, RECV) come from {@link Transport#poll}.
 * Methods return a {@link ReturnCode}; they never block.
 */
public interface OffloadPort
{
    /** Maximum tagged buffers in the NIC's list; 0 means no offload. */
    int maxNumTags();

    /** Maximum outstanding list operations. */
    int maxOps();

    /**
     * Posts a plain SRQ buffer for messages the NIC deems unexpected (and NO_TAG and FIN
     * messages). A RECV or NO_TAG completion with {@code wrId} hands it back, after which it
     * may be posted again.
     */
    int postSrqBuffer(MutableDirectBuffer buffer, int offset, int length, long wrId);

    /**
     * Posts ADD: append a tagged buffer {@code (tag, mask, buffer[offset, offset + length))}
     * to the list under {@code handle}. TM_RECV completions for it carry {@code recvWrId}.
     */
    int postAdd(int handle, long tag, long mask, MutableDirectBuffer buffer, int offset, int length, long recvWrId, int swCnt);

    /** Posts DEL of the entry {@code handle}; completes with TM_ERR if it was consumed first. */
    int postDel(int handle, int swCnt);

    /** Posts SYNC, reporting {@code swCnt}. */
    int postSync(int swCnt);
}
