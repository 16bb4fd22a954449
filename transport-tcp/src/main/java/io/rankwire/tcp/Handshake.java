package io.rankwire.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

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
 *   transcript = jobId | clientRank u32 | serverRank u32 | Nc | Ns
 * </pre>
 *
 * The labels keep a proof from being reflected back; the nonces keep it from being replayed.
 * Any failure closes the connection and is logged on the side that saw it.
 */
final class Handshake
{
    private static final byte[] SERVER_LABEL = "rankwire-tcp server".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLIENT_LABEL = "rankwire-tcp client".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final byte[] jobId;

    Handshake(final byte[] secret, final String jobId)
    {
        // An empty secret cannot key an HMAC; a fixed pad keeps the handshake well-defined.
        this.key = new SecretKeySpec(secret.length == 0 ? new byte[] {0} : secret, "HmacSHA256");
        this.jobId = jobId.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] nonce()
    {
        final byte[] nonce = new byte[Frames.NONCE];
        RANDOM.nextBytes(nonce);
        return nonce;
    }

    byte[] serverProof(final int clientRank, final int serverRank, final byte[] clientNonce, final byte[] serverNonce)
    {
        return proof(SERVER_LABEL, clientRank, serverRank, clientNonce, serverNonce);
    }

    byte[] clientProof(final int clientRank, final int serverRank, final byte[] clientNonce, final byte[] serverNonce)
    {
        return proof(CLIENT_LABEL, clientRank, serverRank, clientNonce, serverNonce);
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
        final byte[] label, final int clientRank, final int serverRank, final byte[] clientNonce, final byte[] serverNonce)
    {
        try
        {
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(label);
            mac.update(jobId);
            mac.update(ByteBuffer.allocate(8).putInt(clientRank).putInt(serverRank).flip());
            mac.update(clientNonce);
            mac.update(serverNonce);
            return mac.doFinal();
        }
        catch (final GeneralSecurityException e)
        {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
