package io.rankwire.proto;

/**
 * Eager flow control per peer. Every receiver grants every sender {@code slots} eager messages
 * and {@code bytes} eager payload bytes (its share of the unexpected-memory bound). A sender
 * takes credits for each eager message and falls back to rendezvous when it has too few. The
 * receiver returns the credits of a message once the message has left its unexpected queue
 * (delivered to a receive), batched: a return is sent when half a grant has accumulated, when a
 * quarter has and the rank waits with nothing else to do ({@link #dueAtIdle}), or piggybacked on
 * any other control message to that peer. So the eager payload a rank buffers for messages
 * nobody has received yet never exceeds {@code size * bytes}.
 *
 * <p>Driving thread only.
 */
final class Credits
{
    private final int grantSlots;
    private final long grantBytes;
    private final int[] slots;
    private final long[] bytes;
    private final int[] owedSlots;
    private final long[] owedBytes;
    private final int returnSlots;
    private final long returnBytes;
    private final int idleReturnSlots;
    private final long idleReturnBytes;
    /** Peers that may be owed credits (some may have been paid since), each listed once. */
    private final int[] owing;
    private final boolean[] listed;
    private int owingCount;
    /** Per sender: credits its unexpected eager messages hold here (returned only once received). */
    private final int[] heldSlots;
    private final long[] heldBytes;

    Credits(final int size, final int grantSlots, final long grantBytes)
    {
        this.grantSlots = grantSlots;
        this.grantBytes = grantBytes;
        this.slots = new int[size];
        this.bytes = new long[size];
        this.owedSlots = new int[size];
        this.owedBytes = new long[size];
        this.returnSlots = Math.max(1, grantSlots / 2);
        this.returnBytes = Math.max(1, grantBytes / 2);
        this.idleReturnSlots = Math.max(1, grantSlots / 4);
        this.idleReturnBytes = Math.max(1, grantBytes / 4);
        this.owing = new int[size];
        this.listed = new boolean[size];
        this.heldSlots = new int[size];
        this.heldBytes = new long[size];
        java.util.Arrays.fill(slots, grantSlots);
        java.util.Arrays.fill(bytes, grantBytes);
    }

    /** True when an eager message of {@code length} bytes to {@code peer} has enough credits. */
    boolean has(final int peer, final int length)
    {
        return slots[peer] > 0 && bytes[peer] >= length;
    }

    /** Takes credits for an eager message of {@code length} bytes to {@code peer}, if there are enough. */
    boolean tryTake(final int peer, final int length)
    {
        if (has(peer, length))
        {
            slots[peer]--;
            bytes[peer] -= length;
            return true;
        }
        return false;
    }

    /** Credits returned by {@code peer}. */
    void grant(final int peer, final int returnedSlots, final long returnedBytes)
    {
        slots[peer] += returnedSlots;
        bytes[peer] += returnedBytes;
    }

    /**
     * An eager message of {@code length} bytes from {@code peer} was delivered; its credits are
     * owed back. Returns true when enough is owed to send a return now.
     */
    boolean owe(final int peer, final int length)
    {
        if (!listed[peer])
        {
            listed[peer] = true;
            owing[owingCount++] = peer;
        }
        owedSlots[peer]++;
        owedBytes[peer] += length;
        return owedSlots[peer] >= returnSlots || owedBytes[peer] >= returnBytes;
    }

    int owedSlots(final int peer)
    {
        return owedSlots[peer];
    }

    long owedBytes(final int peer)
    {
        return owedBytes[peer];
    }

    /** An eager message of {@code length} bytes from {@code peer} went to the unexpected queue. */
    void hold(final int peer, final int length)
    {
        heldSlots[peer]++;
        heldBytes[peer] += length;
    }

    /** An unexpected eager message of {@code length} bytes from {@code peer} left the unexpected queue. */
    void release(final int peer, final int length)
    {
        heldSlots[peer]--;
        heldBytes[peer] -= length;
    }

    /**
     * True when {@code peer}, asking for credits to send {@code length} bytes eagerly, would get
     * none back until this rank receives unexpected messages: they hold every slot, or so many
     * bytes that what remains of the grant is less than {@code length}. Otherwise the missing
     * credits are owed here (and go back now) or already on their way to the peer: everything
     * it sent before asking has been seen, so the grant is the peer's credits, plus those in
     * flight back, plus those owed, plus those held.
     */
    boolean starvedBy(final int peer, final long length)
    {
        return heldSlots[peer] >= grantSlots || grantBytes - heldBytes[peer] < length;
    }

    /** Drops the peers owed nothing from the owing list; returns how many remain ({@link #owingPeer}). */
    int pruneOwing()
    {
        int i = 0;
        while (i < owingCount)
        {
            final int peer = owing[i];
            if (owedSlots[peer] == 0 && owedBytes[peer] == 0)
            {
                listed[peer] = false;
                owing[i] = owing[--owingCount];
            }
            else
            {
                i++;
            }
        }
        return owingCount;
    }

    /** The {@code i}-th peer that may be owed credits, {@code i < pruneOwing()}. */
    int owingPeer(final int i)
    {
        return owing[i];
    }

    /** True when enough is owed to {@code peer} to return it while the rank has nothing else to do. */
    boolean dueAtIdle(final int peer)
    {
        return owedSlots[peer] >= idleReturnSlots || owedBytes[peer] >= idleReturnBytes;
    }

    void clearOwed(final int peer)
    {
        owedSlots[peer] = 0;
        owedBytes[peer] = 0;
    }

    int slots(final int peer)
    {
        return slots[peer];
    }

    int grantSlots()
    {
        return grantSlots;
    }

    long grantBytes()
    {
        return grantBytes;
    }
}
