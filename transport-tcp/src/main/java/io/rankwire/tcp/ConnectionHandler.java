package io.rankwire.tcp;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;

/**
 * One connection: runs the {@link Handshake} as client or server, then dispatches frames. Event
 * loop confined, except {@link #resume()}, which is scheduled onto the loop.
 *
 * <p>Received MESSAGE frames are stamped with the peer's rank and handed to the rank's
 * {@link InboundQueue}; when that queue is full they wait here in order, reading from the socket
 * stops (TCP pushes back on the sender) and the transport resumes the connection after the next
 * {@code poll}.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter
{
    private static final System.Logger LOG = System.getLogger(ConnectionHandler.class.getName());

    private static final int AWAIT_HELLO = 0;
    private static final int AWAIT_AUTH = 1;
    private static final int AWAIT_CHALLENGE = 2;
    private static final int AWAIT_VERDICT = 3;
    private static final int OPEN = 4;
    private static final int DONE = 5;

    private final TcpTransport transport;
    private final boolean client;
    private final ArrayDeque<ByteBuf> overflow = new ArrayDeque<>();
    private ReadResponder responder;
    private Channel channel;
    private int phase;
    private int peer;
    private byte[] clientNonce;
    private byte[] serverNonce;
    private boolean duplicate;
    private boolean goodbye;
    private boolean stalled;
    private boolean lost;
    private ScheduledFuture<?> timer;

    /** A handler for a connection this rank opened to {@code peer} (client) or accepted (peer = -1). */
    ConnectionHandler(final TcpTransport transport, final int peer)
    {
        this.transport = transport;
        this.client = peer >= 0;
        this.peer = peer;
        this.phase = client ? AWAIT_CHALLENGE : AWAIT_HELLO;
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        channel = ctx.channel();
        timer = ctx.executor().schedule(this::handshakeTimeout, transport.settings.connectTimeoutMs, TimeUnit.MILLISECONDS);
        if (client)
        {
            clientNonce = Handshake.nonce();
            ctx.writeAndFlush(Frames.hello(ctx.alloc(), transport.rank, peer, clientNonce, transport.jobId));
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg)
    {
        final ByteBuf frame = (ByteBuf)msg;
        boolean handedOff = false;
        try
        {
            final int type = frame.getUnsignedByte(frame.readerIndex() + Frames.TYPE_OFFSET);
            if (phase == OPEN && type == Frames.MESSAGE)
            {
                handedOff = true;
                onMessage(frame);
                return;
            }
            frame.skipBytes(Frames.HEADER);
            final String violation = dispatch(ctx, type, frame);
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

    private String dispatch(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
    {
        switch (phase)
        {
            case AWAIT_HELLO:
                return type == Frames.HELLO ? onHello(ctx, body) : unexpected(type);
            case AWAIT_AUTH:
                return type == Frames.AUTH ? onAuth(ctx, body) : unexpected(type);
            case AWAIT_CHALLENGE:
                return type == Frames.CHALLENGE ? onChallenge(ctx, body) : unexpected(type);
            case AWAIT_VERDICT:
                return type == Frames.VERDICT ? onVerdict(ctx, body) : unexpected(type);
            case OPEN:
                return onOpenFrame(ctx, type, body);
            default:
                return null;
        }
    }

    private String onOpenFrame(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
    {
        switch (type)
        {
            case Frames.READ_REQUEST:
                responder.onRequest(ctx.channel(), body);
                return null;
            case Frames.READ_ERROR:
                final long errorId = body.readLong();
                final int status = body.readUnsignedByte();
                return transport.pendingReads.onError(peer, errorId, status) ? null :
                    "READ_ERROR for unknown request " + errorId;
            case Frames.GOODBYE:
                goodbye = true;
                phase = DONE;
                ctx.close();
                return null;
            default:
                return unexpected(type);
        }
    }

    private String unexpected(final int type)
    {
        return "unexpected " + Frames.name(type) + " frame during " + phaseName();
    }

    private String onHello(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final int magic = body.readInt();
        final int version = body.readUnsignedShort();
        final int clientRank = body.readInt();
        final int targetRank = body.readInt();
        clientNonce = new byte[Frames.NONCE];
        body.readBytes(clientNonce);
        final int jobLength = body.readUnsignedShort();
        if (magic != Frames.MAGIC || version != Frames.VERSION)
        {
            return "not a rankwire-tcp HELLO (magic 0x" + Integer.toHexString(magic) + ", version " + version + ")";
        }
        if (jobLength != body.readableBytes())
        {
            return "HELLO with job id length " + jobLength + " but " + body.readableBytes() + " bytes";
        }
        final byte[] job = new byte[jobLength];
        body.readBytes(job);
        if (!transport.handshake.sameJob(job))
        {
            return "HELLO from another job";
        }
        if (targetRank != transport.rank || clientRank < 0 || clientRank >= transport.size ||
            clientRank == transport.rank)
        {
            return "HELLO from rank " + clientRank + " to rank " + targetRank + " (this is rank " + transport.rank +
                " of " + transport.size + ")";
        }
        peer = clientRank;
        serverNonce = Handshake.nonce();
        final byte[] proof = transport.handshake.serverProof(peer, transport.rank, clientNonce, serverNonce);
        ctx.writeAndFlush(Frames.challenge(ctx.alloc(), transport.rank, serverNonce, proof));
        phase = AWAIT_AUTH;
        return null;
    }

    private String onAuth(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final byte[] proof = new byte[Frames.PROOF];
        body.readBytes(proof);
        final byte[] expected = transport.handshake.clientProof(peer, transport.rank, clientNonce, serverNonce);
        if (!Handshake.matches(expected, proof))
        {
            return "rank " + peer + " failed to prove the job secret";
        }
        final byte verdict = transport.acceptInbound(peer);
        if (verdict < 0)
        {
            return "rank " + peer + " is already connected or failed";
        }
        if (verdict == Frames.VERDICT_DUPLICATE)
        {
            phase = DONE;
            ctx.writeAndFlush(Frames.verdict(ctx.alloc(), verdict)).addListener(ChannelFutureListener.CLOSE);
            return null;
        }
        ctx.writeAndFlush(Frames.verdict(ctx.alloc(), verdict));
        open(ctx);
        return null;
    }

    private String onChallenge(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final int serverRank = body.readInt();
        serverNonce = new byte[Frames.NONCE];
        body.readBytes(serverNonce);
        final byte[] proof = new byte[Frames.PROOF];
        body.readBytes(proof);
        if (serverRank != peer)
        {
            return "expected rank " + peer + " but rank " + serverRank + " answered";
        }
        final byte[] expected = transport.handshake.serverProof(transport.rank, peer, clientNonce, serverNonce);
        if (!Handshake.matches(expected, proof))
        {
            return "rank " + peer + " failed to prove the job secret";
        }
        final byte[] mine = transport.handshake.clientProof(transport.rank, peer, clientNonce, serverNonce);
        ctx.writeAndFlush(Frames.auth(ctx.alloc(), mine));
        phase = AWAIT_VERDICT;
        return null;
    }

    private String onVerdict(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final int verdict = body.readUnsignedByte();
        if (verdict == Frames.VERDICT_DUPLICATE)
        {
            duplicate = true;
            phase = DONE;
            cancelTimer();
            ctx.close();
            return null;
        }
        if (verdict != Frames.VERDICT_ACCEPT)
        {
            return "unknown verdict " + verdict;
        }
        open(ctx);
        return null;
    }

    private void open(final ChannelHandlerContext ctx)
    {
        cancelTimer();
        phase = OPEN;
        ctx.pipeline().get(FrameDecoder.class).open(transport.pendingReads.sink(peer));
        responder = new ReadResponder(transport.registry, transport.settings.readChunk);
        transport.attach(peer, ctx.channel());
    }

    private void onMessage(final ByteBuf frame)
    {
        frame.setInt(frame.readerIndex(), peer);
        if (overflow.isEmpty() && transport.inbound.offerFrame(frame))
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

    /** Hands held frames over again after the rank polled; runs on this channel's loop. */
    void resume()
    {
        ByteBuf frame;
        while ((frame = overflow.peek()) != null && transport.inbound.offerFrame(frame))
        {
            overflow.poll();
        }
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

    @Override
    public void channelWritabilityChanged(final ChannelHandlerContext ctx)
    {
        if (responder != null)
        {
            responder.pump(ctx.channel());
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        cancelTimer();
        if (responder != null)
        {
            responder.clear();
        }
        final int was = phase;
        phase = DONE;
        if (was == OPEN || goodbye)
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
        else if (client && !duplicate)
        {
            transport.connectFailed(peer, "connection to rank " + peer + " closed during the handshake");
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
        if (phase == OPEN)
        {
            LOG.log(Level.WARNING, "rankwire-tcp: closing connection " + describe() + ": " + cause);
            ctx.close();
        }
        else
        {
            refuse(cause.toString());
        }
    }

    private void refuse(final String why)
    {
        final String message = "rankwire-tcp: closing connection " + describe() + ": " + why;
        if (phase == OPEN)
        {
            LOG.log(Level.WARNING, message);
        }
        else
        {
            transport.refusals.log(message);
        }
        phase = DONE;
        final FrameDecoder decoder = channel.pipeline().get(FrameDecoder.class);
        if (decoder != null)
        {
            decoder.stop();
        }
        channel.close();
    }

    private void handshakeTimeout()
    {
        if (phase != OPEN && phase != DONE)
        {
            refuse("handshake not finished within " + transport.settings.connectTimeoutMs + " ms");
        }
    }

    private void cancelTimer()
    {
        if (timer != null)
        {
            timer.cancel(false);
            timer = null;
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
        return (client ? "to" : "from") + " " + channel.remoteAddress() + (peer >= 0 ? " (rank " + peer + ")" : "") +
            " at rank " + transport.rank;
    }

    private String phaseName()
    {
        switch (phase)
        {
            case AWAIT_HELLO: return "the handshake (awaiting HELLO)";
            case AWAIT_AUTH: return "the handshake (awaiting AUTH)";
            case AWAIT_CHALLENGE: return "the handshake (awaiting CHALLENGE)";
            case AWAIT_VERDICT: return "the handshake (awaiting VERDICT)";
            case OPEN: return "the session";
            default: return "closing";
        }
    }
}
