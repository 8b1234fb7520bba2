package dev.keypath;

/**
 * Writes elements {@code [from, to)} of a path as one key: segments joined by the separator, the
 * terminator, then one metadata varint per segment. The layout is worked out first, so the output is
 * written once, in a single pass that fills the segment section and the metadata side by side.
 */
final class KeyPathEncoder {
    private KeyPathEncoder() {}

    /**
     * The layout of elements {@code [from, to)}: the segment section's length including the terminator in
     * the high 32 bits, the metadata's length in the low 32 bits.
     */
    static long layout(PathElement[] elements, int from, int to) {
        int segments = 0;
        long section = 0;
        long meta = 0;
        for (int i = from; i < to; i++) {
            PathElement e = elements[i];
            int ns = e.namespace().length();
            section += ns;
            meta += Varint.size((ns << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING);
            segments++;
            KeyId id = e.id();
            if (id != null) {
                int idLength = id.encodedLength();
                if (idLength > (Varint.MAX_VALUE >>> KeyEncoding.TYPE_BITS)) {
                    throw new IllegalArgumentException("id of element " + i + " is too long to encode");
                }
                section += idLength;
                meta += Varint.size((idLength << KeyEncoding.TYPE_BITS) | id.typeCode());
                segments++;
            }
        }
        // separators between segments plus the terminator
        section += segments == 0 ? 1 : segments;
        if (section + meta > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("key path is too long to encode");
        }
        return (section << 32) | meta;
    }

    /**
     * The layout of a non-empty path's elements plus {@code e}, from the path's layout in O(1): each new
     * segment adds its bytes and one separator, and one metadata varint.
     */
    static long extend(long layout, PathElement e) {
        long section = layout >>> 32;
        long meta = layout & 0xFFFFFFFFL;
        int ns = e.namespace().length();
        section += ns + 1;
        meta += Varint.size((ns << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING);
        KeyId id = e.id();
        if (id != null) {
            int idLength = id.encodedLength();
            if (idLength > (Varint.MAX_VALUE >>> KeyEncoding.TYPE_BITS)) {
                throw new IllegalArgumentException("id of " + e.namespace() + " is too long to encode");
            }
            section += idLength + 1;
            meta += Varint.size((idLength << KeyEncoding.TYPE_BITS) | id.typeCode());
        }
        if (section + meta > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("key path is too long to encode");
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
    static int write(PathElement[] elements, int from, int to, int sectionLength, byte[] dst, int off) {
        int p = off;
        int m = off + sectionLength;
        for (int i = from; i < to; i++) {
            PathElement e = elements[i];
            if (i > from) {
                dst[p++] = KeyEncoding.SEPARATOR;
            }
            String ns = e.namespace();
            p = StringSegment.writeAscii(ns, dst, p);
            int nsMeta = (ns.length() << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING;
            if (nsMeta < 0x80) {
                dst[m++] = (byte) nsMeta;
            } else {
                m = Varint.write(nsMeta, dst, m);
            }
            KeyId id = e.id();
            if (id != null) {
                dst[p++] = KeyEncoding.SEPARATOR;
                int start = p;
                p = id.encodeTo(dst, p);
                int idMeta = ((p - start) << KeyEncoding.TYPE_BITS) | id.typeCode();
                if (idMeta < 0x80) {
                    dst[m++] = (byte) idMeta;
                } else {
                    m = Varint.write(idMeta, dst, m);
                }
            }
        }
        dst[p] = KeyEncoding.TERMINATOR;
        return m;
    }

    static byte[] encode(PathElement[] elements, int from, int to) {
        long layout = layout(elements, from, to);
        byte[] out = new byte[length(layout)];
        write(elements, from, to, sectionLength(layout), out, 0);
        return out;
    }

    /**
     * The segment section of elements {@code [from, to)} without terminator or metadata: every key of a
     * descendant starts with these bytes followed by the separator.
     */
    static byte[] segmentSection(PathElement[] elements, int from, int to) {
        long layout = layout(elements, from, to);
        byte[] key = new byte[length(layout)];
        write(elements, from, to, sectionLength(layout), key, 0);
        return java.util.Arrays.copyOf(key, sectionLength(layout) - 1);
    }
}
