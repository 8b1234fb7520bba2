package dev.keypath;

import java.nio.charset.StandardCharsets;

/**
 * Reuses the String of a namespace seen before, so decoding and parsing do not allocate one per element.
 * A small direct-mapped table: a slot holds the last namespace that hashed to it, as its String and its
 * bytes (so a hit from a key is a plain byte comparison). A slot is one immutable entry, safely published
 * through its final fields, so races only cost a miss and it needs no locking.
 */
final class NamespaceCache {
    private NamespaceCache() {}

    private static final int SIZE = 512;
    private static final int MAX_CACHED_LENGTH = 32;
    private static final Entry[] SLOTS = new Entry[SIZE];

    /** A cached namespace: its String and its ASCII bytes. */
    private record Entry(String name, byte[] ascii) {
        static Entry of(String name) {
            return new Entry(name, name.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    /**
     * Checks the {@code len} namespace bytes at {@code off} (offsets in errors count from {@code base})
     * and returns their String, reusing a cached one when it can. A hit costs one comparison pass; the
     * bytes are validated only on a miss (a cached namespace is valid by construction).
     */
    static String ofEncoded(byte[] src, int off, int len, int base) {
        int slot = slot(len, src[off], src[off + (len >>> 1)], src[off + len - 1]);
        Entry cached = SLOTS[slot];
        if (cached != null && matches(cached.ascii(), src, off, len)) {
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
            SLOTS[slot] = Entry.of(s);
        }
        return s;
    }

    /** The namespace spelled by {@code text[start, end)}, which the caller has checked. */
    static String of(CharSequence text, int start, int end) {
        int len = end - start;
        int slot = slot(len, text.charAt(start), text.charAt(start + (len >>> 1)), text.charAt(end - 1));
        Entry cached = SLOTS[slot];
        if (cached != null && matches(cached.ascii(), text, start, len)) {
            return cached.name();
        }
        String s = text.subSequence(start, end).toString();
        if (len <= MAX_CACHED_LENGTH) {
            SLOTS[slot] = Entry.of(s);
        }
        return s;
    }

    private static int slot(int len, int first, int middle, int last) {
        int h = (len * 31 + first) * 31 + middle;
        h = h * 31 + last;
        return (h ^ (h >>> 7)) & (SIZE - 1);
    }

    private static boolean matches(byte[] cached, byte[] src, int off, int len) {
        if (cached.length != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (cached[i] != src[off + i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean matches(byte[] cached, CharSequence text, int start, int len) {
        if (cached.length != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (cached[i] != text.charAt(start + i)) {
                return false;
            }
        }
        return true;
    }
}
