package io.rankwire.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;

import io.rankwire.spi.HmacSha256;


/**
 * The mutual HMAC-SHA256 challenge/response that opens every connection. The secret never
 * crosses the wire; each side proves it knows the secret over both nonces and both ranks:
 *
 * <pre>
 *   client                                             server
 *     | HELLO(jobId, clientRank, targetRank, Nc)          |   server checks job id and ranks
 *     |-------------------------------------------------->|
 *     |          CHALLENGE(serverRank, Ns, proof_s)       |   proof_s = HMAC(secret, "server" | transcript)
 *     |<--------------------------------------------------|
 *     | AUTH(proof_c)                                     |   client checks proof_s first
 *     |-------------------------------------------------->|   proof_c = HMAC(secret, "client" | transcript)
 *     |          VERDICT(ACCEPT | DUPLICATE)              |   server checks proof_c, then decides
 *     |<--------------------------------------------------|
 *
 *   transcript = jobId | clientRank u32 | serverRank u32 | Nc | Ns [| server certificate SHA-256, with TLS]
 * </pre>
 *
 * The labels keep a proof from being reflected back; the nonces keep it from being replayed.
 * With TLS the transcript ends with the fingerprint of the certificate the server presented (the
 * server's own; the one the client pinned), which binds the proofs to that TLS session: someone
 * who swapped the fingerprint a rank published (an on-path attacker on the bootstrap's plain
 * connection) and relays the handshake between two TLS sessions of its own cannot make the proofs
 * match. Any failure closes the connection and is logged on the side that saw it.
 */
final class Handshake
{
    private static final byte[] SERVER_LABEL = "rankwire-tcp server".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLIENT_LABEL = "rankwire-tcp client".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;
    private final byte[] jobId;

    Handshake(final byte[] secret, final String jobId)
    {
        // An empty secret (only a job of one rank, which has no peer, may have one: TransportContext
        // refuses secrets under 16 bytes otherwise) cannot key an HMAC; a fixed pad keeps it defined.
        this.key = secret.length == 0 ? new byte[] {0} : secret.clone();
        this.jobId = jobId.getBytes(StandardCharsets.UTF_8);
        if (this.jobId.length < 1 || this.jobId.length > Frames.MAX_JOB_ID)
        {
            throw new IllegalArgumentException(
                "jobId : " + this.jobId.length + " bytes (expected: 1.." + Frames.MAX_JOB_ID + " bytes of UTF-8)");
        }
    }

    static byte[] nonce()
    {
        final byte[] nonce = new byte[Frames.NONCE];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    /** @param binding the server certificate's fingerprint with TLS, else empty */
    byte[] serverProof(
        final int clientRank, final int serverRank, final byte[] clientNonce, final byte[] serverNonce,
        final byte[] binding)
    {
        return proof(SERVER_LABEL, clientRank, serverRank, clientNonce, serverNonce, binding);
    }

    /** @param binding the server certificate's fingerprint with TLS, else empty */
    byte[] clientProof(
        final int clientRank, final int serverRank, final byte[] clientNonce, final byte[] serverNonce,
        final byte[] binding)
    {
        return proof(CLIENT_LABEL, clientRank, serverRank, clientNonce, serverNonce, binding);
    }

    /** Compares proofs in constant time. */
    static boolean matches(final byte[] expected, final byte[] actual)
    {
        return MessageDigest.isEqual(expected, actual);
    }

    /** True when {@code other} is this job's id. */
    boolean sameJob(final byte[] other)
    {
        return MessageDigest.isEqual(jobId, other);
    }

    private byte[] proof(
        final byte[] label,
        final int clientRank,
        final int serverRank,
        final byte[] clientNonce,
        final byte[] serverNonce,
        final byte[] binding)
    {
        final byte[] ranks = ByteBuffer.allocate(8).putInt(clientRank).putInt(serverRank).array();
        return HmacSha256.of(key, label, jobId, ranks, clientNonce, serverNonce, binding);
    }
}
