package io.rankwire.bootstrap;

/** Lower-case hex encoding of the job secret. */
final class Hex
{
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex()
    {
    }

    static String encode(final byte[] bytes)
    {
        final char[] text = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++)
        {
            text[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            text[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(text);
    }

    /** @throws IllegalArgumentException naming {@code what} if {@code text} is not even-length hex */
    static byte[] decode(final String what, final String text)
    {
        if (text.isEmpty() || (text.length() & 1) != 0)
        {
            throw new IllegalArgumentException(
                what + " : " + text.length() + " characters (expected: a non-empty even number of hex digits)");
        }
        final byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++)
        {
            final int hi = Character.digit(text.charAt(2 * i), 16);
            final int lo = Character.digit(text.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0)
            {
                throw new IllegalArgumentException(what + " : not hex at character " + (2 * i) + " (expected: 0-9a-f)");
            }
            bytes[i] = (byte)((hi << 4) | lo);
        }
        return bytes;
    }
}
