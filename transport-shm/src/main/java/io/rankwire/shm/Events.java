package io.rankwire.shm;

import java.util.Arrays;
import java.util.function.IntPredicate;

import io.rankwire.spi.Completion;
import io.rankwire.spi.CompletionHandler;
import io.rankwire.spi.CompletionOpcode;

/**
 * Completions the transport makes itself (READ results, PEER_FAILED), waiting in arrival order
 * for {@link #poll}: a queue of primitive columns that grows by doubling and never allocates once
 * grown. Thread driving the engine only, except {@link #isEmpty()}, a hint any thread may read.
 */
final class Events
{
    private int[] opcodes = new int[64];
    private int[] peers = new int[64];
    private int[] statuses = new int[64];
    private long[] wrIds = new long[64];
    private int head;
    private volatile int size;

    void add(final int opcode, final int peer, final int status, final long wrId)
    {
        if (size == opcodes.length)
        {
            grow();
        }
        final int i = (head + size) & (opcodes.length - 1);
        opcodes[i] = opcode;
        peers[i] = peer;
        statuses[i] = status;
        wrIds[i] = wrId;
        size = size + 1;
    }

    boolean isEmpty()
    {
        return size == 0;
    }

    /**
     * Delivers up to {@code max} events in order; stops at a PEER_FAILED whose peer
     * {@code ready} says still has frames to deliver (so they come before the failure).
     */
    int poll(final CompletionHandler handler, final int max, final Completion completion, final IntPredicate ready)
    {
        int n = 0;
        while (n < max && size > 0)
        {
            final int i = head;
            if (opcodes[i] == CompletionOpcode.PEER_FAILED && !ready.test(peers[i]))
            {
                break;
            }
            completion.reset().opcode(opcodes[i]).peer(peers[i]).status(statuses[i]).wrId(wrIds[i]);
            head = (head + 1) & (opcodes.length - 1);
            size = size - 1;
            n++;
            handler.onCompletion(completion);
        }
        return n;
    }

    void clear()
    {
        head = 0;
        size = 0;
    }

    private void grow()
    {
        final int n = opcodes.length;
        opcodes = unroll(opcodes, n);
        peers = unroll(peers, n);
        statuses = unroll(statuses, n);
        final long[] w = new long[n * 2];
        for (int k = 0; k < n; k++)
        {
            w[k] = wrIds[(head + k) & (n - 1)];
        }
        wrIds = w;
        head = 0;
    }

    private int[] unroll(final int[] a, final int n)
    {
        final int[] b = Arrays.copyOf(a, n * 2);
        for (int k = 0; k < n; k++)
        {
            b[k] = a[(head + k) & (n - 1)];
        }
        return b;
    }
}
