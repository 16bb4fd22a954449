package io.rankwire.spi;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * HMAC-SHA-256 (RFC 2104) over {@link MessageDigest}, for the handshakes that prove a peer holds
 * the job's secret (the bootstrap's, a transport's). The same function as {@code javax.crypto.Mac}
 * with {@code "HmacSHA256"}, without the cryptographic provider framework a first {@code Mac}
 * loads: 61-87 ms in a fresh JVM against 29-33 ms for a first {@code MessageDigest}, paid by every
 * rank and the launcher at start-up.
 *
 * <pre>
 *   HMAC(K, m) = SHA-256((K' xor opad) || SHA-256((K' xor ipad) || m))
 *   K' = K zero-padded to the 64-byte block (SHA-256(K) first when K is longer)
 *   ipad = 0x36 repeated, opad = 0x5c repeated
 * </pre>
 */
public final class HmacSha256
{
    /** Bytes of a MAC. */
    public static final int LENGTH = 32;
    private static final int BLOCK = 64;
    private static final byte IPAD = 0x36;
    private static final byte OPAD = 0x5c;

    private HmacSha256()
    {
    }

    /** The MAC of the concatenation of {@code parts} under {@code key} (any length, empty included). */
    public static byte[] of(final byte[] key, final byte[]... parts)
    {
        final MessageDigest sha = sha256();
        final byte[] k = key.length > BLOCK ? sha.digest(key) : key;
        sha.update(pad(k, IPAD));
        for (final byte[] part : parts)
        {
            sha.update(part);
        }
        final byte[] inner = sha.digest();
        sha.update(pad(k, OPAD));
        sha.update(inner);
        return sha.digest();
    }

    /** {@code k} zero-padded to the block, each byte xor {@code with}. */
    private static byte[] pad(final byte[] k, final byte with)
    {
        final byte[] pad = new byte[BLOCK];
        for (int i = 0; i < BLOCK; i++)
        {
            pad[i] = (byte)((i < k.length ? k[i] : 0) ^ with);
        }
        return pad;
    }

    private static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("SHA-256 : missing (expected: in every JDK)", e);
        }
    }
}
