package io.rankwire.launch;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.rankwire.bootstrap.SlurmEnvironment;

/** Chooses a job's {@link Placement} and bootstrap interface from {@code rwrun}'s options. */
final class Placements
{
    private static final String DEFAULT_BIND = "127.0.0.1";

    private Placements()
    {
    }

    /**
     * The job's placement; {@code oversubscribe} lets more ranks than slots take the hosts' slots
     * again ({@link HostList#place}).
     *
     * @param launcher      {@code auto}, {@code local}, {@code slurm} or {@code ssh}
     * @param transport     the job's transport: one whose ranks share one JVM runs locally
     * @param size          {@code -np}, null when not given (then {@code perNode} times the hosts)
     * @param perNode       {@code -N}: every host has that many slots; 0 when not given
     * @param ssh           the ssh command, empty for {@code ssh}
     * @param environment   the launcher's environment
     * @param exported      the {@code -x} variables
     */
    static Placement choose(
        final String launcher,
        final Transports.Choice transport,
        final Integer size,
        final int perNode,
        final List<String> hostLists,
        final String hostfile,
        final String ssh,
        final Map<String, String> environment,
        final Map<String, String> exported,
        final boolean tcpBindGiven,
        final boolean oversubscribe)
    {
        final boolean hostsGiven = !hostLists.isEmpty() || hostfile != null;
        if (!hostLists.isEmpty() && hostfile != null)
        {
            throw new IllegalArgumentException("-H and --hostfile given together (expected: one of them)");
        }
        final boolean oneJvm = transport.ranksShareOneJvm();
        final String kind = launcher.equals("auto") ?
            hostsGiven ? "ssh" : SlurmEnvironment.inAllocation(environment) && !oneJvm ? "slurm" : "local" :
            launcher;
        if (!kind.equals("local") && oneJvm)
        {
            throw new IllegalArgumentException("--launcher " + kind + " (or -H/--hostfile) needs a transport with " +
                "one JVM per rank, e.g. --transport tcp (" + transport.name() + " runs every rank in one local JVM)");
        }
        switch (kind)
        {
            case "local":
                return Placement.local(perNode);
            case "slurm":
                if (!SlurmEnvironment.inAllocation(environment))
                {
                    throw new IllegalArgumentException("--launcher slurm needs a Slurm allocation (" +
                        SlurmEnvironment.JOB_ID + " is not set: run rwrun under salloc or sbatch)");
                }
                return Placement.slurm(SlurmAllocation.cpus(environment), SlurmEnvironment.nodes(environment), perNode);
            case "ssh":
                if (!hostsGiven)
                {
                    throw new IllegalArgumentException("--launcher ssh needs -H or --hostfile");
                }
                final HostList listed = hostfile != null ? HostList.parseHostfile(Path.of(hostfile)) :
                    HostList.parseHosts(String.join(",", hostLists));
                final HostList hosts = perNode > 0 ? listed.withSlots(perNode) : listed;
                final int n = size != null ? size : perNode * hosts.hosts().size();
                if (n < 1 || n > Rwrun.MAX_RANKS)
                {
                    OptionChecks.size(n);
                }
                return Placement.ssh(hosts.place(n, oversubscribe), SshCommand.split(ssh.isEmpty() ? "ssh" : ssh), exported,
                    tcpBindGiven);
            default:
                throw new IllegalArgumentException("invalid value for --launcher: '" + launcher +
                    "' (expected: auto, local, slurm or ssh)");
        }
    }

    /**
     * The job's ranks: {@code -np}; else {@code -N} times the hosts of the placement.
     *
     * @throws IllegalArgumentException when neither is given, or {@code -np} is more than {@code -N} allows
     */
    static int size(final Integer size, final int perNode, final Placement placement)
    {
        if (size == null && perNode == 0)
        {
            throw new IllegalArgumentException("Missing required option: '--np=N' (or -N N, ranks per host)");
        }
        if (size == null)
        {
            return placement.kind == Placement.Kind.SSH ? placement.hosts.size() : perNode * Math.max(1, placement.nodes);
        }
        if (perNode > 0 && placement.kind == Placement.Kind.LOCAL && size > perNode)
        {
            throw new IllegalArgumentException("invalid value for -np: '" + size + "' (expected: at most " + perNode +
                ", -N " + perNode + " ranks on this one host, or -H/--hostfile with more hosts)");
        }
        return size;
    }

    /**
     * The bootstrap service's interface: {@code --bind} when given; else, for ssh, the address this
     * host uses to reach the first remote host; for a Slurm allocation of several nodes, every
     * interface; else {@value #DEFAULT_BIND}.
     */
    static InetAddress bind(final String option, final Placement placement)
    {
        if (option != null)
        {
            return OptionChecks.bind(option);
        }
        if (placement.kind == Placement.Kind.SSH)
        {
            // the first host rwrun reaches over ssh; ranks on this host only: the loopback address
            return placement.hosts.stream().filter(h -> !ThisHost.is(h)).findFirst()
                .map(Placements::routeTo).orElseGet(() -> OptionChecks.bind(DEFAULT_BIND));
        }
        if (placement.kind == Placement.Kind.SLURM && placement.nodes > 1)
        {
            return OptionChecks.bind("0.0.0.0");
        }
        return OptionChecks.bind(DEFAULT_BIND);
    }

    /** The local address the kernel picks to send to {@code host} (no packet is sent). */
    static InetAddress routeTo(final String host)
    {
        try (DatagramSocket socket = new DatagramSocket())
        {
            socket.connect(InetAddress.getByName(host), 9);
            final InetAddress local = socket.getLocalAddress();
            if (local == null || local.isAnyLocalAddress())
            {
                throw new IllegalArgumentException("cannot tell which address of this host reaches '" + host +
                    "' (give it with --bind)");
            }
            return local;
        }
        catch (final UnknownHostException e)
        {
            throw new IllegalArgumentException("invalid host '" + host + "': unknown host (expected: a name or " +
                "address this host can resolve)", e);
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException("cannot reach host '" + host + "': " + e.getMessage() +
                " (give the address to listen on with --bind)", e);
        }
    }
}
