package dev.keypath;

/**
 * Integer segments: a sort byte that gives sign and width, then the magnitude's minimal big-endian
 * bytes — inverted for zero and negatives, so that byte order is numeric order.
 */
final class IntegerSegment {
    private IntegerSegment() {}

    /** Minimal number of bytes of an unsigned magnitude; 1 for zero. */
    static int magnitudeBytes(long magnitude) {
        return magnitude == 0 ? 1 : (71 - Long.numberOfLeadingZeros(magnitude)) >>> 3;
    }

    static int length(long magnitude) {
        return 1 + magnitudeBytes(magnitude);
    }

    static int write(boolean negative, long magnitude, byte[] dst, int off) {
        int n = magnitudeBytes(magnitude);
        long bits;
        if (negative || magnitude == 0) {
            dst[off++] = (byte) (KeyEncoding.NEGATIVE_SORT_BASE - n);
            bits = ~magnitude;
        } else {
            dst[off++] = (byte) (KeyEncoding.POSITIVE_SORT_BASE + n);
            bits = magnitude;
        }
        int end = off + n;
        for (int i = end - 1; i >= off; i--) {
            dst[i] = (byte) bits;
            bits >>>= 8;
        }
        return end;
    }

    /** Decodes a canonical integer segment of exactly {@code len} bytes. */
    static IntegerId decode(byte[] src, int off, int len, int base) {
        int sort = src[off] & 0xFF;
        if (sort > KeyEncoding.POSITIVE_SORT_BASE + KeyEncoding.MAX_INTEGER_BYTES) {
            throw KeyPathFormatException.inBytes(String.format("invalid integer sort byte 0x%02X", sort), off - base);
        }
        boolean positive = sort >= KeyEncoding.NEGATIVE_SORT_BASE;
        int n = positive ? sort - KeyEncoding.POSITIVE_SORT_BASE : KeyEncoding.NEGATIVE_SORT_BASE - sort;
        if (len != 1 + n) {
            throw KeyPathFormatException.inBytes("integer segment has " + len + " bytes but its sort byte says "
                    + (1 + n), off - base);
        }
        long bits = LongViews.bigEndian(src, off + 1, n);
        long magnitude = positive ? bits : ~bits & (n == 8 ? -1L : (1L << (n << 3)) - 1);
        if (magnitudeBytes(magnitude) != n || (positive && magnitude == 0)) {
            throw KeyPathFormatException.inBytes("integer is not minimally encoded", off - base);
        }
        return IntegerId.ofMagnitude(!positive, magnitude);
    }
}
