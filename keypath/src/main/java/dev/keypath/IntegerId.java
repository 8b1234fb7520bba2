package dev.keypath;

import java.math.BigInteger;

/**
 * An integer id, held as a sign and an unsigned 64-bit magnitude so it spans -(2^64-1) .. 2^64-1; zero is
 * never negative.
 *
 * <p>Text: {@code 0|-?[1-9][0-9]*}. Bytes: a sort byte that gives sign and width, then the magnitude's minimal
 * big-endian bytes, inverted for zero and negatives, so that byte order is numeric order.
 */
final class IntegerId extends KeyId {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final String MAX_MAGNITUDE = "18446744073709551615";

    /** The ids 0..255, shared: small ids are the most common, and an id is an immutable value. */
    private static final IntegerId[] SMALL = new IntegerId[256];

    static {
        for (int i = 0; i < SMALL.length; i++) {
            SMALL[i] = new IntegerId(false, i);
        }
    }

    private final boolean negative;
    private final long magnitude;

    private IntegerId(boolean negative, long magnitude) {
        this.negative = negative && magnitude != 0;
        this.magnitude = magnitude;
    }

    static IntegerId ofSigned(long value) {
        return value < 0 ? new IntegerId(true, -value) : ofMagnitude(false, value);
    }

    static IntegerId unsigned(long value) {
        return ofMagnitude(false, value);
    }

    static IntegerId ofMagnitude(boolean negative, long magnitude) {
        if (!negative && Long.compareUnsigned(magnitude, SMALL.length) < 0) {
            return SMALL[(int) magnitude];
        }
        return new IntegerId(negative, magnitude);
    }

    static IntegerId ofBig(BigInteger value) {
        if (value == null) {
            throw KeyPathFormatException.inValue("an integer id must not be null", null, 0);
        }
        BigInteger abs = value.abs();
        if (abs.bitLength() > 64) {
            throw KeyPathFormatException.inValue("integer id is outside -(2^64-1) .. 2^64-1", value, 0);
        }
        return new IntegerId(value.signum() < 0, abs.longValue());
    }

    @Override
    public Type type() {
        return Type.INTEGER;
    }

    @Override
    public long asLong() {
        if (negative) {
            if (Long.compareUnsigned(magnitude, Long.MIN_VALUE) > 0) {
                throw new ArithmeticException("integer id " + this + " does not fit a long");
            }
            return -magnitude;
        }
        if (magnitude < 0) {
            throw new ArithmeticException("integer id " + this + " does not fit a long");
        }
        return magnitude;
    }

    @Override
    public long asUnsignedLong() {
        if (negative) {
            throw new ArithmeticException("integer id " + this + " is negative");
        }
        return magnitude;
    }

    @Override
    public BigInteger asBigInteger() {
        BigInteger abs = magnitude >= 0 ? BigInteger.valueOf(magnitude) : BigInteger.valueOf(magnitude).add(TWO_64);
        return negative ? abs.negate() : abs;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntegerId other && negative == other.negative && magnitude == other.magnitude;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(magnitude) * 31 + (negative ? 1 : 0);
    }

    // ---- text

    /**
     * Reads the integer at {@code start} in one pass. If the id is integer syntax running to '/' or
     * {@code limit}, reports it to {@code sink} and returns its end; otherwise returns -1 and reports nothing.
     * With a null {@code sink} it only recognises the syntax, whatever the value's size.
     *
     * @throws KeyPathFormatException if the syntax holds an integer outside -(2^64-1) .. 2^64-1 (sink not null)
     */
    static int parseText(String s, int start, int limit, PathTextSink sink) {
        boolean negative = s.charAt(start) == '-';
        int digits = negative ? start + 1 : start;
        long magnitude = 0;
        int end = digits;
        // two digits a step halves the multiply chain; the tail takes a last single digit
        while (end + 1 < limit) {
            int d1 = s.charAt(end) - '0';
            int d2 = s.charAt(end + 1) - '0';
            if (Integer.compareUnsigned(d1, 9) > 0 || Integer.compareUnsigned(d2, 9) > 0) {
                break;
            }
            magnitude = magnitude * 100 + (d1 * 10 + d2);
            end += 2;
        }
        if (end < limit && Integer.compareUnsigned(s.charAt(end) - '0', 9) <= 0) {
            magnitude = magnitude * 10 + (s.charAt(end) - '0');
            end++;
        }
        if (end < limit && s.charAt(end) != '/') {
            return -1;
        }
        int count = end - digits;
        if (count == 0 || (s.charAt(digits) == '0' && (count > 1 || negative))) {
            return -1;
        }
        if (sink == null) {
            return end;
        }
        if (count > MAX_MAGNITUDE.length() || (count == MAX_MAGNITUDE.length() && aboveMaxMagnitude(s, digits))) {
            throw KeyPathFormatException.inText("integer id is outside -(2^64-1) .. 2^64-1", s, start);
        }
        sink.integerId(negative, magnitude);
        return end;
    }

    /** Whether the {@code MAX_MAGNITUDE.length()} digits at {@code at} spell a number above 2^64-1. */
    private static boolean aboveMaxMagnitude(String s, int at) {
        for (int i = 0; i < MAX_MAGNITUDE.length(); i++) {
            int d = s.charAt(at + i) - MAX_MAGNITUDE.charAt(i);
            if (d != 0) {
                return d > 0;
            }
        }
        return false;
    }

    /** Whether all of {@code s} is integer syntax, so a string id spelled the same must be escaped. */
    static boolean isText(String s) {
        return parseText(s, 0, s.length(), null) == s.length();
    }

    void appendText(StringBuilder sb) {
        if (negative) {
            sb.append('-');
        }
        if (magnitude >= 0) {
            sb.append(magnitude);
        } else {
            sb.append(Long.toUnsignedString(magnitude));
        }
    }

    // ---- bytes

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_INTEGER;
    }

    @Override
    int encodedLength() {
        return 1 + magnitudeBytes(magnitude);
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        return write(negative, magnitude, dst, off);
    }

    /** Minimal number of bytes of an unsigned magnitude; 1 for zero. */
    private static int magnitudeBytes(long magnitude) {
        return magnitude == 0 ? 1 : (71 - Long.numberOfLeadingZeros(magnitude)) >>> 3;
    }

    /** Writes the segment of the integer {@code negative, magnitude} at {@code off}; returns the offset after it. */
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

    /** Decodes a canonical integer segment of exactly {@code len} bytes; {@code base} is the key's first byte. */
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
        return ofMagnitude(!positive, magnitude);
    }
}
