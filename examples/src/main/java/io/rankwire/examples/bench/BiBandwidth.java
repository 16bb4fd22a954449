package io.rankwire.examples.bench;

/**
 * Bidirectional bandwidth: per iteration both ranks post a window of 64 {@code irecv}s and 64
 * {@code isend}s to each other and wait for all of them; the bytes of both directions count.
 * The raw baseline streams both ways at once (a sending thread beside the receiving one).
 *
 * <p>Options as {@link Bandwidth}.
 */
public final class BiBandwidth
{
    private BiBandwidth()
    {
    }

    public static void main(final String[] args)
    {
        Bandwidth.StreamBench.run(args, true);
    }
}
