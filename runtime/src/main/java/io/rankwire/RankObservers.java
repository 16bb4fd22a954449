package io.rankwire;

import java.nio.charset.StandardCharsets;
import java.util.logging.Level;

import io.rankwire.bootstrap.JobVariables;
import io.rankwire.observe.Flight;
import io.rankwire.observe.RankLogging;
import io.rankwire.observe.RankMBean;
import io.rankwire.observe.RecordingFiles;
import io.rankwire.spi.Bootstrap;

/**
 * What makes a rank observable, from init to close: the log's level and format
 * ({@code rankwire.logLevel}), the flight recorder's events ({@link Flight}), the rank's MBean
 * ({@code rankwire.jmx}), and the counters published to the launcher at close
 * ({@code rankwire.reportStats}, which {@code rwrun --stats} sets).
 */
final class RankObservers
{
    private static final System.Logger LOG = System.getLogger("io.rankwire.Rankwire");

    private final boolean reportStats;
    private RankMBean mbean;
    private boolean closed;

    private RankObservers(final boolean reportStats)
    {
        this.reportStats = reportStats;
    }

    /** Sets up the log before anything else of the rank starts (the transport logs as it opens). */
    static void beforeStart(final RankwireConfig c)
    {
        final Level level = RankLogging.parse(JobVariables.LOG_LEVEL_SETTING, RuntimeSettings.LOG_LEVEL.read(c.settings()));
        RankLogging.install(level, c.rank());
        if (Flight.recorderRunning())
        {
            Flight.init(); // a recording may run already: see it before the first message
            RecordingFiles.name(c.rank()); // rank-%r.jfr: one file per rank
        }
    }

    /**
     * Once the rank runs: a line at INFO, and in the background (a daemon thread, so that init
     * does not wait for the platform MBean server and the flight recorder's classes to load,
     * 0.1-0.5 s of class loading) the recorder's listener and the rank's MBean.
     */
    static RankObservers started(final ObservedRank rw, final RankwireConfig c)
    {
        final RankObservers o = new RankObservers(RuntimeSettings.REPORT_STATS.read(c.settings()));
        if (LOG.isLoggable(System.Logger.Level.INFO))
        {
            LOG.log(System.Logger.Level.INFO, "rank " + rw.rank() + " of " + rw.size() + " started: transport " +
                c.transport() + peers(rw) + ", eager limit " + rw.eagerLimit() + " B, job " + c.jobId());
        }
        final boolean jmx = RuntimeSettings.JMX.read(c.settings());
        final Thread t = new Thread(() -> o.register(rw, c, jmx), "rankwire-observe-" + rw.rank());
        t.setDaemon(true);
        t.start();
        return o;
    }

    private void register(final ObservedRank rw, final RankwireConfig c, final boolean jmx)
    {
        Flight.init();
        if (!jmx)
        {
            return;
        }
        final RankMBean bean;
        try
        {
            bean = RankMBean.register(rw.rank(), rw.size(), c.transport(), c.jobId(), () -> rw.stats().asMap());
        }
        catch (final IllegalStateException e)
        {
            LOG.log(System.Logger.Level.WARNING, e.getMessage());
            return;
        }
        synchronized (this)
        {
            if (!closed)
            {
                mbean = bean;
                LOG.log(System.Logger.Level.DEBUG, () -> "rank " + rw.rank() + ": MBean " + bean.name());
                return;
            }
        }
        bean.unregister(); // the rank closed meanwhile
    }

    /** The transport per peer when they differ ({@code auto}). */
    private static String peers(final ObservedRank rw)
    {
        final StringBuilder s = new StringBuilder();
        for (int p = 0; p < rw.size() && p < 16; p++)
        {
            if (p != rw.rank())
            {
                s.append(s.length() == 0 ? " (" : ", ").append(p).append(':').append(rw.transportOf(p));
            }
        }
        return s.length() == 0 ? "" : s.append(rw.size() > 16 ? ", ...)" : ")").toString();
    }

    /** At close, before the rank leaves the job: its counters to the launcher, if asked for. */
    void closing(final ObservedRank rw, final Bootstrap bootstrap)
    {
        final RankStats stats = rw.stats();
        if (reportStats)
        {
            final StringBuilder text = new StringBuilder();
            stats.asMap().forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
            stats.transportCounters().forEach((k, v) -> text.append("transport.").append(k).append('=').append(v).append('\n'));
            try
            {
                bootstrap.put(JobVariables.STATS_KEY, text.toString().getBytes(StandardCharsets.UTF_8));
            }
            catch (final RuntimeException e)
            {
                LOG.log(System.Logger.Level.WARNING, "rank " + rw.rank() + " could not report its counters: " + e.getMessage());
            }
        }
        LOG.log(System.Logger.Level.DEBUG, () -> "rank " + rw.rank() + " closing: " + stats);
    }

    /** When the rank has closed: its MBean goes (now, or as soon as its registration is done). */
    void closed()
    {
        final RankMBean bean;
        synchronized (this)
        {
            closed = true;
            bean = mbean;
            mbean = null;
        }
        if (bean != null)
        {
            bean.unregister();
        }
    }
}
