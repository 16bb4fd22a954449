package mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

import io.rankwire.Rankwire;

/**
 * MPI's global functions and constants, as in the Open MPI Java bindings, over Rankwire.
 *
 * <p>{@link #Init} starts this rank ({@code Rankwire.init(args)}: the launcher's environment
 * under {@code bin/mpirun} or {@code bin/rwrun}, else a job of one rank), or adopts a runtime
 * bound to the thread with {@link RankBinding#bind}. {@link #COMM_WORLD} and {@link #COMM_SELF}
 * mean the calling thread's rank (see {@link RankBinding}).
 */
public final class MPI
{
    /** Receive from any source. */
    public static final int ANY_SOURCE = -1;
    /** Receive with any tag. */
    public static final int ANY_TAG = -1;
    /** The null process: communication with it succeeds at once and moves no data. */
    public static final int PROC_NULL = -2;
    /** An undefined value (index, count, split color). */
    public static final int UNDEFINED = io.rankwire.Comm.UNDEFINED;
    /** The largest tag. */
    public static final int TAG_UB = io.rankwire.Comm.TAG_UB;
    /** Bytes a buffered send takes in the attached buffer beyond its data. */
    public static final int BSEND_OVERHEAD = 64;

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    public static final int SUCCESS = 0;
    public static final int ERR_BUFFER = 1;
    public static final int ERR_COUNT = 2;
    public static final int ERR_TYPE = 3;
    public static final int ERR_TAG = 4;
    public static final int ERR_COMM = 5;
    public static final int ERR_RANK = 6;
    public static final int ERR_REQUEST = 7;
    public static final int ERR_ROOT = 8;
    public static final int ERR_GROUP = 9;
    public static final int ERR_OP = 10;
    public static final int ERR_ARG = 13;
    public static final int ERR_UNKNOWN = 14;
    public static final int ERR_TRUNCATE = 15;
    public static final int ERR_OTHER = 16;
    public static final int ERR_INTERN = 17;
    public static final int ERR_IN_STATUS = 18;
    public static final int ERR_PENDING = 19;
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    public static final int ERR_LASTCODE = 92;

    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true);
    public static final Errhandler ERRORS_RETURN = new Errhandler(false);

    public static final Datatype BYTE = Datatype.basic(Datatype.K_BYTE, 1, "MPI_BYTE");
    public static final Datatype CHAR = Datatype.basic(Datatype.K_CHAR, 2, "MPI_CHAR");
    public static final Datatype SHORT = Datatype.basic(Datatype.K_SHORT, 2, "MPI_SHORT");
    public static final Datatype BOOLEAN = Datatype.basic(Datatype.K_BOOLEAN, 1, "MPI_BOOLEAN");
    public static final Datatype INT = Datatype.basic(Datatype.K_INT, 4, "MPI_INT");
    public static final Datatype LONG = Datatype.basic(Datatype.K_LONG, 8, "MPI_LONG");
    public static final Datatype FLOAT = Datatype.basic(Datatype.K_FLOAT, 4, "MPI_FLOAT");
    public static final Datatype DOUBLE = Datatype.basic(Datatype.K_DOUBLE, 8, "MPI_DOUBLE");
    public static final Datatype PACKED = Datatype.basic(Datatype.K_PACKED, 1, "MPI_PACKED");
    public static final Datatype INT2 = Datatype.pair(8, 8, 4, "MPI_2INT");
    public static final Datatype SHORT_INT = Datatype.pair(6, 8, 2, "MPI_SHORT_INT");
    public static final Datatype LONG_INT = Datatype.pair(12, 16, 4, "MPI_LONG_INT");
    public static final Datatype FLOAT_INT = Datatype.pair(8, 8, 4, "MPI_FLOAT_INT");
    public static final Datatype DOUBLE_INT = Datatype.pair(12, 16, 4, "MPI_DOUBLE_INT");
    public static final Datatype FLOAT2 = Datatype.pair(8, 8, 4, "MPI_2FLOAT");
    public static final Datatype DOUBLE2 = Datatype.pair(16, 16, 8, "MPI_2DOUBLE");

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

    /** A direct buffer of {@code capacity} bytes. */
    public static ByteBuffer newByteBuffer(final int capacity)
    {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    /** A direct buffer of {@code capacity} chars, in native order. */
    public static CharBuffer newCharBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 2).asCharBuffer();
    }

    /** A direct buffer of {@code capacity} shorts, in native order. */
    public static ShortBuffer newShortBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 2).asShortBuffer();
    }

    /** A direct buffer of {@code capacity} ints, in native order. */
    public static IntBuffer newIntBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 4).asIntBuffer();
    }

    /** A direct buffer of {@code capacity} longs, in native order. */
    public static LongBuffer newLongBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 8).asLongBuffer();
    }

    /** A direct buffer of {@code capacity} floats, in native order. */
    public static FloatBuffer newFloatBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 4).asFloatBuffer();
    }

    /** A direct buffer of {@code capacity} doubles, in native order. */
    public static DoubleBuffer newDoubleBuffer(final int capacity)
    {
        return newByteBuffer(capacity * 8).asDoubleBuffer();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory and order. */
    public static ByteBuffer slice(final ByteBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice().order(buf.order());
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static CharBuffer slice(final CharBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static ShortBuffer slice(final ShortBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static IntBuffer slice(final IntBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static LongBuffer slice(final LongBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static FloatBuffer slice(final FloatBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing its memory. */
    public static DoubleBuffer slice(final DoubleBuffer buf, final int offset)
    {
        return buf.duplicate().position(offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static ByteBuffer slice(final byte[] buf, final int offset)
    {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(ByteOrder.nativeOrder());
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static CharBuffer slice(final char[] buf, final int offset)
    {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static ShortBuffer slice(final short[] buf, final int offset)
    {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static IntBuffer slice(final int[] buf, final int offset)
    {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static LongBuffer slice(final long[] buf, final int offset)
    {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static FloatBuffer slice(final float[] buf, final int offset)
    {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    /** The part of {@code buf} from element {@code offset}, sharing the array. */
    public static DoubleBuffer slice(final double[] buf, final int offset)
    {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }
}
