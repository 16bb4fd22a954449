package io.rankwire.core;

/**
 * Eager flow control per peer. Every receiver grants every sender {@code slots} eager messages
 * and {@code bytes} eager payload bytes (its share of the unexpected-memory bound). A sender
 * takes credits for each eager message and falls back to rendezvous when it has too few. The
 * receiver returns the credits of a message once the message has left its unexpected queue
 * (delivered to a receive), batched: a return is sent when half a grant has accumulated, or
 * piggybacked on any other control message to that peer. So the eager payload a rank buffers
 * for messages nobody has received yet never exceeds {@code size * bytes}.
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
        java.util.Arrays.fill(slots, grantSlots);
        java.util.Arrays.fill(bytes, grantBytes);
    }

    /** Takes credits for an eager message of {@code length} bytes to {@code peer}, if there are enough. */
    boolean tryTake(final int peer, final int length)
    {
        if (slots[peer] > 0 && bytes[peer] >= length)
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
