package io.rankwire.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

/** {@link HmacSha256} is the JDK's HmacSHA256: RFC 4231's vectors, and random keys of every length around the block, in parts. */
class HmacSha256Test
{
    @Test
    void shouldMatchTheRfc4231Vectors()
    {
        // test case 2: key "Jefe", data "what do ya want for nothing?"
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            HexFormat.of().formatHex(HmacSha256.of("Jefe".getBytes(StandardCharsets.US_ASCII),
                "what do ya want ".getBytes(StandardCharsets.US_ASCII), "for nothing?".getBytes(StandardCharsets.US_ASCII))));
        // test case 6: a 131-byte key of 0xaa (longer than the block: hashed first)
        final byte[] key = new byte[131];
        java.util.Arrays.fill(key, (byte)0xaa);
        assertEquals("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            HexFormat.of().formatHex(HmacSha256.of(key,
                "Test Using Larger Than Block-Size Key - Hash Key First".getBytes(StandardCharsets.US_ASCII))));
    }

    @Test
    void shouldMatchTheJdksMacForKeysOfEveryLengthAroundTheBlock() throws Exception
    {
        final Random random = new Random(42);
        for (int keyLength = 1; keyLength <= 130; keyLength++)
        {
            final byte[] key = new byte[keyLength];
            random.nextBytes(key);
            final byte[][] parts = new byte[random.nextInt(5)][];
            final ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (int p = 0; p < parts.length; p++)
            {
                parts[p] = new byte[random.nextInt(100)];
                random.nextBytes(parts[p]);
                all.write(parts[p]);
            }
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            assertArrayEquals(mac.doFinal(all.toByteArray()), HmacSha256.of(key, parts), "key of " + keyLength + " bytes");
        }
    }

    @Test
    void shouldTreatAnEmptyKeyAsTheZeroBlock()
    {
        assertArrayEquals(HmacSha256.of(new byte[] {0}, new byte[] {1, 2, 3}), HmacSha256.of(new byte[0], new byte[] {1, 2, 3}));
        assertEquals(HmacSha256.LENGTH, HmacSha256.of(new byte[0]).length);
    }
}
