package mpi;

/**
 * An MPI object that holds resources until it is freed: communicators, groups, datatypes,
 * requests, info objects, operations and error handlers.
 */
public interface Freeable
{
    /** Releases the object; it becomes null. */
    void free();
}
