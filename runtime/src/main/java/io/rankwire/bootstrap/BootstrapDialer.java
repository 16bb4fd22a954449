package io.rankwire.bootstrap;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.rankwire.spi.BootstrapException;

/**
 * Opens an authenticated connection to the bootstrap service, trying again while the service
 * turns the client away for others (BUSY, or the connection closed or reset before the handshake
 * ended: it drops the oldest of too many connections that have not authenticated, and those
 * that are slow). Attempts are spaced by a doubling backoff with jitter (20 ms up to 1 s) until
 * the caller's timeout; then the error says how often it tried and what the service did. A
 * refusal (wrong secret, rank outside the job), a peer that is no bootstrap service, a service of
 * another job size or nothing listening at all fail at once.
 */
final class BootstrapDialer
{
    static final long FIRST_BACKOFF_MILLIS = 20;
    static final long MAX_BACKOFF_MILLIS = 1_000;

    private BootstrapDialer()
    {
    }

    /** The service sent the client away for now, or dropped it before the handshake ended. */
    private static final class TurnedAway extends IOException
    {
        private static final long serialVersionUID = 1L;

        TurnedAway(final String message, final Throwable cause)
        {
            super(message, cause);
        }
    }

    /**
     * @throws BootstrapException naming the service and the rank when it cannot connect and
     *                           authenticate within {@code timeout}
     */
    static BootstrapLink dial(
        final InetSocketAddress address, final byte[] secret, final int rank, final int size, final Duration timeout)
    {
        final String where = "bootstrap service " + BootstrapAddress.format(address);
        final long deadline = System.nanoTime() + timeout.toNanos();
        long backoff = FIRST_BACKOFF_MILLIS;
        int attempts = 0;
        while (true)
        {
            attempts++;
            final TurnedAway away;
            try
            {
                return attempt(address, secret, rank, size, where, deadline);
            }
            catch (final TurnedAway e)
            {
                away = e;
            }
            catch (final IOException | RuntimeException e)
            {
                if (e instanceof BootstrapException)
                {
                    throw (BootstrapException)e;
                }
                throw new BootstrapException(where + ": cannot connect as rank " + rank + ": " + e, e);
            }
            final long sleep = backoff / 2 + ThreadLocalRandom.current().nextLong(backoff / 2 + 1);
            if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(sleep) - deadline >= 0)
            {
                throw new BootstrapException(where + ": rank " + rank + " could not log in within " +
                    Durations.format(timeout) + " (setting " + JobVariables.BOOTSTRAP_TIMEOUT_SETTING + "; " + attempts +
                    " attempts; last: " + away.getMessage() + "). The service turns away connections that do not " +
                    "authenticate within " + TimeUnit.NANOSECONDS.toSeconds(Admission.HELLO_DEADLINE_NANOS) +
                    " s, and the oldest when too many wait: is the host overloaded (raise " +
                    JobVariables.BOOTSTRAP_TIMEOUT_SETTING + "), or is something else holding connections to it?", away);
            }
            sleepQuietly(sleep);
            backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
        }
    }

    private static BootstrapLink attempt(
        final InetSocketAddress address,
        final byte[] secret,
        final int rank,
        final int size,
        final String where,
        final long deadline) throws IOException
    {
        final InetSocketAddress resolved = address.isUnresolved() ?
            new InetSocketAddress(address.getHostString(), address.getPort()) : address;
        if (resolved.isUnresolved())
        {
            throw new UnknownHostException(address.getHostString());
        }
        final int millis = BootstrapProtocol.clampMillis(
            Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        final Socket socket = new Socket();
        try
        {
            socket.setTcpNoDelay(true);
            socket.connect(resolved, millis);
            socket.setSoTimeout(millis);
            final BootstrapLink link = new BootstrapLink(socket);
            handshake(link, secret, rank, size, where);
            return link;
        }
        catch (final ConnectException e)
        {
            closeQuietly(socket);
            throw e; // nothing listens there: trying again does not help
        }
        catch (final ProtocolException e)
        {
            closeQuietly(socket);
            throw new BootstrapException(where + ": not a rankwire bootstrap service: " + e.getMessage(), e);
        }
        catch (final IOException e)
        {
            closeQuietly(socket);
            throw e instanceof TurnedAway ? e : new TurnedAway("connection ended during the handshake: " + e, e);
        }
        catch (final RuntimeException e)
        {
            closeQuietly(socket);
            throw e;
        }
    }

    private static void handshake(
        final BootstrapLink link, final byte[] secret, final int rank, final int size, final String where)
        throws IOException
    {
        final ByteBuffer challenge = link.readFrame(BootstrapProtocol.MAX_REASON_BYTES + 3);
        final byte first = challenge.get();
        if (first == BootstrapProtocol.BUSY)
        {
            throw new TurnedAway(BootstrapProtocol.getString(challenge, BootstrapProtocol.MAX_REASON_BYTES), null);
        }
        if (first != BootstrapProtocol.CHALLENGE || challenge.remaining() != BootstrapProtocol.CHALLENGE_LENGTH - 1 ||
            challenge.getInt() != BootstrapProtocol.MAGIC || challenge.get() != BootstrapProtocol.VERSION)
        {
            throw new BootstrapException(where + ": not a rankwire bootstrap service (protocol version " +
                BootstrapProtocol.VERSION + ")");
        }
        final byte[] serverNonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        challenge.get(serverNonce);
        final byte[] clientNonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        new SecureRandom().nextBytes(clientNonce);

        final ByteBuffer hello = BootstrapProtocol.begin(BootstrapProtocol.HELLO_LENGTH - 1, BootstrapProtocol.HELLO);
        hello.putInt(BootstrapProtocol.MAGIC).put(BootstrapProtocol.VERSION).putInt(rank).put(clientNonce)
            .put(BootstrapProtocol.clientMac(secret, serverNonce, clientNonce, rank));
        link.write(BootstrapProtocol.finish(hello));

        final ByteBuffer reply = link.readFrame(BootstrapProtocol.MAX_REASON_BYTES + 3);
        final byte opcode = reply.get();
        if (opcode == BootstrapProtocol.BUSY)
        {
            throw new TurnedAway(BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES), null);
        }
        if (opcode == BootstrapProtocol.REFUSED)
        {
            throw new BootstrapException(where + " refused rank " + rank + ": " +
                BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES));
        }
        final byte[] mac = new byte[BootstrapProtocol.MAC_LENGTH];
        if (opcode != BootstrapProtocol.WELCOME || reply.remaining() != mac.length + 4)
        {
            throw new BootstrapException(where + ": unexpected handshake reply " + opcode);
        }
        reply.get(mac);
        if (!BootstrapProtocol.macEquals(BootstrapProtocol.serverMac(secret, serverNonce, clientNonce, rank), mac))
        {
            throw new BootstrapException(where + " failed to prove it holds the job secret");
        }
        final int serviceSize = reply.getInt();
        if (serviceSize != size)
        {
            throw new BootstrapException(where + " serves a job of " + serviceSize + " ranks (expected: " + size + ")");
        }
    }

    private static void sleepQuietly(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new BootstrapException("interrupted while waiting to connect to the bootstrap service", e);
        }
    }

    private static void closeQuietly(final Socket socket)
    {
        try
        {
            socket.close();
        }
        catch (final IOException ignored)
        {
            // closing anyway
        }
    }
}
