package mpi;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The attribute keys of this process: the predefined ones ({@link MPI#TAG_UB} ..
 * {@link MPI#WIN_DISP_UNIT}, 0..9) and those made by {@code createKeyval}, each for one kind of
 * object (communicators or datatypes). Keys are numbered from 16 and never reused, so a freed key
 * stays invalid.
 */
final class Keyvals
{
    static final int COMM = 1;
    static final int TYPE = 2;
    private static final int FIRST_USER_KEY = 16;

    private static final AtomicInteger NEXT = new AtomicInteger(FIRST_USER_KEY);
    private static final ConcurrentHashMap<Integer, Integer> LIVE = new ConcurrentHashMap<>();

    private Keyvals()
    {
    }

    /** A new key for objects of {@code kind}. */
    static int create(final int kind)
    {
        final int key = NEXT.getAndIncrement();
        LIVE.put(key, kind);
        return key;
    }

    /** Frees a key made by {@link #create}; {@link MPI#ERR_KEYVAL} for predefined, unknown or freed keys. */
    static void free(final int keyval, final int kind)
    {
        check(keyval, kind);
        LIVE.remove(keyval);
    }

    /** True for the predefined communicator keys. */
    static boolean predefined(final int keyval)
    {
        return keyval >= MPI.TAG_UB && keyval <= MPI.WIN_DISP_UNIT;
    }

    /** Checks that {@code keyval} is a live user key of {@code kind}. */
    static void check(final int keyval, final int kind)
    {
        final Integer k = LIVE.get(keyval);
        if (k == null || k != kind)
        {
            throw new MPIException(MPI.ERR_KEYVAL, "keyval : " + keyval + (predefined(keyval) ? " is predefined" :
                k == null ? " was not made by createKeyval or was freed" : " belongs to another kind of object") +
                " (expected: a live key from " + (kind == COMM ? "Comm" : "Datatype") + ".createKeyval)");
        }
    }
}
