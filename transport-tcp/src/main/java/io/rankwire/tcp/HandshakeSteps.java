package io.rankwire.tcp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;

/**
 * The {@link Handshake} of one connection, seen from one side (event-loop confined). Each step
 * handles one frame and returns null, or why the connection must be refused. After a step,
 * {@link #isOpen()} says the session may start and {@link #isDuplicate()} that this connection
 * lost a simultaneous connect and is closing quietly.
 */
final class HandshakeSteps
{
    private static final int AWAIT_HELLO = 0;
    private static final int AWAIT_AUTH = 1;
    private static final int AWAIT_CHALLENGE = 2;
    private static final int AWAIT_VERDICT = 3;
    private static final int OPEN = 4;
    private static final int DUPLICATE = 5;
    private static final int BUSY = 6;

    private static final byte[] NO_BINDING = new byte[0];

    private final TcpContext tcp;
    private final Peers peers;
    private final boolean client;
    private int step;
    private int peer;
    private byte[] clientNonce;
    private byte[] serverNonce;

    /**
     * Steps for a connection this rank opened to {@code peer} (client), or accepted
     * ({@code peer = -1}); {@code peers} decides on an authenticated server-side connection.
     */
    HandshakeSteps(final TcpContext tcp, final Peers peers, final int peer)
    {
        this.tcp = tcp;
        this.peers = peers;
        this.client = peer >= 0;
        this.peer = peer;
        this.step = client ? AWAIT_CHALLENGE : AWAIT_HELLO;
    }

    boolean isClient()
    {
        return client;
    }

    /** The peer's rank: the target for a client, the authenticated rank for a server, or -1. */
    int peer()
    {
        return peer;
    }

    boolean isOpen()
    {
        return step == OPEN;
    }

    boolean isDuplicate()
    {
        return step == DUPLICATE;
    }

    /** A client the listener turned away before it authenticated: it may try again. */
    boolean isBusy()
    {
        return step == BUSY;
    }

    /** A server that has a HELLO: the rest of the handshake runs on the connect timeout. */
    boolean heardHello()
    {
        return !client && step != AWAIT_HELLO;
    }

    /** Sends HELLO when this side is the client. */
    void start(final ChannelHandlerContext ctx)
    {
        if (client)
        {
            clientNonce = Handshake.nonce();
            ctx.writeAndFlush(Frames.hello(ctx.alloc(), tcp.rank, peer, clientNonce, tcp.jobId));
        }
    }

    /** Handles one handshake frame whose body starts at {@code body}'s reader index. */
    String onFrame(final ChannelHandlerContext ctx, final int type, final ByteBuf body)
    {
        switch (step)
        {
            case AWAIT_HELLO:
                return type == Frames.HELLO ? onHello(ctx, body) : unexpected(type);
            case AWAIT_AUTH:
                return type == Frames.AUTH ? onAuth(ctx, body) : unexpected(type);
            case AWAIT_CHALLENGE:
                if (type == Frames.VERDICT)
                {
                    return onVerdict(ctx, body); // only BUSY may come before the challenge
                }
                return type == Frames.CHALLENGE ? onChallenge(ctx, body) : unexpected(type);
            case AWAIT_VERDICT:
                return type == Frames.VERDICT ? onVerdict(ctx, body) : unexpected(type);
            default:
                return unexpected(type);
        }
    }

    private String unexpected(final int type)
    {
        return "unexpected " + Frames.name(type) + " frame during the handshake (step " + step + ")";
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
        if (!tcp.handshake.sameJob(job))
        {
            return "HELLO from another job";
        }
        if (targetRank != tcp.rank || clientRank < 0 || clientRank >= tcp.size ||
            clientRank == tcp.rank)
        {
            return "HELLO from rank " + clientRank + " to rank " + targetRank + " (this is rank " + tcp.rank +
                " of " + tcp.size + ")";
        }
        if (!tcp.serves(clientRank))
        {
            return "HELLO from rank " + clientRank + ", which this endpoint does not serve (another transport carries it)";
        }
        peer = clientRank;
        serverNonce = Handshake.nonce();
        final byte[] proof = tcp.handshake.serverProof(peer, tcp.rank, clientNonce, serverNonce, binding());
        ctx.writeAndFlush(Frames.challenge(ctx.alloc(), tcp.rank, serverNonce, proof));
        step = AWAIT_AUTH;
        return null;
    }

    private String onAuth(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final byte[] proof = new byte[Frames.PROOF];
        body.readBytes(proof);
        final byte[] expected = tcp.handshake.clientProof(peer, tcp.rank, clientNonce, serverNonce, binding());
        if (!Handshake.matches(expected, proof))
        {
            return "rank " + peer + " failed to prove the job secret";
        }
        final byte verdict = peers.acceptInbound(peer);
        if (verdict == Peers.REFUSE_CLOSING)
        {
            return "rank " + peer + " connected while this rank is closing";
        }
        if (verdict < 0)
        {
            return "rank " + peer + " is already connected or failed";
        }
        if (verdict == Frames.VERDICT_DUPLICATE)
        {
            step = DUPLICATE;
            ctx.writeAndFlush(Frames.verdict(ctx.alloc(), verdict)).addListener(ChannelFutureListener.CLOSE);
            return null;
        }
        ctx.writeAndFlush(Frames.verdict(ctx.alloc(), verdict));
        step = OPEN;
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
        final byte[] expected = tcp.handshake.serverProof(tcp.rank, peer, clientNonce, serverNonce, binding());
        if (!Handshake.matches(expected, proof))
        {
            return "rank " + peer + " failed to prove the job secret";
        }
        final byte[] mine = tcp.handshake.clientProof(tcp.rank, peer, clientNonce, serverNonce, binding());
        ctx.writeAndFlush(Frames.auth(ctx.alloc(), mine));
        step = AWAIT_VERDICT;
        return null;
    }

    /**
     * What binds the proofs to the TLS session: the server certificate's fingerprint (the server's
     * own; for a client, the one the peer published, which the presented certificate was checked
     * against before HELLO), or nothing without TLS.
     */
    private byte[] binding()
    {
        final byte[] fingerprint = client ? peers.link(peer).fingerprint() : tcp.ownFingerprint();
        return fingerprint == null ? NO_BINDING : fingerprint;
    }

    private String onVerdict(final ChannelHandlerContext ctx, final ByteBuf body)
    {
        final int verdict = body.readUnsignedByte();
        if (verdict == Frames.VERDICT_BUSY)
        {
            step = BUSY;
            ctx.close();
            return null;
        }
        if (step == AWAIT_CHALLENGE)
        {
            return "verdict " + verdict + " before the challenge";
        }
        if (verdict == Frames.VERDICT_DUPLICATE)
        {
            step = DUPLICATE;
            ctx.close();
            return null;
        }
        if (verdict != Frames.VERDICT_ACCEPT)
        {
            return "unknown verdict " + verdict;
        }
        step = OPEN;
        return null;
    }
}
