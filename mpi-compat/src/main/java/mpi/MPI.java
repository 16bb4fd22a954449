package mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;

import io.rankwire.Rankwire;

/**
 * MPI's global functions and constants, as in the Open MPI Java bindings, over Rankwire.
 *
 * <p>{@link #Init} starts this rank ({@code Rankwire.init(args)}: the launcher's environment
 * under {@code bin/mpirun} or {@code bin/rwrun}, else a job of one rank), or adopts a runtime
 * bound to the thread with {@link RankBinding#bind}. {@link #COMM_WORLD} and {@link #COMM_SELF}
 * mean the calling thread's rank (see {@link RankBinding}).
 */
public final class MPI extends MpiBuffers
{
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true);
    public static final Errhandler ERRORS_RETURN = new Errhandler(false);

    /** The null datatype: every use raises {@link #ERR_TYPE}. */
    public static final Datatype DATATYPE_NULL = Datatype.nullType();

    public static final Datatype BYTE = Datatype.basic(Datatype.K_BYTE, 1, "MPI_BYTE");
    public static final Datatype CHAR = Datatype.basic(Datatype.K_CHAR, 2, "MPI_CHAR");
    public static final Datatype SHORT = Datatype.basic(Datatype.K_SHORT, 2, "MPI_SHORT");
    public static final Datatype BOOLEAN = Datatype.basic(Datatype.K_BOOLEAN, 1, "MPI_BOOLEAN");
    public static final Datatype INT = Datatype.basic(Datatype.K_INT, 4, "MPI_INT");
    public static final Datatype LONG = Datatype.basic(Datatype.K_LONG, 8, "MPI_LONG");
    public static final Datatype FLOAT = Datatype.basic(Datatype.K_FLOAT, 4, "MPI_FLOAT");
    public static final Datatype DOUBLE = Datatype.basic(Datatype.K_DOUBLE, 8, "MPI_DOUBLE");
    public static final Datatype PACKED = Datatype.basic(Datatype.K_PACKED, 1, "MPI_PACKED");
    /** Two ints (value, index), base type {@code BYTE}; use with {@link #int2}. */
    public static final Datatype INT2 = Datatype.predefined(TypeBuilder.twin(4, Datatype.K_INT2), BYTE, "MPI_2INT");
    /** C's {@code struct {short; int;}} (value, index: 6 data bytes, extent 8), base type {@code BYTE}; use with {@link #shortInt}. */
    public static final Datatype SHORT_INT = Datatype.predefined(TypeBuilder.pair(2, 4, 4, 8, Datatype.K_SHORT_INT), BYTE, "MPI_SHORT_INT");
    /** C's {@code struct {long; int;}} (12 data bytes, extent 16), base type {@code BYTE}; use with {@link #longInt}. */
    public static final Datatype LONG_INT = Datatype.predefined(TypeBuilder.pair(8, 8, 4, 16, Datatype.K_LONG_INT), BYTE, "MPI_LONG_INT");
    /** C's {@code struct {float; int;}} (8 bytes), base type {@code BYTE}; use with {@link #floatInt}. */
    public static final Datatype FLOAT_INT = Datatype.predefined(TypeBuilder.pair(4, 4, 4, 8, Datatype.K_FLOAT_INT), BYTE, "MPI_FLOAT_INT");
    /** C's {@code struct {double; int;}} (12 data bytes, extent 16), base type {@code BYTE}; use with {@link #doubleInt}. */
    public static final Datatype DOUBLE_INT = Datatype.predefined(TypeBuilder.pair(8, 8, 4, 16, Datatype.K_DOUBLE_INT), BYTE, "MPI_DOUBLE_INT");
    /** A complex number of two floats (real, imaginary), base type {@code FLOAT}. */
    public static final Datatype FLOAT_COMPLEX = Datatype.predefined(TypeBuilder.twin(4, Datatype.K_FLOAT_COMPLEX), FLOAT, "MPI_C_FLOAT_COMPLEX");
    /** A complex number of two doubles (real, imaginary), base type {@code DOUBLE}. */
    public static final Datatype DOUBLE_COMPLEX = Datatype.predefined(TypeBuilder.twin(8, Datatype.K_DOUBLE_COMPLEX), DOUBLE, "MPI_C_DOUBLE_COMPLEX");
    /** Two floats (value, index) for {@code MINLOC}/{@code MAXLOC} (not in Open MPI's bindings), base type {@code FLOAT}. */
    public static final Datatype FLOAT2 = Datatype.predefined(TypeBuilder.twin(4, Datatype.K_FLOAT2), FLOAT, "MPI_2FLOAT");
    /** Two doubles (value, index) for {@code MINLOC}/{@code MAXLOC} (not in Open MPI's bindings), base type {@code DOUBLE}. */
    public static final Datatype DOUBLE2 = Datatype.predefined(TypeBuilder.twin(8, Datatype.K_DOUBLE2), DOUBLE, "MPI_2DOUBLE");

    /** The record helper of {@link #INT2}. */
    public static final Int2 int2 = new Int2(4, 4);
    /** The record helper of {@link #SHORT_INT}. */
    public static final ShortInt shortInt = new ShortInt(2, 4, 4);
    /** The record helper of {@link #LONG_INT}. */
    public static final LongInt longInt = new LongInt(8, 8, 4);
    /** The record helper of {@link #FLOAT_INT}. */
    public static final FloatInt floatInt = new FloatInt(4, 4);
    /** The record helper of {@link #DOUBLE_INT}. */
    public static final DoubleInt doubleInt = new DoubleInt(8, 4);

    public static final Op MAX = new Op("MAX", true, io.rankwire.Op.MAX);
    public static final Op MIN = new Op("MIN", true, io.rankwire.Op.MIN);
    public static final Op SUM = new Op("SUM", true, io.rankwire.Op.SUM);
    public static final Op PROD = new Op("PROD", true, io.rankwire.Op.PROD);
    public static final Op LAND = new Op("LAND", true, io.rankwire.Op.LAND);
    public static final Op BAND = new Op("BAND", true, io.rankwire.Op.BAND);
    public static final Op LOR = new Op("LOR", true, io.rankwire.Op.LOR);
    public static final Op BOR = new Op("BOR", true, io.rankwire.Op.BOR);
    public static final Op LXOR = new Op("LXOR", true, io.rankwire.Op.LXOR);
    public static final Op BXOR = new Op("BXOR", true, io.rankwire.Op.BXOR);
    public static final Op MINLOC = new Op("MINLOC", true, io.rankwire.Op.MINLOC);
    public static final Op MAXLOC = new Op("MAXLOC", true, io.rankwire.Op.MAXLOC);
    public static final Op REPLACE = new Op("REPLACE", false, null);
    public static final Op NO_OP = new Op("NO_OP", false, null);

    /** The null info object. */
    public static final Info INFO_NULL = Info.nullInfo();
    /** How this process was started: {@code command}, {@code argv}, {@code maxprocs}, {@code host}, {@code arch}, {@code wdir}. */
    public static final Info INFO_ENV = Info.environment();

    /** The group without members. */
    public static final Group GROUP_EMPTY = Group.empty();

    /** The null request. */
    public static final Request REQUEST_NULL = new Request(false);

    /** The communicator of every rank of the job (the calling thread's rank). */
    public static final Intracomm COMM_WORLD = new Intracomm(Comm.WORLD);
    /** The communicator of the calling rank alone. */
    public static final Intracomm COMM_SELF = new Intracomm(Comm.SELF);

    private static final long T0 = System.nanoTime();

    private MPI()
    {
    }

    /** Starts MPI on this rank ({@code THREAD_SINGLE}); returns {@code args}. */
    public static String[] Init(final String[] args)
    {
        start(args, THREAD_SINGLE);
        return args;
    }

    /**
     * Starts MPI on this rank asking for thread support {@code required}; returns the support
     * provided, which is {@code required} (Rankwire supports {@link #THREAD_MULTIPLE}). When this
     * call starts the runtime and {@code required} is {@link #THREAD_SINGLE} or
     * {@link #THREAD_FUNNELED}, the rank runs with {@code rankwire.threads=funneled} (its engine
     * takes no lock and calls from other threads fail) unless the environment sets
     * {@code rankwire.threads}; {@link #Init} keeps every thread allowed.
     */
    public static int InitThread(final String[] args, final int required)
    {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE)
        {
            throw new MPIException(ERR_ARG, "required : " + required + " (expected: THREAD_SINGLE..THREAD_MULTIPLE)");
        }
        return start(args, required, required <= THREAD_FUNNELED ?
            java.util.Map.of("rankwire.threads", "funneled") : java.util.Map.of()).threadLevel;
    }

    private static Binding start(final String[] args, final int level)
    {
        return start(args, level, java.util.Map.of());
    }

    private static Binding start(final String[] args, final int level, final java.util.Map<String, String> defaults)
    {
        Binding b = Binding.onThread();
        if (b != null && b.initialized)
        {
            throw new MPIException(ERR_OTHER, "MPI.Init : already called on this rank (expected: once)");
        }
        if (b == null)
        {
            final Rankwire rw;
            try
            {
                rw = Rankwire.init(args == null ? new String[0] : args, defaults);
            }
            catch (final RuntimeException e)
            {
                throw Errors.of(e);
            }
            b = new Binding(rw, true);
            Binding.bindThread(b);
        }
        b.threadLevel = level;
        b.mainThread = Thread.currentThread();
        try
        {
            b.self = b.rw.world().split(b.rw.rank(), 0);
        }
        catch (final RuntimeException e)
        {
            throw Errors.of(e);
        }
        b.initialized = true;
        Binding.registered(b);
        return b;
    }

    /**
     * Ends MPI on this rank: waits for buffered sends, then (when {@link #Init} started the runtime)
     * closes Rankwire, which waits until every rank has finalized.
     */
    public static void Finalize()
    {
        final Binding b = Binding.current();
        b.attached.drain();
        b.finalized = true;
        if (b.owned)
        {
            try
            {
                b.rw.close();
            }
            catch (final RuntimeException e)
            {
                throw Errors.of(e);
            }
        }
    }

    /** True once {@link #Init} has been called on this rank. */
    public static boolean isInitialized()
    {
        final Binding b = Binding.find();
        return b != null && b.initialized;
    }

    /** True once {@link #Finalize} has been called on this rank. */
    public static boolean isFinalized()
    {
        final Binding b = Binding.find();
        return b != null && b.finalized;
    }

    /** The thread support provided. */
    public static int queryThread()
    {
        return Binding.current().threadLevel;
    }

    /** True on the thread that called {@link #Init}. */
    public static boolean isThreadMain()
    {
        return Binding.current().mainThread == Thread.currentThread();
    }

    /** Elapsed wall-clock time in seconds since an arbitrary origin. */
    public static double wtime()
    {
        return (System.nanoTime() - T0) / 1e9;
    }

    /** The resolution of {@link #wtime()} in seconds. */
    public static double wtick()
    {
        return 1e-9;
    }

    /** The MPI standard version this library follows for the calls it provides: 3.1, as Open MPI 4.1 and 5.0 report. */
    public static Version getVersion()
    {
        return new Version(VERSION, SUBVERSION);
    }

    /** A description of this library. */
    public static String getLibVersion()
    {
        final String v = MPI.class.getPackage().getImplementationVersion();
        return "Rankwire MPI Java bindings" + (v == null ? "" : " " + v) + " (Open MPI 5.0 Java API, MPI " + VERSION + "." +
            SUBVERSION + ")";
    }

    /** Profiling control ({@code MPI_PCONTROL}): Rankwire has no profiling layer to control, so this does nothing, as in Open MPI. */
    public static void pControl(final int level, final Object obj)
    {
    }

    /** The host name. */
    public static String getProcessorName()
    {
        try
        {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (final UnknownHostException e)
        {
            return "localhost";
        }
    }

    /** Attaches {@code buffer} for buffered sends. */
    public static void attachBuffer(final byte[] buffer)
    {
        Binding.current().attached.attach(buffer);
    }

    /** Waits until every buffered send has left the attached buffer, detaches it and returns it. */
    public static byte[] detachBuffer()
    {
        return Binding.current().attached.detach();
    }

}
