package dev.keypath;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Eight bytes of an array read or written as one long, for the codec's fixed-width fast paths. */
final class LongViews {
    private LongViews() {}

    static final VarHandle BIG_ENDIAN = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle LITTLE_ENDIAN = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Whether eight bytes can be read at {@code off} of {@code src}. */
    static boolean fits(byte[] src, int off) {
        return off <= src.length - Long.BYTES;
    }

    /** The first {@code len} (1..8) bytes at {@code off}, the first in the lowest byte; the rest zero. */
    static long littleEndianPrefix(byte[] src, int off, int len) {
        if (fits(src, off)) {
            long word = (long) LITTLE_ENDIAN.get(src, off);
            return len == Long.BYTES ? word : word & ((1L << (len << 3)) - 1);
        }
        long word = 0;
        for (int i = len - 1; i >= 0; i--) {
            word = (word << 8) | (src[off + i] & 0xFF);
        }
        return word;
    }

    /** The {@code len} (1..8) bytes at {@code off} as an unsigned big-endian number. */
    static long bigEndian(byte[] src, int off, int len) {
        if (fits(src, off)) {
            long word = (long) BIG_ENDIAN.get(src, off);
            return len == Long.BYTES ? word : word >>> ((Long.BYTES - len) << 3);
        }
        long bits = 0;
        for (int i = 0; i < len; i++) {
            bits = (bits << 8) | (src[off + i] & 0xFF);
        }
        return bits;
    }
}
