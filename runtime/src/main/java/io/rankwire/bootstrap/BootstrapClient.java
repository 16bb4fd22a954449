package io.rankwire.bootstrap;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Objects;
import java.util.function.IntConsumer;

import io.rankwire.spi.BootstrapException;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.TransportContext;

/**
 * A rank's connection to a job's bootstrap service ({@link BootstrapProtocol} draws the wire).
 * Both sides prove they hold the job secret before anything else is exchanged; a client the
 * service turns away while strangers crowd it tries again until its timeout
 * ({@link BootstrapDialer}). Calls are serialized; every wait is bounded by the caller's timeout,
 * and failures raise {@link BootstrapException} naming the service and what was awaited.
 * {@link #join} opens a second connection, the rank's membership, read by a daemon thread
 * ({@link MembershipWatch}).
 */
public final class BootstrapClient implements Bootstrap, AutoCloseable
{
    private static final System.Logger LOG = System.getLogger(BootstrapClient.class.getName());
    /** Extra time the client waits for the service to answer a bounded wait. */
    private static final int REPLY_GRACE_MILLIS = 10_000;
    /** {@link #serviceHost}: losing the service means nothing to this rank. */
    static final int HOST_NONE = -2;
    /** {@link #serviceHost}: {@code rwrun} hosts the service, so losing it means the launcher is gone. */
    static final int HOST_LAUNCHER = -1;

    private final BootstrapLink link;
    private final InetSocketAddress address;
    private final byte[] secret;
    private final Duration timeout;
    private final String where;
    private final int rank;
    private final int size;
    private int serviceHost = HOST_NONE;
    private volatile MembershipWatch membership;

    private BootstrapClient(
        final BootstrapLink link,
        final InetSocketAddress address,
        final byte[] secret,
        final Duration timeout,
        final int rank,
        final int size)
    {
        this.link = link;
        this.address = address;
        this.secret = secret.clone();
        this.timeout = timeout;
        this.where = "bootstrap service " + BootstrapAddress.format(address);
        this.rank = rank;
        this.size = size;
    }

    /**
     * Connects to the service at {@code address} as {@code rank} of a job of {@code size} ranks and
     * authenticates with {@code secret}, trying again while the service turns it away for others.
     *
     * @throws IllegalArgumentException for a rank outside the job or a secret too short
     * @throws BootstrapException if the service cannot be reached and authenticated with in
     *                           {@code timeout}, refuses the client, or cannot prove it holds the
     *                           same secret
     */
    public static BootstrapClient connect(
        final InetSocketAddress address, final byte[] secret, final int rank, final int size, final Duration timeout)
    {
        Objects.requireNonNull(secret, "secret");
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        TransportContext.checkSecret("secret", secret, size);
        return new BootstrapClient(BootstrapDialer.dial(address, secret, rank, size, timeout), address, secret,
            timeout, rank, size);
    }

    /**
     * Who hosts the service, for when this rank loses it before leaving: {@link #HOST_LAUNCHER}
     * ({@code rwrun}: the rank ends itself), a rank (that rank departed), or {@link #HOST_NONE}.
     */
    BootstrapClient hostedBy(final int host)
    {
        this.serviceHost = host;
        return this;
    }

    @Override
    public int rank()
    {
        return rank;
    }

    @Override
    public int size()
    {
        return size;
    }

    @Override
    public synchronized void put(final String key, final byte[] value)
    {
        final byte[] k = BootstrapProtocol.keyBytes(Objects.requireNonNull(key, "key"));
        BootstrapProtocol.checkValue(Objects.requireNonNull(value, "value"));
        final ByteBuffer frame = BootstrapProtocol.begin(2 + k.length + 4 + value.length, BootstrapProtocol.PUT);
        BootstrapProtocol.putString(frame, k);
        BootstrapProtocol.putBytes(frame, value);
        final ByteBuffer reply = call(BootstrapProtocol.finish(frame), "publishing key '" + key + "'", 0);
        expect(reply, BootstrapProtocol.OK, "publishing key '" + key + "'");
    }

    @Override
    public synchronized byte[] get(final int rank, final String key, final Duration timeout)
    {
        if (rank < 0 || rank >= size)
        {
            throw new IllegalArgumentException("rank : " + rank + " (expected: 0.." + (size - 1) + ")");
        }
        final byte[] k = BootstrapProtocol.keyBytes(Objects.requireNonNull(key, "key"));
        final int waitMillis = BootstrapProtocol.clampMillis(timeout.toMillis());
        final ByteBuffer frame = BootstrapProtocol.begin(4 + 2 + k.length + 4, BootstrapProtocol.GET);
        frame.putInt(rank);
        BootstrapProtocol.putString(frame, k);
        frame.putInt(waitMillis);
        final String what = "key '" + key + "' of rank " + rank;
        final ByteBuffer reply = call(BootstrapProtocol.finish(frame), what, waitMillis);
        if (reply.get(0) == BootstrapProtocol.TIMEOUT)
        {
            throw new BootstrapException(
                where + ": timed out after " + Durations.format(timeout) + " waiting for " + what);
        }
        expect(reply, BootstrapProtocol.VALUE, what);
        return BootstrapProtocol.getBytes(reply, BootstrapProtocol.MAX_VALUE_BYTES);
    }

