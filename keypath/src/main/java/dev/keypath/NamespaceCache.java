package dev.keypath;

import java.nio.charset.StandardCharsets;

/**
 * Shares {@link Namespace}s, so decoding, parsing and building paths do not allocate one per element. A
 * small direct-mapped table: a slot holds the last namespace that hashed to it. Namespaces are immutable
 * and safely published through their final fields, so races only cost a miss and it needs no locking.
 *
 * <p>Names of up to eight bytes (most of them) hash from their bytes as one little-endian long, so a hit
 * from a key costs one eight-byte read, a multiply for the slot and one comparison.
 */
final class NamespaceCache {
    private NamespaceCache() {}

    private static final int SLOT_BITS = 9;
    private static final int SIZE = 1 << SLOT_BITS;
    private static final int MAX_CACHED_LENGTH = 32;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final Namespace[] SLOTS = new Namespace[SIZE];
    /** The same namespaces, slotted by {@link String#hashCode()} for lookups by name. */
    private static final Namespace[] BY_NAME = new Namespace[SIZE];

    /**
     * Checks the {@code len} namespace bytes at {@code off} (offsets in errors count from {@code base})
     * and returns their namespace, reusing a cached one when it can. The bytes are validated only on a
     * miss (a cached namespace is valid by construction).
     */
    static Namespace ofEncoded(byte[] src, int off, int len, int base) {
        long word = 0;
        int slot;
        if (len <= Long.BYTES) {
            word = LongViews.littleEndianPrefix(src, off, len);
            slot = shortSlot(word);
        } else {
            slot = longSlot(len, src[off], src[off + (len >>> 1)], src[off + len - 1]);
        }
        Namespace cached = SLOTS[slot];
        if (cached != null && cached.length() == len
                && (len <= Long.BYTES ? cached.word() == word : cached.matches(src, off, len))) {
            return cached;
        }
        if (!Namespaces.isStart(src[off])) {
            throw KeyPathFormatException.inBytes("namespace must start with a letter or '_'", off - base);
        }
        for (int i = off + 1, end = off + len; i < end; i++) {
            if (!Namespaces.isPart(src[i])) {
                throw KeyPathFormatException.inBytes("invalid byte in namespace", i - base);
            }
        }
        return remember(slot, Namespace.trusted(new String(src, off, len, StandardCharsets.ISO_8859_1)));
    }

    /** The namespace spelled by {@code text[start, end)}, which the caller has checked. */
    static Namespace of(String text, int start, int end) {
        int slot = slot(text, start, end);
        Namespace cached = SLOTS[slot];
        if (cached != null && cached.matches(text, start, end - start)) {
            return cached;
        }
        return remember(slot, Namespace.trusted(text.substring(start, end)));
    }

    /**
     * The namespace named {@code name}; an invalid name is a {@link KeyPathFormatException} naming the
     * character. Names given as Strings (usually literals) are looked up by their cached hash code first.
     */
    static Namespace of(String name) {
        if (name == null) {
            Namespaces.checked(null);
        }
        int byName = name.hashCode() & (SIZE - 1);
        Namespace known = BY_NAME[byName];
        if (known != null && (known.name() == name || known.name().equals(name))) {
            return known;
        }
        Namespace namespace = of(Namespaces.checked(name), 0, name.length());
        if (namespace.length() <= MAX_CACHED_LENGTH) {
            BY_NAME[byName] = namespace;
        }
        return namespace;
    }

    private static Namespace remember(int slot, Namespace namespace) {
        if (namespace.length() <= MAX_CACHED_LENGTH) {
            SLOTS[slot] = namespace;
        }
        return namespace;
    }

    private static int slot(String text, int start, int end) {
        int len = end - start;
        if (len > Long.BYTES) {
            return longSlot(len, text.charAt(start), text.charAt(start + (len >>> 1)), text.charAt(end - 1));
        }
        long word = 0;
        for (int i = end - 1; i >= start; i--) {
            // a character above 0xFF cannot be in a cached (checked) name, so its low byte is as good as any
            word = (word << 8) | (text.charAt(i) & 0xFF);
        }
        return shortSlot(word);
    }

    /** Slot of a name of at most eight bytes, from its bytes as a little-endian long. */
    private static int shortSlot(long word) {
        return (int) ((word * GOLDEN) >>> (Long.SIZE - SLOT_BITS));
    }

    private static int longSlot(int len, int first, int middle, int last) {
        int h = (len * 31 + first) * 31 + middle;
        h = h * 31 + last;
        return (h ^ (h >>> 7)) & (SIZE - 1);
    }
}
