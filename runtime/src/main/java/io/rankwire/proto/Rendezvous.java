package io.rankwire.proto;

import io.rankwire.spi.MemoryRegion;

/**
 * The rendezvous state of a transfer, taken from a pool while a rendezvous is under way (so an
 * eager transfer carries none): on the sending side the registered region the receiver reads;
 * on the receiving side the request's RVH ({@code va}, {@code rkey}, {@code length}) and the
 * TMH's {@code flags} and {@code app_ctx}, which its FIN echoes.
 */
final class Rendezvous
{
    MemoryRegion region;
    long va;
    int rkey;
    int length;
    int appCtx;
    int flags;

    void clear()
    {
        region = null;
        va = 0;
        rkey = 0;
        length = 0;
        appCtx = 0;
        flags = 0;
    }
}
