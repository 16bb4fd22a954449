package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * One connection: runs the handshake ({@link HandshakeSteps}) as client or server, then the
 * session. Event loop confined, except {@link #resume()}, which is scheduled onto the loop.
 *
 * <p>Received MESSAGE frames are stamped with the peer's rank and handed to the rank's
 * {@link InboundQueue}, small ones as copies into this connection's {@link FramePool} taken by
 * the decoder straight from the read buffer ({@link #onMessage(ByteBuf, int, int)}), so that
 * every Netty buffer is allocated and freed on the event loop. When that queue is full they wait
 * here in order, reading from the socket stops (TCP pushes back on the sender) and the transport
 * resumes the connection after the next {@code poll}. READ_DATA bodies never reach this handler: the decoder streams them into their
 * reads (see {@link PendingReads#sink}).
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter implements FrameDecoder.MessageSink
{
    private static final System.Logger LOG = System.getLogger(ConnectionHandler.class.getName());

    private final TcpTransport transport;
    private final HandshakeSteps handshake;
    private final ArrayDeque<ByteBuf> overflow = new ArrayDeque<>();
    private final FramePool copies;
    private ReadResponder responder;
    private Channel channel;
    private int peer = -1;
    private boolean opened;
    private boolean done;
    private boolean goodbye;
    private boolean stalled;
    private boolean lost;
    private boolean published;
    private boolean closedDuringTls;
    private EngineSession handoff;
    private final HandshakeTimer timer;

    /** A handler for a connection this rank opened to {@code peer} (client) or accepted (peer = -1). */
    ConnectionHandler(final TcpTransport transport, final int peer)
    {
        this.transport = transport;
        this.handshake = new HandshakeSteps(transport, peer);
        this.copies = new FramePool(transport.alloc);
        this.timer = new HandshakeTimer(transport.settings, this::handshakeTimeout, this::helloTimeout);
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
            transport.admission.admit(this);
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
        if (event instanceof SslHandshakeCompletionEvent && !done)
        {
            final SslHandshakeCompletionEvent tls = (SslHandshakeCompletionEvent)event;
            if (!tls.isSuccess())
            {
                closedDuringTls = handshake.isClient() && InboundAdmission.closedByListener(tls.cause());
                refuse("TLS handshake failed: " + tls.cause());
            }
            else if (handshake.isClient() &&
                !TlsContexts.presents(ctx.pipeline().get(SslHandler.class), transport.peerFingerprint(handshake.peer())))
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
        if (handoff != null)
        {
            handoff.preload(frame);
            frame.release();
            return;
        }
        boolean handedOff = false;
        try
        {
            if (done)
            {
                return;
            }
            final int type = frame.getUnsignedByte(frame.readerIndex() + Frames.TYPE_OFFSET);
            if (opened && type == Frames.MESSAGE)
            {
                handedOff = true;
                onMessageSlice(frame);
                return;
            }
            frame.skipBytes(Frames.HEADER);
            final String violation = opened ? onSessionFrame(ctx, type, frame) : onHandshakeFrame(ctx, type, frame);
            if (violation != null)
            {
                refuse(violation);
            }
        }
        finally
        {
            if (!handedOff)
            {
                frame.release();
            }
        }
    }

    private String onHandshakeFrame(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
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
            transport.admission.release(this);
            opened = true;
            peer = handshake.peer();
            if (transport.engineIo != null && ctx.channel() instanceof DirectNioChannels.Socket &&
                ctx.pipeline().get(SslHandler.class) == null)
            {
                handOver(ctx);
                return violation;
            }
            responder = new ReadResponder(transport.registry, transport.settings.readChunk);
            ctx.pipeline().get(FrameDecoder.class).open(transport.pendingReads.sink(peer), this);
            transport.attach(peer, ctx.channel());
        }
        else if (handshake.isDuplicate())
        {
            timer.cancel();
            transport.admission.release(this);
            done = true;
        }
        return violation;
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
                transport.refusals.log("rankwire-tcp: turning away connection " + describe() + ": " + why);
                stop();
                transport.admission.release(this);
                InboundAdmission.sayBusyAndClose(channel);
            }
        });
    }

    /**
     * Engine-thread I/O: stops reading on the event loop, gives the bytes the decoder already holds
     * (frames the peer sent right after the handshake) to a new {@link EngineSession}, and
     * publishes it; from then on the rank's thread reads and writes the socket itself. Removing the
     * decoder forwards what it holds to {@link #channelRead} at once, on this thread.
     */
    private void handOver(final ChannelHandlerContext ctx)
    {
        final Channel ch = ctx.channel();
        ch.config().setAutoRead(false);
        handoff = transport.newSession(peer, ch, ((DirectNioChannels.Socket)ch).socket());
        ctx.pipeline().remove(FrameDecoder.class);
        handoff.flushQueued();
        transport.attach(peer, ch, handoff);
    }

    private String onSessionFrame(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
    {
        switch (type)
        {
            case Frames.READ_REQUEST:
                responder.onRequest(ctx.channel(), body);
                return null;
            case Frames.READ_ERROR:
                final long id = body.readLong();
                final int status = body.readUnsignedByte();
                return transport.pendingReads.onError(peer, id, status) ? null : "READ_ERROR for unknown request " + id;
            case Frames.GOODBYE:
                goodbye = true;
                done = true;
                ctx.close();
                return null;
            default:
                return "unexpected " + Frames.name(type) + " frame in the session";
        }
    }

    private void onMessageSlice(final ByteBuf frame)
    {
        frame.setInt(frame.readerIndex(), peer);
        if (overflow.isEmpty() && publish(frame))
        {
            return;
        }
        overflow.add(frame);
        if (!stalled)
        {
            stalled = true;
            channel.config().setAutoRead(false);
            transport.stalled(this);
        }
    }

    /**
     * Hands a stamped frame to the rank, as a pooled copy when it is small (the decoder's slice
     * and the read buffer behind it are then released here, on the loop that allocated them, so
     * Netty recycles them without allocating), or as the slice itself. False when the queue is
     * full; the caller keeps {@code frame}.
     */
    private boolean publish(final ByteBuf frame)
    {
        final ByteBuf copy = copies.copyOf(frame, frame.readerIndex(), frame.readableBytes());
        if (copy == null)
        {
            if (!transport.inbound.offerFrame(frame))
            {
                return false;
            }
            published = true;
            return true;
        }
        if (transport.inbound.offerFrame(copy))
        {
            frame.release();
            published = true;
            return true;
        }
        copy.release();
        return false;
    }

    /**
     * The decoder's fast path for a MESSAGE frame of the open session: a pooled copy, stamped and
     * published, when it is small, nothing is held back and the queue has room; otherwise the
     * frame comes through {@link #channelRead} as a slice.
     */
    @Override
    public boolean onMessage(final ByteBuf in, final int index, final int length)
    {
        if (done || !overflow.isEmpty())
        {
            return false;
        }
        final ByteBuf copy = copies.copyOf(in, index, length);
        if (copy == null)
        {
            return false;
        }
        copy.setInt(0, peer);
        if (transport.inbound.offerFrame(copy))
        {
            published = true;
            return true;
        }
        copy.release();
        return false;
    }

    /** Hands held frames over again after the rank polled; runs on this channel's loop. */
    void resume()
    {
        ByteBuf frame;
        while ((frame = overflow.peek()) != null && publish(frame))
        {
            overflow.poll();
        }
        signalIfPublished();
        if (!overflow.isEmpty() && !transport.isClosed())
        {
            transport.stalled(this);
            return;
        }
        releaseOverflow();
        stalled = false;
        if (lost)
        {
            transport.connectionLost(peer, channel, goodbye);
        }
        else if (channel.isActive())
        {
            channel.config().setAutoRead(true);
        }
    }

    Channel channel()
    {
        return channel;
    }

    /** One wake-up per socket read, however many frames it carried. */
    @Override
    public void channelReadComplete(final ChannelHandlerContext ctx)
    {
        signalIfPublished();
        ctx.fireChannelReadComplete();
    }

    private void signalIfPublished()
    {
        if (published)
        {
            published = false;
            transport.inbound.signal();
        }
    }

    /**
     * Resumes READ_DATA streams, and wakes the rank when the channel turns writable again: posts it
     * had refused with BACK_PRESSURED can go now, and a parked engine would otherwise only retry
     * them when its park ends.
     */
    @Override
    public void channelWritabilityChanged(final ChannelHandlerContext ctx)
    {
        if (responder != null)
        {
            responder.pump(ctx.channel());
        }
        if (opened && ctx.channel().isWritable())
        {
            transport.inbound.signal();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        signalIfPublished();
        timer.cancel();
        done = true;
        copies.release();
        if (responder != null)
        {
            responder.clear();
        }
        if (opened)
        {
            if (stalled && !transport.isClosed())
            {
                lost = true;
            }
            else
            {
                releaseOverflow();
                transport.connectionLost(peer, ctx.channel(), goodbye);
            }
        }
        else if (handshake.isClient() && (handshake.isBusy() || closedDuringTls))
        {
            transport.retryConnect(handshake.peer(), handshake.isBusy() ? "busy" :
                "closed during the TLS handshake (as by a busy listener, or one without TLS)");
        }
        else if (handshake.isClient() && !handshake.isDuplicate())
        {
            transport.connectFailed(handshake.peer(), "connection to rank " + handshake.peer() +
                " closed during the handshake");
        }
        else
        {
            transport.admission.release(this);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        if (transport.isClosed())
        {
            ctx.close();
            return;
        }
        refuse(cause.toString());
    }

    private void refuse(final String why)
    {
        final String message = "rankwire-tcp: closing connection " + describe() + ": " + why;
        if (opened)
        {
            LOG.log(Level.WARNING, message);
        }
        else if (transport.isClosed())
        {
            // a connection that arrives while this rank closes (see TcpTransport.REFUSE_CLOSING)
            LOG.log(Level.DEBUG, message);
        }
        else
        {
            transport.refusals.log(message);
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
            refuse("handshake not finished within " + transport.settings.connectTimeoutMs + " ms");
        }
    }

    private void helloTimeout()
    {
        if (!opened && !done && !handshake.heardHello())
        {
            turnAway("no HELLO within " + transport.settings.helloTimeoutMs + " ms");
        }
    }

    private void releaseOverflow()
    {
        ByteBuf frame;
        while ((frame = overflow.poll()) != null)
        {
            frame.release();
        }
    }

    private String describe()
    {
        final int rank = handshake.peer();
        return (handshake.isClient() ? "to " : "from ") + channel.remoteAddress() +
            (rank >= 0 ? " (rank " + rank + ")" : "") + " at rank " + transport.rank;
    }
}
