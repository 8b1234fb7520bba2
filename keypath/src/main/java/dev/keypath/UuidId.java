package dev.keypath;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.UUID;

/**
 * A 16-byte bytes id, which the text form shows as a UUID. It holds the bytes as two big-endian longs, so a
 * UUID costs one small object to decode, parse or build, and its segment is written with two stores when
 * none of its bytes needs escaping. Every 16-byte bytes id is a {@code UuidId}; {@link BytesId} holds the
 * other lengths, so equality never has to compare across the two classes.
 */
final class UuidId extends KeyId {
    static final int LENGTH = 16;
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

    long hi() {
        return hi;
    }

    long lo() {
        return lo;
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
        return BytesSegment.writeEscaped(raw, dst, off);
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
