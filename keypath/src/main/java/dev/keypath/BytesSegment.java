package dev.keypath;

/**
 * Bytes segments: the raw bytes, with 0x00, 0x01 and 0x02 escaped as 0x02 followed by the byte plus one.
 * The escaped form keeps unsigned byte order and never holds the terminator; every escaped byte sorts
 * above the separator, so a bytes id that holds 0x00 or 0x01 can neither cut a key short nor sort
 * like a deeper path, and a prefix query on it returns only its own subtree.
 */
final class BytesSegment {
    private BytesSegment() {}

    private static boolean needsEscape(int unsignedByte) {
        return unsignedByte <= (KeyEncoding.ESCAPE & 0xFF);
    }

    static int escapedLength(byte[] value) {
        int length = value.length;
        for (byte b : value) {
            if (needsEscape(b & 0xFF)) {
                length++;
            }
        }
        return length;
    }

    static int writeEscaped(byte[] value, byte[] dst, int off) {
        for (byte b : value) {
            if (needsEscape(b & 0xFF)) {
                dst[off++] = KeyEncoding.ESCAPE;
                dst[off++] = (byte) (b + KeyEncoding.ESCAPE_OFFSET);
            } else {
                dst[off++] = b;
            }
        }
        return off;
    }

    /** Decodes a canonical bytes segment of exactly {@code len} escaped bytes. */
    static KeyId decode(byte[] src, int off, int len, int base) {
        if (len == UuidId.LENGTH) {
            UuidId uuid = UuidId.ofUnescapedSegment(src, off);
            if (uuid != null) {
                return uuid;
            }
        }
        int end = off + len;
        int escapes = 0;
        for (int i = off; i < end; i++) {
            int b = src[i] & 0xFF;
            if (b == (KeyEncoding.ESCAPE & 0xFF)) {
                int next = i + 1 < end ? src[i + 1] & 0xFF : -1;
                if (next < KeyEncoding.ESCAPE_OFFSET || next > (KeyEncoding.ESCAPE & 0xFF) + KeyEncoding.ESCAPE_OFFSET) {
                    throw KeyPathFormatException.inBytes("invalid escape in bytes segment", i - base);
                }
                escapes++;
                i++;
            } else if (needsEscape(b)) {
                throw KeyPathFormatException.inBytes(String.format("unescaped 0x%02X in bytes segment", b), i - base);
            }
        }
        if (escapes == 0) {
            return BytesId.owning(java.util.Arrays.copyOfRange(src, off, off + len), len);
        }
        byte[] value = new byte[len - escapes];
        for (int i = off, j = 0; i < end; i++) {
            byte b = src[i];
            value[j++] = b == KeyEncoding.ESCAPE ? (byte) (src[++i] - KeyEncoding.ESCAPE_OFFSET) : b;
        }
        return BytesId.owning(value, len);
    }
}
