package io.rankwire.sim;

/**
 * What the NICs and endpoints of one {@link SimFabric} share, made once with the fabric and handed
 * to each at construction: the configuration, the number of ranks and the mode, the message pool,
 * the {@link Wires} that carry messages and delayed work, and every NIC by rank (a NIC reads a
 * peer's registered memory; an endpoint sees a peer's NIC closed). No part holds the fabric
 * itself. The references never change; the NIC array is filled as the fabric is made, before any
 * part runs.
 */
final class FabricContext
{
    final SimConfig config;
    final int size;
    /** Scheduled mode: posts become events of the {@link Wires}' scheduler. */
    final boolean scheduled;
    final MessagePool pool;
    final Wires wires;
    private final SimNic[] nics;

    FabricContext(final SimConfig config, final SimNic[] nics, final MessagePool pool, final Wires wires)
    {
        this.config = config;
        this.size = nics.length;
        this.scheduled = config.mode() == SimConfig.Mode.SCHEDULED;
        this.pool = pool;
        this.wires = wires;
        this.nics = nics;
    }

    /** Rank {@code rank}'s NIC. */
    SimNic nic(final int rank)
    {
        return nics[rank];
    }
}
