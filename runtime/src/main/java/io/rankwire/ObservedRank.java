package io.rankwire;

/** What the observers of a rank ({@link RankObservers}) read of it: its place in the job, its transports and its counters. */
interface ObservedRank
{
    /** This rank in the job. */
    int rank();

    /** The number of ranks in the job. */
    int size();

    /** The eager limit in bytes. */
    int eagerLimit();

    /** The transport that carries messages to {@code rank}. */
    String transportOf(int rank);

    /** A snapshot of the rank's counters. */
    RankStats stats();
}
