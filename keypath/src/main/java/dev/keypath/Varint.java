package dev.keypath;

/** Protobuf-style unsigned varints for segment metadata: 7 bits a byte, low bits first. */
final class Varint {
    private Varint() {}

    /** Largest value a metadata varint may carry (keeps lengths within an int). */
    static final int MAX_VALUE = Integer.MAX_VALUE;

    static int size(int value) {
        return value < (1 << 7) ? 1 : value < (1 << 14) ? 2 : value < (1 << 21) ? 3 : value < (1 << 28) ? 4 : 5;
    }

    static int write(int value, byte[] dst, int off) {
        if (value < 0x80) {
            dst[off] = (byte) value;
            return off + 1;
        }
        while ((value & ~0x7F) != 0) {
            dst[off++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        dst[off++] = (byte) value;
        return off;
    }

    /**
     * Reads one canonical varint starting at {@code off}, ending before {@code end}. Returns the value in
     * the low 32 bits and the offset after it in the high 32 bits.
     */
    static long read(byte[] src, int off, int end, int base) {
        int value = 0;
        int shift = 0;
        int start = off;
        while (true) {
            if (off >= end) {
                throw KeyPathFormatException.inBytes("truncated metadata varint", start - base);
            }
            int b = src[off++] & 0xFF;
            if (shift == 28 && (b & 0xF8) != 0) {
                throw KeyPathFormatException.inBytes("metadata varint overflows", start - base);
            }
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (b == 0 && off - start > 1) {
                    throw KeyPathFormatException.inBytes("metadata varint is not minimal", start - base);
                }
                return ((long) off << 32) | (value & 0xFFFFFFFFL);
            }
            shift += 7;
        }
    }
}
