package io.rankwire.tcp;

import java.nio.ByteBuffer;

/**
 * One READ_REQUEST being answered: the registered region it reads, where in it, how long, and
 * how much has gone out in READ_DATA chunks so far, kept by the {@link SessionWriter} that
 * streams the answer.
 */
final class ReadStream
{
    final long id;
    final MemoryRegistry.Region region;
    final int start;
    final int length;
    int sent;
    /** A view of the region's direct {@code ByteBuffer}, made on the first chunk (engine-thread sessions). */
    ByteBuffer view;

    ReadStream(final long id, final MemoryRegistry.Region region, final int start, final int length)
    {
        this.id = id;
        this.region = region;
        this.start = start;
        this.length = length;
    }
}
