package io.rankwire;

import org.agrona.concurrent.IdleStrategy;

/**
 * A request that is not an engine operation but moves on with the engine's progress (nonblocking
 * collectives, communicator creations): the waits and tests of {@link Request} drive it through
 * this.
 */
interface Progressing
{
    /** Drives the engine once; the work done. */
    int progress();

    /** The idle strategy of the calling thread on the request's engine. */
    IdleStrategy idler();
}
