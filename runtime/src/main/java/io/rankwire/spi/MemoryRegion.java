package io.rankwire.spi;

/**
 * A registered memory region that peers may read: the pair (virtual address, rkey) goes into
 * the RVH of a rendezvous request. Closing deregisters it; later reads fail with
 * {@link CompletionStatus#REMOTE_ACCESS_ERROR}.
 */
public interface MemoryRegion extends AutoCloseable
{
    /** The region's virtual address as peers name it. */
    long va();

    /** The remote key peers present to read it. */
    int rkey();

    /** The region's length in bytes. */
    int length();

    /** Deregisters the region. Idempotent. */
    @Override
    void close();
}
