package io.rankwire.bootstrap;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Objects;

import io.rankwire.RankwireException;
import io.rankwire.spi.Bootstrap;
import io.rankwire.spi.TransportContext;

/**
 * A rank's connection to the launcher's bootstrap service ({@link BootstrapProtocol} draws the
 * wire). Both sides prove they hold the job secret before anything else is exchanged. Calls are
 * serialized; every wait is bounded by the caller's timeout, and failures raise
 * {@link RankwireException} naming the service and what was awaited.
 */
public final class BootstrapClient implements Bootstrap, AutoCloseable
{
    /** Extra time the client waits for the service to answer a bounded wait. */
    private static final int REPLY_GRACE_MILLIS = 10_000;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final String where;
    private final int rank;
    private final int size;

    private BootstrapClient(final Socket socket, final String where, final int rank, final int size) throws IOException
    {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.where = where;
        this.rank = rank;
        this.size = size;
    }

    /**
     * Connects to the service at {@code address} as {@code rank} of a job of {@code size} ranks and
     * authenticates with {@code secret}.
     *
     * @throws RankwireException if the service cannot be reached in {@code timeout}, refuses the
     *                           client, or cannot prove it holds the same secret
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
        final String where = "bootstrap service " + BootstrapAddress.format(address);
        final InetSocketAddress resolved = address.isUnresolved() ?
            new InetSocketAddress(address.getHostString(), address.getPort()) : address;
        final Socket socket = new Socket();
        try
        {
            socket.setTcpNoDelay(true);
            socket.connect(resolved, BootstrapProtocol.clampMillis(timeout.toMillis()));
            socket.setSoTimeout(BootstrapProtocol.clampMillis(timeout.toMillis()));
            final BootstrapClient client = new BootstrapClient(socket, where, rank, size);
            client.handshake(secret);
            return client;
        }
        catch (final IOException | RuntimeException e)
        {
            closeQuietly(socket);
            if (e instanceof RankwireException)
            {
                throw (RankwireException)e;
            }
            throw new RankwireException(where + ": cannot connect as rank " + rank + ": " + e, e);
        }
    }

    private void handshake(final byte[] secret) throws IOException
    {
        final ByteBuffer challenge = readFrame(BootstrapProtocol.CHALLENGE_LENGTH);
        if (challenge.get() != BootstrapProtocol.CHALLENGE || challenge.getInt() != BootstrapProtocol.MAGIC ||
            challenge.get() != BootstrapProtocol.VERSION)
        {
            throw new RankwireException(where + ": not a rankwire bootstrap service (protocol version " +
                BootstrapProtocol.VERSION + ")");
        }
        final byte[] serverNonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        challenge.get(serverNonce);
        final byte[] clientNonce = new byte[BootstrapProtocol.NONCE_LENGTH];
        new SecureRandom().nextBytes(clientNonce);

        final ByteBuffer hello = BootstrapProtocol.begin(BootstrapProtocol.HELLO_LENGTH - 1, BootstrapProtocol.HELLO);
        hello.putInt(BootstrapProtocol.MAGIC).put(BootstrapProtocol.VERSION).putInt(rank).put(clientNonce)
            .put(BootstrapProtocol.clientMac(secret, serverNonce, clientNonce, rank));
        write(BootstrapProtocol.finish(hello));

        final ByteBuffer reply = readFrame(BootstrapProtocol.MAX_REASON_BYTES + 3);
        final byte opcode = reply.get();
        if (opcode == BootstrapProtocol.REFUSED)
        {
            throw new RankwireException(where + " refused rank " + rank + ": " +
                BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES));
        }
        final byte[] mac = new byte[BootstrapProtocol.MAC_LENGTH];
        if (opcode != BootstrapProtocol.WELCOME || reply.remaining() != mac.length + 4)
        {
            throw new RankwireException(where + ": unexpected handshake reply " + opcode);
        }
        reply.get(mac);
        if (!BootstrapProtocol.macEquals(BootstrapProtocol.serverMac(secret, serverNonce, clientNonce, rank), mac))
        {
            throw new RankwireException(where + " failed to prove it holds the job secret");
        }
        final int serviceSize = reply.getInt();
        if (serviceSize != size)
        {
            throw new RankwireException(where + " serves a job of " + serviceSize + " ranks (expected: " + size + ")");
        }
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
            throw new RankwireException(
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
            throw new RankwireException(where + ": timed out after " + Durations.format(timeout) +
                " waiting for all " + size + " ranks to reach the barrier");
        }
        expect(reply, BootstrapProtocol.OK, "the barrier");
    }

    @Override
    public void close()
    {
        closeQuietly(socket);
    }

    private ByteBuffer call(final ByteBuffer request, final String what, final int waitMillis)
    {
        try
        {
            socket.setSoTimeout(BootstrapProtocol.clampMillis((long)waitMillis + REPLY_GRACE_MILLIS));
            write(request);
            return readFrame(BootstrapProtocol.MAX_FRAME);
        }
        catch (final SocketTimeoutException e)
        {
            close();
            throw new RankwireException(where + " did not answer while waiting for " + what, e);
        }
        catch (final IOException e)
        {
            close();
            throw new RankwireException(where + ": connection lost while waiting for " + what + ": " + e, e);
        }
    }

    private void expect(final ByteBuffer reply, final byte opcode, final String what)
    {
        final byte actual = reply.get();
        if (actual == BootstrapProtocol.ERROR)
        {
            throw new RankwireException(where + " rejected " + what + ": " +
                BootstrapProtocol.getString(reply, BootstrapProtocol.MAX_REASON_BYTES));
        }
        if (actual != opcode)
        {
            close();
            throw new RankwireException(where + ": unexpected reply " + actual + " to " + what);
        }
    }

    private void write(final ByteBuffer frame) throws IOException
    {
        out.write(frame.array(), 0, frame.limit());
        out.flush();
    }

    private ByteBuffer readFrame(final int max) throws IOException
    {
        final int length = in.readInt();
        if (length < 1 || length > max)
        {
            throw new IOException("frame length : " + length + " (expected: 1.." + max + ")");
        }
        final byte[] body = new byte[length];
        in.readFully(body);
        return ByteBuffer.wrap(body);
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
