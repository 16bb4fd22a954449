package io.rankwire.multi;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

import io.rankwire.settings.Setting;
import io.rankwire.spi.HostIdentity;
import io.rankwire.spi.Transport;
import io.rankwire.spi.TransportContext;
import io.rankwire.spi.TransportException;
import io.rankwire.spi.TransportProvider;

/**
 * The transport {@value #NAME}: shared memory ({@code shm}) between the ranks of a host, TCP
 * ({@code tcp}) between hosts, chosen per peer when the job starts. Opening it is the selection
 * step: every rank publishes its {@link HostIdentity} through the bootstrap and reads every
 * rank's (the one wait on peers an {@code open} does; it needs nothing but the bootstrap), then
 *
 * <pre>
 *   every rank on this rank's host        -> plain shm            (no composite)
 *   no other rank on this rank's host     -> plain tcp            (no composite)
 *   some here, some elsewhere             -> shm for this host's ranks (itself included),
 *                                            tcp for the others, in one {@link MultiTransport}
 *   shm not on the class path             -> plain tcp
 *   shm refuses this host                 -> plain tcp                  (one WARNING per host)
 * </pre>
 *
 * Whether shm may serve a host is decided once per host, before its ranks choose: the host's
 * first rank asks the shm provider ({@link TransportProvider#hostShortfall}: room for every
 * rank's segment in {@code /dev/shm}) and publishes the answer under {@value #SHM_VERDICT_KEY}; the
 * host's other ranks read it, so all of them choose alike (a rank that chose shm would wait for
 * a peer that never maps its files). A refused host's ranks reach each other over tcp; other
 * hosts reach them over tcp as always.
 *
 * Settings ({@link AutoSettings}): {@code rankwire.auto.composite} (a composite even when one
 * transport would do, for tests and for measuring its cost), {@code rankwire.auto.waitSliceMicros}
 * (see {@link Waiting}) and {@code rankwire.auto.timeoutMs} (the host exchange's limit).
 */
public final class AutoTransportProvider implements TransportProvider
{
    /** The name this transport is selected by. */
    public static final String NAME = "auto";
    /** The transport for ranks of one host. */
    public static final String SHM = "shm";
    /** The transport between hosts. */
    public static final String TCP = "tcp";
    /** The bootstrap key under which a host's first rank publishes whether shm may serve the host. */
    static final String SHM_VERDICT_KEY = "auto.shm";
    private static final System.Logger LOG = System.getLogger(AutoTransportProvider.class.getName());

    @Override
    public String name()
    {
        return NAME;
    }

    /** {@code rankwire.auto.*}. */
    @Override
    public List<Setting<?>> settings()
    {
        return AutoSettings.ALL;
    }

    /** Parses the settings as {@link #open} does. */
    @Override
    public void validateSettings(final Map<String, String> settings)
    {
        new AutoSettings(settings);
    }

    @Override
    public Transport open(final TransportContext context)
    {
        final AutoSettings settings = new AutoSettings(context.settings());
        final TransportProvider tcp = find(TCP);
        final TransportProvider shm = find(SHM);
        if (shm == null)
        {
            if (tcp == null)
            {
                throw new IllegalStateException("rankwire.transport : 'auto' (expected: the transport " + TCP + " or " +
                    SHM + " on the class path; neither was found)");
            }
            return tcp.open(context);
        }
        final int[] local = localRanks(context, settings.timeout);
        final int size = context.size();
        final boolean shmWouldServe = local.length == size || local.length > 1 || settings.always;
        if (shmWouldServe && shmRefused(context, shm, local, settings.timeout))
        {
            if (tcp == null)
            {
                throw new TransportException("rankwire-auto: " + hostVerdict(context, local, settings.timeout) +
                    " (and the transport " + TCP + " is not on the class path to fall back to)");
            }
            return tcp.open(context);
        }
        if (local.length == size && !settings.always)
        {
            return shm.open(context);
        }
        if (tcp == null)
        {
            final int other = firstMissing(local, size);
            throw new IllegalStateException("rankwire-auto: rank " + other + " is not on the host of rank " +
                context.rank() + " (expected: the transport " + TCP + " on the class path to reach it)");
        }
        if (local.length == 1 && !settings.always)
        {
            return tcp.open(context);
        }
        return composite(context, settings, shm, tcp, local);
    }

