package io.rankwire;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;

import io.rankwire.bootstrap.JobVariables;
import io.rankwire.observe.Flight;
import io.rankwire.observe.RankLogging;
import io.rankwire.observe.RankMBean;
import io.rankwire.spi.Bootstrap;

/**
 * What makes a rank observable, from init to close: the log's level and format
 * ({@code rankwire.logLevel}), the flight recorder's events ({@link Flight}), the rank's MBean
 * ({@code rankwire.jmx}), and the counters published to the launcher at close
 * ({@code rankwire.reportStats}, which {@code rwrun --stats} sets).
 */
final class RankObservers
{
    /** Whether a rank registers its MBean; {@code true} by default. */
    static final String JMX_SETTING = "rankwire.jmx";

    private static final System.Logger LOG = System.getLogger(Rankwire.class.getName());

    private final RankMBean mbean;
    private final boolean reportStats;

    private RankObservers(final RankMBean mbean, final boolean reportStats)
    {
        this.mbean = mbean;
        this.reportStats = reportStats;
    }

    /** The settings this class reads. */
    static Set<String> keys()
    {
        return Set.of(JobVariables.LOG_LEVEL_SETTING, JMX_SETTING, JobVariables.REPORT_STATS_SETTING);
    }

    /** Checks the values of {@link #keys()} among {@code settings}. */
    static void validate(final Map<String, String> settings)
    {
        final String level = settings.get(JobVariables.LOG_LEVEL_SETTING);
        if (level != null)
        {
            RankLogging.parse(JobVariables.LOG_LEVEL_SETTING, level);
        }
        flag(settings, JMX_SETTING, true);
        flag(settings, JobVariables.REPORT_STATS_SETTING, false);
    }

    private static boolean flag(final Map<String, String> settings, final String key, final boolean otherwise)
    {
        final String v = settings.get(key);
        if (v == null)
        {
            return otherwise;
        }
        final String s = v.trim().toLowerCase(Locale.ROOT);
        if (!s.equals("true") && !s.equals("false"))
        {
            throw new IllegalArgumentException(key + " : '" + v + "' (expected: true or false)");
        }
        return s.equals("true");
    }

    /** Sets up the log before anything else of the rank starts (the transport logs as it opens). */
    static void beforeStart(final RankwireConfig c)
    {
        final Level level = RankLogging.parse(JobVariables.LOG_LEVEL_SETTING,
            c.settings().getOrDefault(JobVariables.LOG_LEVEL_SETTING, "warning"));
        RankLogging.install(level, c.rank());
        Flight.init();
    }

    /** Once the rank runs: its MBean, and a line at INFO. */
    static RankObservers started(final Rankwire rw, final RankwireConfig c)
    {
        RankMBean bean = null;
        if (flag(c.settings(), JMX_SETTING, true))
        {
            try
            {
                bean = RankMBean.register(rw.rank(), rw.size(), c.transport(), c.jobId(), () -> rw.stats().asMap());
            }
            catch (final IllegalStateException e)
            {
                LOG.log(System.Logger.Level.WARNING, e.getMessage());
            }
        }
        if (LOG.isLoggable(System.Logger.Level.INFO))
        {
            LOG.log(System.Logger.Level.INFO, "rank " + rw.rank() + " of " + rw.size() + " started: transport " +
                c.transport() + peers(rw) + ", eager limit " + rw.eagerLimit() + " B, job " + c.jobId() +
                (bean != null ? ", MBean " + bean.name() : ""));
        }
        return new RankObservers(bean, flag(c.settings(), JobVariables.REPORT_STATS_SETTING, false));
    }

    /** The transport per peer when they differ ({@code auto}). */
    private static String peers(final Rankwire rw)
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
    void closing(final Rankwire rw, final Bootstrap bootstrap)
    {
        final RankStats stats = rw.stats();
        if (reportStats)
        {
            final StringBuilder text = new StringBuilder();
            stats.asMap().forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
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

    /** When the rank has closed. */
    void closed()
    {
        if (mbean != null)
        {
            mbean.unregister();
        }
    }
}
