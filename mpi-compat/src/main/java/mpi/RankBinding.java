package mpi;

import io.rankwire.Rankwire;

/**
 * Binds the {@code mpi} API to a Rankwire runtime on the calling thread, for programs that run
 * several ranks in one JVM (such as {@code io.rankwire.LocalJob} jobs and tests):
 *
 * <pre>{@code
 * LocalJob.run(4, "sim", rw -> {
 *     RankBinding.bind(rw);          // this thread (and threads it starts) is rank rw.rank()
 *     MPI.Init(new String[0]);       // adopts rw instead of starting a runtime
 *     int rank = MPI.COMM_WORLD.getRank();
 *     ...
 *     MPI.Finalize();                // leaves rw open: its owner closes it
 * });
 * }</pre>
 *
 * The binding is inherited by threads started afterwards. Without a binding, {@link MPI#Init}
 * starts its own runtime ({@code Rankwire.init(args)}) and binds it the same way; a process with
 * a single rank also lets threads started before Init find it.
 */
public final class RankBinding
{
    private RankBinding()
    {
    }

    /** Makes {@code rw} this thread's rank for the {@code mpi} API; {@link MPI#Init} then adopts it. */
    public static void bind(final Rankwire rw)
    {
        if (rw == null)
        {
            throw new IllegalArgumentException("rw : null (expected: a started Rankwire runtime)");
        }
        Binding.bindThread(new Binding(rw, false));
    }

    /** Removes this thread's binding. */
    public static void unbind()
    {
        Binding.bindThread(null);
    }

    /** The Rankwire runtime behind the calling thread's {@code MPI.COMM_WORLD}, for mixing both APIs. */
    public static Rankwire runtime()
    {
        return Binding.current().rw;
    }
}
