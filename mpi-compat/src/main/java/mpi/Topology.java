package mpi;

/**
 * The virtual topology attached to a communicator by a topology constructor: its kind
 * ({@link MPI#CART}, {@link MPI#GRAPH}, {@link MPI#DIST_GRAPH}) and, for the neighbour
 * collectives, a rank's in-neighbours (whose blocks it receives, in order) and out-neighbours
 * (to which it sends, in order), with the tag that pairs a send with the right receive when two
 * ranks are neighbours more than once. Immutable.
 */
abstract class Topology
{
    abstract int kind();

    /** The ranks {@code rank} receives from in a neighbour collective, in block order; {@code PROC_NULL} entries receive nothing. */
    abstract int[] sources(int rank);

    /** The ranks {@code rank} sends to in a neighbour collective, in block order; {@code PROC_NULL} entries send nothing. */
    abstract int[] destinations(int rank);

    /** The tag of the message to out-neighbour {@code k}. */
    int sendTag(final int k)
    {
        return 0;
    }

    /** The tag of the message from in-neighbour {@code k}. */
    int recvTag(final int k)
    {
        return 0;
    }
}
