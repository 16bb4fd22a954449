package io.rankwire.launch;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.rankwire.bootstrap.JobIdentity;
import io.rankwire.bootstrap.JobVariables;

/**
 * Hosts of a host list that name the launcher's own host, whose ranks start as children of
 * {@code rwrun} without ssh, as Open MPI starts the ranks of {@code localhost} without a remote
 * daemon: the name {@code localhost} (any case) and the addresses {@code 127.0.0.1} and
 * {@code ::1}. Other loopback addresses ({@code 127.0.0.2}) stay other hosts reached over ssh: a
 * test bed uses them to stand for separate hosts.
 */
final class ThisHost
{
    private ThisHost()
    {
    }

    /** Whether {@code host} names the launcher's own host. */
    static boolean is(final String host)
    {
        final String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("127.0.0.1") || h.equals("::1") || h.equals("[::1]");
    }

    /**
     * The environment a rank of a host-list job gets when it runs on this host: its identity
     * with the secret (it is a child of {@code rwrun}, as local ranks are), listening on the
     * address that reaches the job's other hosts ({@code --bind}), or on the loopback address
     * when every rank is on this host; {@code -x rankwire.tcp.bind} wins.
     */
    static Map<String, String> rankEnvironment(final JobSpec spec, final JobIdentity rank)
    {
        final boolean allHere = spec.placement.hosts.stream().allMatch(ThisHost::is);
        final String address = allHere ? "127.0.0.1" : spec.bind.getHostAddress();
        final Map<String, String> settings = new TreeMap<>(rank.settings());
        settings.put(JobVariables.BIND_SETTING, address);
        if (!spec.placement.tcpBindGiven)
        {
            settings.put(JobVariables.TCP_BIND_SETTING, address);
        }
        return new JobIdentity(rank.rank(), rank.size(), rank.jobId(), rank.secret(), rank.transport(),
            rank.bootstrap(), settings).toEnvironment();
    }
}
