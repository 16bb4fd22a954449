package io.rankwire.examples.bench;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * Whether this JVM's JIT compiler has gone quiet: its compiler threads used less than
 * {@value #BUSY_PERCENT} % of a CPU over the last window of {@value #WINDOW_MS} ms.
 *
 * <p>Why a benchmark waits for it: with two rank JVMs on two CPUs, each JVM's C2 thread
 * compiles the per-message path for seconds after the first messages (measured: about 1.7 s of
 * CPU per JVM, spread over 3-4 s of a job), and while the two compiler threads hold one CPU the two
 * ranks share the other and hand it to each other at every message (11-13 us one-way instead of
 * 0.3-0.6 us over shm; the raw ring's ping-pong pays the same, 5-7 us). A warm-up of fixed length
 * then measured that state in one job in two. Waiting for the compiler threads themselves to
 * go idle ends the warm-up when the code is compiled, whatever the host.
 *
 * <p>Reads each compiler thread's run time from {@code /proc/self/task/<tid>/schedstat} (Linux);
 * elsewhere the JVM's total compilation time ({@link CompilationMXBean}), which grows only as
 * compilations finish. {@link #ofProcess} watches another JVM of this user the same way (a
 * benchmark's partner process); where its {@code /proc} entries cannot be read it counts as
 * quiet after one window. One thread.
 */
public final class JitQuiet
{
    static final long WINDOW_MS = 250;
    static final int BUSY_PERCENT = 2;
    /** How long a benchmark waits at most for the compiler to go quiet before it times anyway. */
    public static final long LONGEST_WAIT_NS = 30_000_000_000L;
    private static final Path TASKS = Path.of("/proc/self/task");

    private final LongSupplier busy;
    private long windowStart = -1;
    private long busyAtStart;
    private boolean quiet;

    /** Watches this JVM's compiler. */
    public JitQuiet()
    {
        this(JitQuiet::busyNanos);
    }

    /** Watches the compiler of the JVM with process id {@code pid} (through {@code /proc/<pid>/task}). */
    public static JitQuiet ofProcess(final long pid)
    {
        final Path tasks = Path.of("/proc", Long.toString(pid), "task");
        return new JitQuiet(() -> Math.max(0, compilerThreadNanos(tasks)));
    }

    /** Watches {@code busy}: nanoseconds of compiler work so far (tests). */
    JitQuiet(final LongSupplier busy)
    {
        this.busy = busy;
    }

    /**
     * Whether the last whole window before {@code nowNanos} was quiet (false until one window has
     * passed). Reads the compiler's work (a walk of {@code /proc}) only when a window starts or
     * ends, not on every call: the warm-up asks after every batch of round trips.
     */
    public boolean quiet(final long nowNanos)
    {
        if (windowStart < 0)
        {
            windowStart = nowNanos;
            busyAtStart = busy.getAsLong();
            return false;
        }
        final long window = nowNanos - windowStart;
        if (window >= WINDOW_MS * 1_000_000L)
        {
            final long worked = busy.getAsLong();
            quiet = (worked - busyAtStart) * 100 < window * BUSY_PERCENT;
            windowStart = nowNanos;
            busyAtStart = worked;
        }
        return quiet;
    }

    /** Nanoseconds the compiler has worked so far, by the best clock available here. */
    static long busyNanos()
    {
        final long fromThreads = compilerThreadNanos();
        if (fromThreads >= 0)
        {
            return fromThreads;
        }
        final CompilationMXBean compilation = ManagementFactory.getCompilationMXBean();
        return compilation != null && compilation.isCompilationTimeMonitoringSupported() ?
            compilation.getTotalCompilationTime() * 1_000_000L : 0;
    }

    /** Run time of this JVM's compiler threads ("C1 CompilerThre..", "C2 CompilerThre.."), or -1 where unreadable. */
    static long compilerThreadNanos()
    {
        return compilerThreadNanos(TASKS);
    }

    /** The same for the process whose thread directory is {@code taskDir} ({@code /proc/<pid>/task}). */
    static long compilerThreadNanos(final Path taskDir)
    {
        if (!Files.isDirectory(taskDir))
        {
            return -1;
        }
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir))
        {
            for (final Path task : tasks)
            {
                final String comm = readOrEmpty(task.resolve("comm"));
                if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler"))
                {
                    final String stat = readOrEmpty(task.resolve("schedstat"));
                    final int space = stat.indexOf(' ');
                    if (space > 0)
                    {
                        sum += Long.parseLong(stat.substring(0, space));
                    }
                }
            }
        }
        catch (final IOException | RuntimeException e)
        {
            return -1;
        }
        return sum;
    }

    /** The file's text, or "" when the thread ended meanwhile. */
    private static String readOrEmpty(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final IOException e)
        {
            return "";
        }
    }
}
