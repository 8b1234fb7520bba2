package dev.keypath;

import java.nio.charset.StandardCharsets;

/**
 * Reuses the String of a namespace seen before, so decoding and parsing do not allocate one per element.
 * A small direct-mapped table: a slot holds the last namespace that hashed to it. A slot is one immutable
 * entry, safely published through its final fields, so races only cost a miss and it needs no locking.
 *
 * <p>Namespaces of up to eight bytes (most of them) are also kept as one little-endian long, so a hit
 * from a key costs one eight-byte read, a multiply for the slot and one comparison.
 */
final class NamespaceCache {
    private NamespaceCache() {}

    private static final int SLOT_BITS = 9;
    private static final int SIZE = 1 << SLOT_BITS;
    private static final int MAX_CACHED_LENGTH = 32;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final Entry[] SLOTS = new Entry[SIZE];

    /** A cached namespace: its String, its bytes and, up to eight bytes, those bytes as one long. */
    private record Entry(String name, byte[] ascii, long word) {
        static Entry of(String name, long word) {
            return new Entry(name, name.getBytes(StandardCharsets.ISO_8859_1), word);
        }
    }

    /**
     * Checks the {@code len} namespace bytes at {@code off} (offsets in errors count from {@code base})
     * and returns their String, reusing a cached one when it can. A hit costs one comparison; the bytes
     * are validated only on a miss (a cached namespace is valid by construction).
     */
    static String ofEncoded(byte[] src, int off, int len, int base) {
        long word = 0;
        int slot;
        if (len <= Long.BYTES) {
            word = LongViews.littleEndianPrefix(src, off, len);
            slot = shortSlot(word);
        } else {
            slot = longSlot(len, src[off], src[off + (len >>> 1)], src[off + len - 1]);
        }
        Entry cached = SLOTS[slot];
        if (cached != null && cached.ascii().length == len
                && (len <= Long.BYTES ? cached.word() == word : matches(cached.ascii(), src, off, len))) {
            return cached.name();
        }
        if (!Namespaces.isStart(src[off])) {
            throw KeyPathFormatException.inBytes("namespace must start with a letter or '_'", off - base);
        }
        for (int i = off + 1, end = off + len; i < end; i++) {
            if (!Namespaces.isPart(src[i])) {
                throw KeyPathFormatException.inBytes("invalid byte in namespace", i - base);
            }
        }
        String s = new String(src, off, len, StandardCharsets.ISO_8859_1);
        if (len <= MAX_CACHED_LENGTH) {
            SLOTS[slot] = Entry.of(s, word);
        }
        return s;
    }

    /** The namespace spelled by {@code text[start, end)}, which the caller has checked. */
    static String of(String text, int start, int end) {
        int len = end - start;
        long word = 0;
        int slot;
        if (len <= Long.BYTES) {
            for (int i = end - 1; i >= start; i--) {
                word = (word << 8) | text.charAt(i);
            }
            slot = shortSlot(word);
        } else {
            slot = longSlot(len, text.charAt(start), text.charAt(start + (len >>> 1)), text.charAt(end - 1));
        }
        Entry cached = SLOTS[slot];
        if (cached != null && cached.ascii().length == len
                && (len <= Long.BYTES ? cached.word() == word : matches(cached.ascii(), text, start, len))) {
            return cached.name();
        }
        String s = text.substring(start, end);
        if (len <= MAX_CACHED_LENGTH) {
            SLOTS[slot] = Entry.of(s, word);
        }
        return s;
    }

    /** Slot of a namespace of at most eight bytes, from its bytes as a little-endian long. */
    private static int shortSlot(long word) {
        return (int) ((word * GOLDEN) >>> (Long.SIZE - SLOT_BITS));
    }

    private static int longSlot(int len, int first, int middle, int last) {
        int h = (len * 31 + first) * 31 + middle;
        h = h * 31 + last;
        return (h ^ (h >>> 7)) & (SIZE - 1);
    }

    private static boolean matches(byte[] cached, byte[] src, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (cached[i] != src[off + i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(byte[] cached, String text, int start, int len) {
        for (int i = 0; i < len; i++) {
            if (cached[i] != text.charAt(start + i)) {
                return false;
            }
        }
        return true;
    }
}
