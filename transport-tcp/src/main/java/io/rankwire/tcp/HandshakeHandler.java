package io.rankwire.tcp;

import java.nio.channels.SocketChannel;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * The handshake of one connection ({@link HandshakeSteps}), as client or server, on its Netty
 * event loop; once it has succeeded, the handler hands the connection to an {@link EngineSession}
 * and removes itself, the {@link FrameDecoder} and TLS's {@code SslHandler} from the pipeline, so
 * the rank's thread owns the socket from then on (through the same {@code SSLEngine} with TLS).
 *
 * <pre>
 *  pipeline during the handshake:  [SslHandler] | FrameDecoder | HandshakeHandler
 *  after it:                       (empty: the engine thread reads and writes the socket)
 * </pre>
 *
 * Bytes the event loop read after the handshake's last frame are handed to the session in order:
 * first what the decoder held and what TLS decrypted (plaintext), then what TLS had not yet
 * decrypted (ciphertext, when the {@code SslHandler} leaves, on a later turn of the loop, once it
 * is no longer decoding).
 */
final class HandshakeHandler extends ChannelInboundHandlerAdapter
{
    private final TcpContext tcp;
    private final Peers peers;
    private final HandshakeSteps handshake;
    private final HandshakeTimer timer;
    private Channel channel;
    private boolean opened;
    private boolean done;
    private boolean closedDuringTls;
    private EngineSession handoff;
    private boolean ciphertext;

    /**
     * A handler for a connection this rank opened to {@code peer} (client) or accepted (peer = -1);
     * the connection's fate (a session, a failure, a retry) is reported to {@code peers}.
     */
    HandshakeHandler(final TcpContext tcp, final Peers peers, final int peer)
    {
        this.tcp = tcp;
        this.peers = peers;
        this.handshake = new HandshakeSteps(tcp, peers, peer);
        this.timer = new HandshakeTimer(tcp.settings, this::handshakeTimeout, this::helloTimeout);
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        channel = ctx.channel();
        final boolean tls = ctx.pipeline().get(SslHandler.class) != null;
        if (handshake.isClient() || tls)
        {
            timer.untilHandshakeEnds(ctx.executor());
        }
        else
        {
            timer.untilHello(ctx.executor());
        }
        if (!handshake.isClient())
        {
            tcp.admission.admit(this);
        }
        if (!tls)
        {
            handshake.start(ctx);
        }
        ctx.fireChannelActive();
    }

