package io.rankwire.launch;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where and how the ranks of a {@code tcp} job are started: as children of the launcher
 * ({@link Kind#LOCAL}), as the tasks of one {@code srun} step inside a Slurm allocation
 * ({@link Kind#SLURM}), or over ssh on the hosts of {@code -H}/{@code --hostfile}
 * ({@link Kind#SSH}).
 */
final class Placement
{
    /**
     * The setting that tells every rank how many hosts its job spans ({@link #hostsSpanned}); the
     * collectives choose their multi-host defaults by it (runtime {@code io.rankwire.coll.CollSettings}).
     * A {@code -x} setting of the same key wins.
     */
    static final String HOSTS_SETTING = "rankwire.job.hosts";

    /** How ranks are started. */
    enum Kind
    {
        LOCAL, SLURM, SSH
    }

    final Kind kind;
    /** For {@link Kind#SSH}: the host of each rank. */
    final List<String> hosts;
    /** For {@link Kind#SSH}: the ssh client and its options. */
    final List<String> ssh;
    /** For {@link Kind#SSH}: the variables given with {@code -x}, the only launcher variables sent. */
    final Map<String, String> exported;
    /** For {@link Kind#SSH}: whether {@code -x rankwire.tcp.bind} was given (else each rank listens on its host). */
    final boolean tcpBindGiven;
    /** For {@link Kind#SLURM}: the CPUs of the allocation, -1 when unknown. */
    final int cpus;
    /** For {@link Kind#SLURM}: the nodes of the allocation. */
    final int nodes;
    /** {@code -N}: ranks per host, 0 when not given. */
    final int perNode;

    private Placement(
        final Kind kind,
        final List<String> hosts,
        final List<String> ssh,
        final Map<String, String> exported,
        final boolean tcpBindGiven,
        final int cpus,
        final int nodes,
        final int perNode)
    {
        this.perNode = perNode;
        this.kind = kind;
        this.hosts = List.copyOf(hosts);
        this.ssh = List.copyOf(ssh);
        this.exported = Map.copyOf(exported);
        this.tcpBindGiven = tcpBindGiven;
        this.cpus = cpus;
        this.nodes = nodes;
    }

    /**
     * How many hosts the ranks of a job of {@code size} run on: 1 locally; over ssh the distinct
     * addresses the ranks' host names resolve to (a name that does not resolve counts by itself);
     * under Slurm the allocation's nodes, at most one per rank ({@code srun} spreads the tasks of
     * a step over every node of the allocation).
     */
    int hostsSpanned(final int size)
    {
        switch (kind)
        {
            case SSH:
                final Set<String> distinct = new HashSet<>();
                for (final String host : hosts)
                {
                    distinct.add(address(host));
                }
                return distinct.size();
            case SLURM:
                return Math.max(1, Math.min(nodes, size));
            default:
                return 1;
        }
    }

    private static String address(final String host)
    {
        try
        {
            return InetAddress.getByName(host).getHostAddress();
        }
        catch (final UnknownHostException e)
        {
            return host;
        }
    }

    static Placement local()
    {
        return local(0);
    }

    static Placement local(final int perNode)
    {
        return new Placement(Kind.LOCAL, List.of(), List.of(), Map.of(), false, -1, 1, perNode);
    }

    static Placement slurm(final int cpus, final int nodes)
    {
        return slurm(cpus, nodes, 0);
    }

    static Placement slurm(final int cpus, final int nodes, final int perNode)
    {
        return new Placement(Kind.SLURM, List.of(), List.of(), Map.of(), false, cpus, nodes, perNode);
    }

    static Placement ssh(
        final List<String> hosts, final List<String> ssh, final Map<String, String> exported, final boolean tcpBindGiven)
    {
        return new Placement(Kind.SSH, hosts, ssh, exported, tcpBindGiven, -1, hosts.size(), 0);
    }
}