    @Override
    public synchronized void barrier(final Duration timeout)
    {
        final int waitMillis = BootstrapProtocol.clampMillis(timeout.toMillis());
        final ByteBuffer frame = BootstrapProtocol.begin(4, BootstrapProtocol.BARRIER);
        frame.putInt(waitMillis);
        final ByteBuffer reply = call(BootstrapProtocol.finish(frame), "the barrier", waitMillis);
        if (reply.get(0) == BootstrapProtocol.TIMEOUT)
        {
            throw new BootstrapException(where + ": timed out after " + Durations.format(timeout) +
                " waiting for all " + size + " ranks to reach the barrier");
        }
        expect(reply, BootstrapProtocol.OK, "the barrier");
    }

    /**
     * Joins the job's membership on a connection of its own (see {@link Bootstrap#join}).
     *
     * @throws IllegalStateException if this client joined already and has not left
     * @throws BootstrapException if the service cannot be reached or refuses
     */
    @Override
    public void join(final IntConsumer departed)
    {
        join(departed, (rank, code) -> { });
    }

    /**
     * Joins like {@link #join(IntConsumer)}; {@code aborted} hears of ranks that abort the job.
     *
     * @throws IllegalStateException if this client joined already and has not left
     * @throws BootstrapException if the service cannot be reached or refuses
     */
    @Override
    public synchronized void join(final IntConsumer departed, final Bootstrap.Aborted aborted)
    {
        Objects.requireNonNull(departed, "departed");
        Objects.requireNonNull(aborted, "aborted");
        if (membership != null)
        {
            throw new IllegalStateException("rank " + rank + " : joined already (expected: leave() first)");
        }
        final BootstrapLink m = BootstrapDialer.dial(address, secret, rank, size, timeout);
        try
        {
            m.write(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.JOIN)));
            final ByteBuffer reply = m.readFrame(BootstrapProtocol.MAX_FRAME);
            if (reply.get() != BootstrapProtocol.OK)
            {
                throw new BootstrapException(where + " refused rank " + rank + "'s membership" +
                    (reply.get(0) == BootstrapProtocol.ERROR ? ": " +
                        BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES) : ""));
            }
        }
        catch (final IOException | RuntimeException e)
        {
            m.close();
            throw e instanceof BootstrapException ? (BootstrapException)e :
                new BootstrapException(where + ": connection lost while rank " + rank + " joined: " + e, e);
        }
        membership = new MembershipWatch(m, rank, departed, aborted, () -> serviceLost(departed)).start();
    }

    /** Leaves the membership: tells the service (best effort), then closes the membership connection. */
    @Override
    public synchronized void leave()
    {
        final MembershipWatch m = membership;
        if (m == null)
        {
            return;
        }
        membership = null;
        try
        {
            expect(call(BootstrapProtocol.finish(BootstrapProtocol.begin(0, BootstrapProtocol.LEAVE)), "leaving", 0),
                BootstrapProtocol.OK, "leaving");
        }
        catch (final BootstrapException e)
        {
            // the service is gone (e.g. rank 0 of a Slurm step hosted it and finished first): nothing to tell
        }
        m.leave();
    }

    /**
     * Tells the service that this rank aborts the job with {@code errorCode}, and waits for its
     * answer (a few seconds at most): from then on the end of this rank is the abort, not a
     * departure. Best effort: a service that is gone or slow is not waited for longer.
     */
    @Override
    public synchronized void abort(final int errorCode)
    {
        final ByteBuffer request = BootstrapProtocol.begin(4, BootstrapProtocol.ABORT);
        try
        {
            expect(call(BootstrapProtocol.finish(request.putInt(errorCode)), "the abort", 0), BootstrapProtocol.OK,
                "the abort");
        }
        catch (final BootstrapException e)
        {
            LOG.log(System.Logger.Level.DEBUG, "rank " + rank + " could not tell the " + where + " of its abort: " +
                e.getMessage());
        }
    }

    /** The membership connection ended before this rank left: what that means depends on who ran the service. */
    private void serviceLost(final IntConsumer departed)
    {
        final String why = "lost its membership connection to the " + where;
        if (serviceHost == HOST_LAUNCHER)
        {
            LauncherWatch.end("rank " + rank, why + ", which rwrun runs: the launcher is gone");
        }
        else if (serviceHost >= 0 && serviceHost != rank)
        {
            LOG.log(System.Logger.Level.ERROR, "rank " + rank + " " + why + ", which rank " + serviceHost +
                " runs: rank " + serviceHost + " ended without closing");
            departed.accept(serviceHost);
        }
    }

    /** Closes both connections; from any thread, also while another waits in a call (which then fails). */
    @Override
    public void close()
    {
        final MembershipWatch m = membership;
        if (m != null)
        {
            m.leave();
        }
        link.close();
    }

    private ByteBuffer call(final ByteBuffer request, final String what, final int waitMillis)
    {
        try
        {
            link.socket().setSoTimeout(BootstrapProtocol.clampMillis((long)waitMillis + REPLY_GRACE_MILLIS));
            link.write(request);
            return link.readFrame(BootstrapProtocol.MAX_FRAME);
        }
        catch (final SocketTimeoutException e)
        {
            link.close();
            throw new BootstrapException(where + " did not answer while waiting for " + what, e);
        }
        catch (final IOException e)
        {
            link.close();
            throw new BootstrapException(where + ": connection lost while waiting for " + what + ": " + e, e);
        }
    }

    private void expect(final ByteBuffer reply, final byte opcode, final String what)
    {
        final byte actual = reply.get();
        if (actual == BootstrapProtocol.ERROR)
        {
            throw new BootstrapException(where + " rejected " + what + ": " +
                BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES));
        }
        if (actual != opcode)
        {
            link.close();
            throw new BootstrapException(where + ": unexpected reply " + actual + " to " + what);
        }
    }
}