    /** With TLS, a client checks the server's certificate against the published fingerprint first. */
    @Override
    public void userEventTriggered(final ChannelHandlerContext ctx, final Object event)
    {
        if (event instanceof SslHandshakeCompletionEvent && !done && handoff == null)
        {
            final SslHandshakeCompletionEvent tls = (SslHandshakeCompletionEvent)event;
            if (!tls.isSuccess())
            {
                closedDuringTls = handshake.isClient() && InboundAdmission.closedByListener(tls.cause());
                refuse("TLS handshake failed: " + tls.cause());
            }
            else if (handshake.isClient() &&
                !TlsContexts.presents(ctx.pipeline().get(SslHandler.class), peers.link(handshake.peer()).fingerprint()))
            {
                refuse("rank " + handshake.peer() + " presented a certificate it did not publish");
            }
            else
            {
                if (!handshake.isClient())
                {
                    timer.untilHello(ctx.executor());
                }
                handshake.start(ctx);
            }
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg)
    {
        final ByteBuf frame = (ByteBuf)msg;
        try
        {
            if (handoff != null)
            {
                if (ciphertext)
                {
                    handoff.preloadCiphertext(frame);
                }
                else
                {
                    handoff.preload(frame);
                }
                return;
            }
            if (done)
            {
                return;
            }
            final int type = frame.getUnsignedByte(frame.readerIndex() + Frames.TYPE_OFFSET);
            frame.skipBytes(Frames.HEADER);
            final String violation = onFrame(ctx, type, frame);
            if (violation != null)
            {
                refuse(violation);
            }
        }
        finally
        {
            frame.release();
        }
    }

    private String onFrame(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
    {
        final boolean hadHello = handshake.heardHello();
        final String violation = handshake.onFrame(ctx, type, body);
        if (violation == null && !hadHello && handshake.heardHello() && !handshake.isOpen())
        {
            timer.untilHandshakeEnds(ctx.executor());
        }
        if (violation == null && handshake.isOpen())
        {
            timer.cancel();
            tcp.admission.release(this);
            opened = true;
            handOver(ctx);
        }
        else if (handshake.isDuplicate())
        {
            timer.cancel();
            tcp.admission.release(this);
            done = true;
        }
        return violation;
    }

    /**
     * Stops reading on the event loop, creates the session (on the plain socket, or through the
     * TLS engine), gives it the bytes the decoder holds (removing the decoder forwards them to
     * {@link #channelRead} at once), and publishes it; with TLS, first lets the
     * {@code SslHandler} finish the read it is decoding.
     */
    private void handOver(final ChannelHandlerContext ctx)
    {
        final Channel ch = ctx.channel();
        ch.config().setAutoRead(false);
        final SslHandler ssl = ctx.pipeline().get(SslHandler.class);
        final SocketChannel socket = ((DirectNioChannels.Socket)ch).socket();
        final WireChannel wire = ssl == null ? WireChannel.plain(socket) : new TlsWire(socket, ssl.engine());
        final int peer = handshake.peer();
        handoff = peers.newSession(peer, ch, socket, wire);
        ctx.pipeline().remove(FrameDecoder.class);
        if (ssl == null)
        {
            publish(ctx, peer);
            return;
        }
        ctx.executor().execute(() ->
        {
            if (ctx.isRemoved())
            {
                peers.connectFailed(peer, "connection with rank " + peer + " closed as its session started");
                return;
            }
            ciphertext = true;
            ctx.pipeline().remove(ssl);
            ciphertext = false;
            publish(ctx, peer);
        });
    }

    private void publish(final ChannelHandlerContext ctx, final int peer)
    {
        ctx.pipeline().remove(this);
        handoff.flushQueued();
        peers.attach(peer, ctx.channel(), handoff);
    }

    /**
     * Turns this accepted connection away before it authenticated ({@link InboundAdmission}): a
     * VERDICT BUSY tells an honest client to try again. Any thread.
     */
    void turnAway(final String why)
    {
        channel.eventLoop().execute(() ->
        {
            if (!opened && !done)
            {
                tcp.refusals.log("rankwire-tcp: turning away connection " + describe() + ": " + why);
                stop();
                tcp.admission.release(this);
                InboundAdmission.sayBusyAndClose(channel);
            }
        });
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        timer.cancel();
        done = true;
        if (opened)
        {
            peers.connectionLost(handshake.peer(), ctx.channel(), false);
        }
        else if (handshake.isClient() && (handshake.isBusy() || closedDuringTls))
        {
            peers.retryConnect(handshake.peer(), handshake.isBusy() ? "busy" :
                "closed during the TLS handshake (as by a busy listener, or one without TLS)");
        }
        else if (handshake.isClient() && !handshake.isDuplicate())
        {
            peers.connectFailed(handshake.peer(), "connection to rank " + handshake.peer() +
                " closed during the handshake");
        }
        else
        {
            tcp.admission.release(this);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        if (tcp.lifecycle.isClosed())
        {
            ctx.close();
            return;
        }
        refuse(cause.toString());
    }

    private void refuse(final String why)
    {
        final String message = "rankwire-tcp: closing connection " + describe() + ": " + why;
        if (tcp.lifecycle.isClosed())
        {
            // a connection that arrives while this rank closes (see Peers.REFUSE_CLOSING)
            System.getLogger(HandshakeHandler.class.getName()).log(System.Logger.Level.DEBUG, message);
        }
        else
        {
            tcp.refusals.log(message);
        }
        stop();
        channel.close();
    }

    /** Takes no more frames (the decoder drops the rest of the stream) and no more deadlines. */
    private void stop()
    {
        done = true;
        timer.cancel();
        final FrameDecoder decoder = channel.pipeline().get(FrameDecoder.class);
        if (decoder != null)
        {
            decoder.stop();
        }
    }

    private void handshakeTimeout()
    {
        if (!opened && !done)
        {
            refuse("handshake not finished within " + tcp.settings.connectTimeoutMs + " ms");
        }
    }

    private void helloTimeout()
    {
        if (!opened && !done && !handshake.heardHello())
        {
            turnAway("no HELLO within " + tcp.settings.helloTimeoutMs + " ms");
        }
    }

    private String describe()
    {
        final int rank = handshake.peer();
        return (handshake.isClient() ? "to " : "from ") + channel.remoteAddress() +
            (rank >= 0 ? " (rank " + rank + ")" : "") + " at rank " + tcp.rank;
    }
}
