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
 *
 * <p>One class, as in Open MPI, grouped by section: the integer constants (Open MPI's values, its
 * {@code mpi.h}), the predefined objects (error handlers, datatypes, record helpers, operations,
 * null objects, the two communicators), starting and ending a rank, the environment queries,
 * buffered sends, and the buffer helpers.
 */
public final class MPI
{
    // ---- integer constants, with Open MPI's values

    /** Receive from any source. */
    public static final int ANY_SOURCE = -1;
    /** Receive with any tag. */
    public static final int ANY_TAG = -1;
    /** The null process: communication with it succeeds at once and moves no data. */
    public static final int PROC_NULL = -2;
    /** The root argument of the root itself in a rooted inter-communicator collective (the rest of its group passes {@link #PROC_NULL}). */
    public static final int ROOT = -4;
    /** An undefined value (index, count, split color, rank of a non-member). */
    public static final int UNDEFINED = io.rankwire.Comm.UNDEFINED;
    /** Bytes a buffered send takes in the attached buffer beyond its data. */
    public static final int BSEND_OVERHEAD = 64;

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    /** Results of {@code compare}. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    /** Topology kinds ({@link Comm#getTopology()}). */
    public static final int GRAPH = 1;
    public static final int CART = 2;
    public static final int DIST_GRAPH = 3;

    /** Predefined attribute keys ({@link Comm#getAttr}). */
    public static final int TAG_UB = 0;
    public static final int HOST = 1;
    public static final int IO = 2;
    public static final int WTIME_IS_GLOBAL = 3;
    public static final int APPNUM = 4;
    public static final int LASTUSEDCODE = 5;
    public static final int UNIVERSE_SIZE = 6;
    public static final int WIN_BASE = 7;
    public static final int WIN_SIZE = 8;
    public static final int WIN_DISP_UNIT = 9;
    /** The attribute key no key equals. */
    public static final int KEYVAL_INVALID = -1;

    /** The MPI standard version this library reports ({@link MPI#getVersion()}). */
    public static final int VERSION = 3;
    public static final int SUBVERSION = 1;

    public static final int MAX_OBJECT_NAME = 64;
    public static final int MAX_PORT_NAME = 1024;
    public static final int MAX_DATAREP_STRING = 128;
    public static final int MAX_INFO_KEY = 36;
    public static final int MAX_INFO_VAL = 256;

    public static final int ORDER_C = 0;
    public static final int ORDER_FORTRAN = 1;
    public static final int DISTRIBUTE_BLOCK = 0;
    public static final int DISTRIBUTE_CYCLIC = 1;
    public static final int DISTRIBUTE_NONE = 2;
    public static final int DISTRIBUTE_DFLT_DARG = -1;

    /** File access modes and seek origins (MPI-IO is not provided; see docs/COMPATIBILITY.md). */
    public static final int MODE_CREATE = 1;
    public static final int MODE_RDONLY = 2;
    public static final int MODE_WRONLY = 4;
    public static final int MODE_RDWR = 8;
    public static final int MODE_DELETE_ON_CLOSE = 16;
    public static final int MODE_UNIQUE_OPEN = 32;
    public static final int MODE_EXCL = 64;
    public static final int MODE_APPEND = 128;
    public static final int MODE_SEQUENTIAL = 256;
    public static final int DISPLACEMENT_CURRENT = -54278278;
    public static final int SEEK_SET = 600;
    public static final int SEEK_CUR = 602;
    public static final int SEEK_END = 604;

    /** One-sided assertions and lock types (one-sided communication is not provided). */
    public static final int MODE_NOCHECK = 1;
    public static final int MODE_NOPRECEDE = 2;
    public static final int MODE_NOPUT = 4;
    public static final int MODE_NOSTORE = 8;
    public static final int MODE_NOSUCCEED = 16;
    public static final int LOCK_EXCLUSIVE = 1;
    public static final int LOCK_SHARED = 2;

    /** Error classes ({@link MPIException#getErrorClass()}); exception messages start with the class name and its meaning. */
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
    public static final int ERR_TOPOLOGY = 11;
    public static final int ERR_DIMS = 12;
    public static final int ERR_ARG = 13;
    public static final int ERR_UNKNOWN = 14;
    public static final int ERR_TRUNCATE = 15;
    public static final int ERR_OTHER = 16;
    public static final int ERR_INTERN = 17;
    public static final int ERR_IN_STATUS = 18;
    public static final int ERR_PENDING = 19;
    public static final int ERR_ACCESS = 20;
    public static final int ERR_AMODE = 21;
    public static final int ERR_ASSERT = 22;
    public static final int ERR_BAD_FILE = 23;
    public static final int ERR_BASE = 24;
    public static final int ERR_CONVERSION = 25;
    public static final int ERR_DISP = 26;
    public static final int ERR_DUP_DATAREP = 27;
    public static final int ERR_FILE_EXISTS = 28;
    public static final int ERR_FILE_IN_USE = 29;
    public static final int ERR_FILE = 30;
    public static final int ERR_INFO_KEY = 31;
    public static final int ERR_INFO_NOKEY = 32;
    public static final int ERR_INFO_VALUE = 33;
    public static final int ERR_INFO = 34;
    public static final int ERR_IO = 35;
    public static final int ERR_KEYVAL = 36;
    public static final int ERR_LOCKTYPE = 37;
    public static final int ERR_NAME = 38;
    public static final int ERR_NO_MEM = 39;
    public static final int ERR_NOT_SAME = 40;
    public static final int ERR_NO_SPACE = 41;
    public static final int ERR_NO_SUCH_FILE = 42;
    public static final int ERR_PORT = 43;
    public static final int ERR_QUOTA = 44;
    public static final int ERR_READ_ONLY = 45;
    public static final int ERR_RMA_CONFLICT = 46;
    public static final int ERR_RMA_SYNC = 47;
    public static final int ERR_SERVICE = 48;
    public static final int ERR_SIZE = 49;
    public static final int ERR_SPAWN = 50;
    public static final int ERR_UNSUPPORTED_DATAREP = 51;
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    public static final int ERR_WIN = 53;
    public static final int ERR_LASTCODE = 92;
    public static final int ERR_SYSRESOURCE = -2;

    // ---- predefined objects

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

    // ---- starting and ending a rank

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

    // ---- the environment: time, versions, profiling, the processor

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

    // ---- buffered sends

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

    // ---- buffer helpers: direct buffers in native byte order, slices that share memory (usable before Init)

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
