package io.rankwire.launch;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.concurrent.BlockingQueue;

import io.rankwire.bootstrap.InMemoryBootstrap;
import io.rankwire.bootstrap.JobEnvironment;

/** One rank of an in-JVM job: a thread running the application's {@code main} in the rank's class loader. */
final class SimRank implements Runnable
{
    private final JobEnvironment env;
    private final RankClassLoader loader;
    private final String mainClass;
    private final String[] args;
    private final RankTaggedOutput[] outputs;
    private final BlockingQueue<SimRank> done;
    private final InMemoryBootstrap job;
    private final Thread thread;
    private volatile boolean running;
    private volatile Throwable failure;

    SimRank(
        final JobEnvironment env,
        final RankClassLoader loader,
        final String mainClass,
        final String[] args,
        final RankTaggedOutput[] outputs,
        final BlockingQueue<SimRank> done,
        final InMemoryBootstrap job)
    {
        this.env = env;
        this.loader = loader;
        this.mainClass = mainClass;
        this.args = args.clone();
        this.outputs = outputs.clone();
        this.done = done;
        this.job = job;
        this.thread = new Thread(this, "rank-" + env.rank());
        thread.setDaemon(true);
        thread.setContextClassLoader(loader);
    }

    void start()
    {
        running = true;
        thread.start();
    }

    int rank()
    {
        return env.rank();
    }

    boolean running()
    {
        return running;
    }

    Throwable failure()
    {
        return failure;
    }

    /** Whether the rank's thread is inside {@code System.exit}. */
    boolean callingExit()
    {
        for (final StackTraceElement frame : thread.getStackTrace())
        {
            if (frame.getClassName().equals("java.lang.Runtime") && frame.getMethodName().equals("exit"))
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public void run()
    {
        JobEnvironment.runAs(env, this::runMain);
    }

    /** Runs the application's main as this rank, then reports the rank done. */
    private void runMain()
    {
        try
        {
            final Method main = Class.forName(mainClass, true, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers()))
            {
                throw new IllegalArgumentException(
                    "main class : " + mainClass + " (expected: a static main(String[]))");
            }
            main.setAccessible(true);
            main.invoke(null, (Object)args.clone());
        }
        catch (final InvocationTargetException e)
        {
            failure = e.getCause();
            if (job.abortingRank() != rank())
            {
                failure.printStackTrace(); // not its abort, which rwrun reports in one line
            }
        }
        catch (final ReflectiveOperationException | RuntimeException | Error e)
        {
            failure = e;
            e.printStackTrace();
        }
        finally
        {
            for (final RankTaggedOutput out : outputs)
            {
                if (out != null)
                {
                    out.endLine();
                }
            }
            running = false;
            done.add(this);
        }
    }
}
