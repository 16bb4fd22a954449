package io.rankwire.tcp;

import io.rankwire.spi.RegionSlots;

/**
 * One READ_REQUEST being answered: the registered region it reads, where in it, how long, and
 * how much has gone out in READ_DATA chunks so far, kept by the {@link SessionWriter} that
 * streams the answer, which reuses it for a later request once the answer is out.
 */
final class ReadStream
{
    long id;
    RegionSlots.Region region;
    /** The region's rkey when the request came: the region object is reused after it closes. */
    int rkey;
    int start;
    int length;
    int sent;

    ReadStream set(final long id, final RegionSlots.Region region, final int rkey, final int start, final int length)
    {
        this.id = id;
        this.region = region;
        this.rkey = rkey;
        this.start = start;
        this.length = length;
        this.sent = 0;
        return this;
    }
}
