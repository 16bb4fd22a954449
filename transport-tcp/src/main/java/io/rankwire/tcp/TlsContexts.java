package io.rankwire.tcp;

import java.security.cert.CertificateException;

import javax.net.ssl.SSLException;

import io.netty.channel.ChannelHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import io.rankwire.RankwireException;

/**
 * TLS for {@code rankwire.tcp.tls=true}: each transport generates a self-signed certificate at
 * start. TLS adds confidentiality; peers are authenticated by the HMAC handshake that runs inside
 * it, so certificates are not checked against a CA.
 */
final class TlsContexts
{
    private final SslContext server;
    private final SslContext client;

    private TlsContexts(final SslContext server, final SslContext client)
    {
        this.server = server;
        this.client = client;
    }

    static TlsContexts create()
    {
        try
        {
            final SelfSignedCertificate certificate = new SelfSignedCertificate("rankwire");
            final SslContext server = SslContextBuilder.forServer(certificate.key(), certificate.cert()).build();
            final SslContext client = SslContextBuilder.forClient()
                .trustManager(InsecureTrustManagerFactory.INSTANCE).build();
            return new TlsContexts(server, client);
        }
        catch (final CertificateException | SSLException e)
        {
            throw new RankwireException("rankwire-tcp: cannot set up TLS", e);
        }
    }

    ChannelHandler handler(final SocketChannel ch, final boolean isClient)
    {
        return isClient ? client.newHandler(ch.alloc()) : server.newHandler(ch.alloc());
    }
}