    /**
     * Whether shm may not serve this host: the host's first rank asks {@code shm} and publishes
     * the answer, with a WARNING when it refuses; the others read it.
     */
    private static boolean shmRefused(
        final TransportContext context, final TransportProvider shm, final int[] local, final Duration timeout)
    {
        if (context.rank() == local[0])
        {
            final String refusal = shm.hostShortfall(local.length, context.settings());
            context.bootstrap().put(SHM_VERDICT_KEY, refusal == null ? new byte[0] : refusal.getBytes(StandardCharsets.UTF_8));
            if (refusal != null)
            {
                LOG.log(System.Logger.Level.WARNING, refusal + "; this host's " + local.length +
                    (local.length == 1 ? " rank uses " : " ranks use ") + TCP + " instead of " + SHM);
            }
            return refusal != null;
        }
        return !hostVerdict(context, local, timeout).isEmpty();
    }

    /** What the host's first rank published: empty when shm may serve the host, else why not. */
    private static String hostVerdict(final TransportContext context, final int[] local, final Duration timeout)
    {
        return new String(context.bootstrap().get(local[0], SHM_VERDICT_KEY, timeout), StandardCharsets.UTF_8);
    }

    private static Transport composite(
        final TransportContext context, final AutoSettings settings, final TransportProvider shm, final TransportProvider tcp,
        final int[] local)
    {
        final int size = context.size();
        final int[] remote = complement(local, size);
        final int[] serving = new int[size];
        for (final int r : remote)
        {
            serving[r] = 1;
        }
        final Transport near = shm.open(context.forPeers(local));
        if (remote.length == 0)
        {
            return new MultiTransport(new Transport[] {near}, new String[] {SHM}, serving, settings.sliceNanos);
        }
        Transport far = null;
        try
        {
            far = tcp.open(context.forPeers(remote));
            return new MultiTransport(new Transport[] {near, far}, new String[] {SHM, TCP}, serving, settings.sliceNanos);
        }
        catch (final RuntimeException | Error e)
        {
            near.close();
            if (far != null)
            {
                far.close();
            }
            throw e;
        }
    }

    /** The ranks whose host identity equals this rank's, ascending (this rank included). */
    static int[] localRanks(final TransportContext context, final Duration timeout)
    {
        final int size = context.size();
        final int[] all = new int[size];
        Arrays.setAll(all, r -> r);
        final String[] ids = HostIdentity.exchange(context, all, timeout);
        final String mine = ids[context.rank()];
        return Arrays.stream(all).filter(r -> ids[r].equals(mine)).toArray();
    }

    private static int[] complement(final int[] ranks, final int size)
    {
        final boolean[] in = new boolean[size];
        for (final int r : ranks)
        {
            in[r] = true;
        }
        final int[] rest = new int[size - ranks.length];
        int n = 0;
        for (int r = 0; r < size; r++)
        {
            if (!in[r])
            {
                rest[n++] = r;
            }
        }
        return rest;
    }

    private static int firstMissing(final int[] ranks, final int size)
    {
        final int[] rest = complement(ranks, size);
        return rest.length == 0 ? -1 : rest[0];
    }

    /** The provider named {@code name} on the class path, or null. */
    static TransportProvider find(final String name)
    {
        final Iterator<TransportProvider> it = ServiceLoader.load(TransportProvider.class).iterator();
        for (int errors = 0; errors < 64; )
        {
            try
            {
                if (!it.hasNext())
                {
                    return null;
                }
                final TransportProvider p = it.next();
                if (p.name().equals(name))
                {
                    return p;
                }
            }
            catch (final ServiceConfigurationError e)
            {
                errors++;
            }
        }
        return null;
    }
}
