package dev.keypath;

import java.util.Arrays;

/**
 * Writes elements {@code [from, to)} of a path (parallel namespace and id arrays) as one key: segments
 * joined by the separator, the terminator, then one metadata varint per segment. The layout is worked out
 * first, so the output is written once, in a single pass that fills the segment section and the metadata
 * side by side.
 */
final class KeyPathEncoder {
    private KeyPathEncoder() {}

    /**
     * The layout of elements {@code [from, to)}: the segment section's length including the terminator in
     * the high 32 bits, the metadata's length in the low 32 bits.
     */
    static long layout(Namespace[] namespaces, KeyId[] ids, int from, int to) {
        if (from == to) {
            return 1L << 32;
        }
        // extend() counts a separator before every segment; before the first there is none, and the
        // terminator takes its place
        long layout = extend(0, namespaces[from], ids[from]);
        for (int i = from + 1; i < to; i++) {
            layout = extend(layout, namespaces[i], ids[i]);
        }
        return layout;
    }

    /**
     * The layout of a path's elements plus {@code /namespace-id} ({@code id} may be null), from the path's
     * layout in O(1): each new segment adds its bytes and one separator, and one metadata varint.
     */
    static long extend(long layout, Namespace namespace, KeyId id) {
        long section = layout >>> 32;
        long meta = layout & 0xFFFFFFFFL;
        int ns = namespace.length();
        section += ns + 1;
        meta += Varint.size((ns << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING);
        if (id != null) {
            int idLength = id.encodedLength();
            if (idLength > (Varint.MAX_VALUE >>> KeyEncoding.TYPE_BITS)) {
                throw KeyPathFormatException.inValue("id of " + namespace + " is too long to encode", namespace, 0);
            }
            section += idLength + 1;
            meta += Varint.size((idLength << KeyEncoding.TYPE_BITS) | id.typeCode());
        }
        if (section + meta > Integer.MAX_VALUE - 16) {
            throw KeyPathFormatException.inValue("key path is too long to encode", "", 0);
        }
        return (section << 32) | meta;
    }

    static int length(long layout) {
        return (int) (layout >>> 32) + (int) layout;
    }

    static int sectionLength(long layout) {
        return (int) (layout >>> 32);
    }

    /** Writes the key at {@code off}; {@code sectionLength} comes from {@link #layout}. Returns the end. */
    static int write(Namespace[] namespaces, KeyId[] ids, int from, int to, int sectionLength, byte[] dst, int off) {
        int p = off;
        int m = off + sectionLength;
        // the section's bytes up to the terminator are written in order, so those ahead of p are scratch
        int sectionEnd = m;
        for (int i = from; i < to; i++) {
            if (i > from) {
                dst[p++] = KeyEncoding.SEPARATOR;
            }
            Namespace ns = namespaces[i];
            p = ns.writeTo(dst, p, sectionEnd);
            m = writeMeta((ns.length() << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING, dst, m);
            KeyId id = ids[i];
            if (id != null) {
                dst[p++] = KeyEncoding.SEPARATOR;
                int start = p;
                p = id.encodeTo(dst, p);
                m = writeMeta(((p - start) << KeyEncoding.TYPE_BITS) | id.typeCode(), dst, m);
            }
        }
        dst[p] = KeyEncoding.TERMINATOR;
        return m;
    }

    /** Writes one metadata varint, with the one-byte case (every segment under 16 bytes) inline. */
    static int writeMeta(int meta, byte[] dst, int m) {
        if (meta < 0x80) {
            dst[m] = (byte) meta;
            return m + 1;
        }
        return Varint.write(meta, dst, m);
    }

    static byte[] encode(Namespace[] namespaces, KeyId[] ids, int from, int to) {
        long layout = layout(namespaces, ids, from, to);
        byte[] out = new byte[length(layout)];
        write(namespaces, ids, from, to, sectionLength(layout), out, 0);
        return out;
    }

    /**
     * The segment section of elements {@code [from, to)} without terminator or metadata: every key of a
     * descendant starts with these bytes followed by the separator.
     */
    static byte[] segmentSection(Namespace[] namespaces, KeyId[] ids, int from, int to) {
        long layout = layout(namespaces, ids, from, to);
        byte[] key = new byte[length(layout)];
        write(namespaces, ids, from, to, sectionLength(layout), key, 0);
        return Arrays.copyOf(key, sectionLength(layout) - 1);
    }
}
