package io.rankwire.tcp;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.Certificate;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;

import io.netty.channel.ChannelHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import io.rankwire.spi.TransportException;

/**
 * TLS for {@code rankwire.tcp.tls=true}: each transport generates a self-signed certificate at
 * start and publishes its SHA-256 fingerprint through the bootstrap (key
 * {@value #FINGERPRINT_KEY}). A client accepts a server only if the certificate it presents has
 * the fingerprint that rank published, so nobody can sit in the middle of a connection even if
 * it knew the job secret; the HMAC handshake then runs inside TLS and authenticates both sides.
 */
final class TlsContexts
{
    static final String FINGERPRINT_KEY = "tcp.certSha256";

    private final SslContext server;
    private final SslContext client;
    private final byte[] fingerprint;

    private TlsContexts(final SslContext server, final SslContext client, final byte[] fingerprint)
    {
        this.server = server;
        this.client = client;
        this.fingerprint = fingerprint;
    }

    // SelfSignedCertificate is deprecated in favour of a testing module's certificate builder; it
    // still generates a usable certificate with the JDK alone, which is all this option needs.
    @SuppressWarnings("deprecation")
    static TlsContexts create()
    {
        try
        {
            final SelfSignedCertificate certificate = new SelfSignedCertificate("rankwire");
            final SslContext server = SslContextBuilder.forServer(certificate.key(), certificate.cert()).build();
            // Trust is decided by fingerprint once the TLS handshake is done (see HandshakeHandler).
            final SslContext client = SslContextBuilder.forClient()
                .trustManager(InsecureTrustManagerFactory.INSTANCE).build();
            return new TlsContexts(server, client, sha256(certificate.cert()));
        }
        catch (final GeneralSecurityException | SSLException e)
        {
            throw new TransportException("rankwire-tcp: cannot set up TLS", e);
        }
    }

    /** The SHA-256 fingerprint of this transport's certificate. */
    byte[] fingerprint()
    {
        return fingerprint.clone();
    }

    ChannelHandler handler(final SocketChannel ch, final boolean isClient)
    {
        return isClient ? client.newHandler(ch.alloc()) : server.newHandler(ch.alloc());
    }

    /**
     * Whether the server presented, on {@code ssl}'s finished handshake, the certificate whose
     * fingerprint is {@code expected} (false when nothing was published).
     */
    static boolean presents(final SslHandler ssl, final byte[] expected)
    {
        try
        {
            return expected != null && MessageDigest.isEqual(expected, peerFingerprint(ssl));
        }
        catch (final GeneralSecurityException | SSLPeerUnverifiedException e)
        {
            return false;
        }
    }

    /** The fingerprint of the certificate the server presented on {@code ssl}'s finished handshake. */
    static byte[] peerFingerprint(final SslHandler ssl) throws SSLPeerUnverifiedException, GeneralSecurityException
    {
        final Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
        return sha256(chain[0]);
    }

    static byte[] sha256(final Certificate certificate) throws GeneralSecurityException
    {
        return MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
    }
}
