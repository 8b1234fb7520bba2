package dev.keypath;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.UUID;

/**
 * A 16-byte bytes id, which the text form shows as a UUID. It holds the bytes as two big-endian longs, so a
 * UUID costs one small object to decode, parse or build, and its segment is written with two stores when
 * none of its bytes needs escaping. Every 16-byte bytes id is a {@code UuidId}; {@link BytesId} holds the
 * other lengths (and the escape rule both share), so equality never has to compare across the two classes.
 *
 * <p>Text: the canonical {@code xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}, hex digits in either case on the way in
 * and lower case on the way out.
 */
final class UuidId extends KeyId {
    static final int LENGTH = 16;
    /** Characters of the text form. */
    static final int TEXT_LENGTH = 36;
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final byte[] HEX_VALUES = new byte[128];

    static {
        java.util.Arrays.fill(HEX_VALUES, (byte) -1);
        for (int c = '0'; c <= '9'; c++) {
            HEX_VALUES[c] = (byte) (c - '0');
        }
        for (int c = 'a'; c <= 'f'; c++) {
            HEX_VALUES[c] = (byte) (c - 'a' + 10);
            HEX_VALUES[c - 'a' + 'A'] = (byte) (c - 'a' + 10);
        }
    }

    private static final VarHandle LONGS = LongViews.BIG_ENDIAN;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final long hi;
    private final long lo;
    private final int escapedLength;

    private UuidId(long hi, long lo) {
        this(hi, lo, LENGTH + escapes(hi) + escapes(lo));
    }

    private UuidId(long hi, long lo, int escapedLength) {
        this.hi = hi;
        this.lo = lo;
        this.escapedLength = escapedLength;
    }

    static UuidId of(long hi, long lo) {
        return new UuidId(hi, lo);
    }

    static UuidId of(byte[] sixteen, int off) {
        return new UuidId((long) LONGS.get(sixteen, off), (long) LONGS.get(sixteen, off + 8));
    }

    /**
     * The id of a 16-byte segment at {@code off} that holds no escape, or null when one of its bytes is
     * 0x00..0x02 (then the segment is not a canonical 16-byte id and the general bytes decoder decides).
     */
    static UuidId ofUnescapedSegment(byte[] src, int off) {
        long hi = (long) LONGS.get(src, off);
        long lo = (long) LONGS.get(src, off + 8);
        return (hasEscapable(hi) | hasEscapable(lo)) ? null : new UuidId(hi, lo, LENGTH);
    }

    /** Whether one of the eight bytes of {@code v} is 0x00, 0x01 or 0x02 (an exact test, SWAR style). */
    private static boolean hasEscapable(long v) {
        return ((v - 3 * ONES) & ~v & HIGH_BITS) != 0;
    }

    private static int escapes(long v) {
        if (!hasEscapable(v)) {
            return 0;
        }
        int n = 0;
        for (int shift = 0; shift < 64; shift += 8) {
            if (((v >>> shift) & 0xFF) <= (KeyEncoding.ESCAPE & 0xFF)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public Type type() {
        return Type.BYTES;
    }

    @Override
    public byte[] asBytes() {
        byte[] b = new byte[LENGTH];
        LONGS.set(b, 0, hi);
        LONGS.set(b, 8, lo);
        return b;
    }

    @Override
    public boolean isUuid() {
        return true;
    }

    @Override
    public UUID asUuid() {
        return new UUID(hi, lo);
    }

    // ---- text

    /**
     * Reads the UUID at {@code s[start, start + 36)} in one pass: if it is one, reports it to {@code sink}
     * (unless null) and returns true; otherwise returns false and reports nothing.
     */
    static boolean parseText(String s, int start, PathTextSink sink) {
        if (s.charAt(start + 8) != '-' || s.charAt(start + 13) != '-' || s.charAt(start + 18) != '-'
                || s.charAt(start + 23) != '-') {
            return false;
        }
        // eight independent groups of four digits: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx
        int g0 = hex4(s, start);
        int g1 = hex4(s, start + 4);
        int g2 = hex4(s, start + 9);
        int g3 = hex4(s, start + 14);
        int g4 = hex4(s, start + 19);
        int g5 = hex4(s, start + 24);
        int g6 = hex4(s, start + 28);
        int g7 = hex4(s, start + 32);
        if ((g0 | g1 | g2 | g3 | g4 | g5 | g6 | g7) < 0) {
            return false;
        }
        if (sink != null) {
            sink.uuidId((long) g0 << 48 | (long) g1 << 32 | (long) g2 << 16 | g3,
                    (long) g4 << 48 | (long) g5 << 32 | (long) g6 << 16 | g7);
        }
        return true;
    }

    /** Whether all of {@code s} is UUID syntax, so a string id spelled the same must be escaped. */
    static boolean isText(String s) {
        return s.length() == TEXT_LENGTH && parseText(s, 0, null);
    }

    /** The value of the four hex digits at {@code at}, or a negative number if one is not a hex digit. */
    private static int hex4(String s, int at) {
        return hex(s.charAt(at)) << 12 | hex(s.charAt(at + 1)) << 8 | hex(s.charAt(at + 2)) << 4 | hex(s.charAt(at + 3));
    }

    private static int hex(char c) {
        return c < 128 ? HEX_VALUES[c] : -1;
    }

    /** Appends the canonical lower-case text. */
    void appendText(StringBuilder sb) {
        appendHex(sb, hi >>> 32, 8).append('-');
        appendHex(sb, hi >>> 16, 4).append('-');
        appendHex(sb, hi, 4).append('-');
        appendHex(sb, lo >>> 48, 4).append('-');
        appendHex(sb, lo, 12);
    }

    /** Appends the low {@code digits} hex digits of {@code v}, most significant first. */
    private static StringBuilder appendHex(StringBuilder sb, long v, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            sb.append(HEX[(int) (v >>> shift) & 0xF]);
        }
        return sb;
    }

    // ---- bytes

    @Override
    int typeCode() {
        return KeyEncoding.TYPE_BYTES;
    }

    @Override
    int encodedLength() {
        return escapedLength;
    }

    @Override
    int encodeTo(byte[] dst, int off) {
        if (escapedLength == LENGTH) {
            LONGS.set(dst, off, hi);
            LONGS.set(dst, off + 8, lo);
            return off + LENGTH;
        }
        return write(hi, lo, dst, off);
    }

    /** Writes the segment of the UUID {@code hi, lo} at {@code off}; returns the offset after it. */
    static int write(long hi, long lo, byte[] dst, int off) {
        LONGS.set(dst, off, hi);
        LONGS.set(dst, off + 8, lo);
        if (!(hasEscapable(hi) | hasEscapable(lo))) {
            return off + LENGTH;
        }
        byte[] raw = Arrays.copyOfRange(dst, off, off + LENGTH);
        return BytesId.writeEscaped(raw, dst, off);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UuidId other && hi == other.hi && lo == other.lo;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hi) * 31 + Long.hashCode(lo);
    }
}
