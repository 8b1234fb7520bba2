package dev.keypath;

/**
 * Writes elements {@code [from, to)} of a path as one key: segments joined by the separator, the
 * terminator, then one metadata varint per segment. Lengths are worked out first so the output is
 * written once into an exact-size array.
 */
final class KeyPathEncoder {
    private KeyPathEncoder() {}

    static int length(PathElement[] elements, int from, int to) {
        int segments = 0;
        long length = 0;
        for (int i = from; i < to; i++) {
            PathElement e = elements[i];
            int ns = e.namespace().length();
            length += ns + Varint.size((ns << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING);
            segments++;
            KeyId id = e.id();
            if (id != null) {
                int idLength = id.encodedLength();
                if (idLength > (Varint.MAX_VALUE >>> KeyEncoding.TYPE_BITS)) {
                    throw new IllegalArgumentException("id of element " + i + " is too long to encode");
                }
                length += idLength + Varint.size((idLength << KeyEncoding.TYPE_BITS) | id.typeCode());
                segments++;
            }
        }
        // separators between segments plus the terminator
        length += segments == 0 ? 1 : segments;
        if (length > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("key path is too long to encode");
        }
        return (int) length;
    }

    static int write(PathElement[] elements, int from, int to, byte[] dst, int off) {
        int p = off;
        for (int i = from; i < to; i++) {
            PathElement e = elements[i];
            if (i > from) {
                dst[p++] = KeyEncoding.SEPARATOR;
            }
            p = StringSegment.writeAscii(e.namespace(), dst, p);
            KeyId id = e.id();
            if (id != null) {
                dst[p++] = KeyEncoding.SEPARATOR;
                p = id.encodeTo(dst, p);
            }
        }
        dst[p++] = KeyEncoding.TERMINATOR;
        for (int i = from; i < to; i++) {
            PathElement e = elements[i];
            p = Varint.write((e.namespace().length() << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_STRING, dst, p);
            KeyId id = e.id();
            if (id != null) {
                p = Varint.write((id.encodedLength() << KeyEncoding.TYPE_BITS) | id.typeCode(), dst, p);
            }
        }
        return p;
    }

    static byte[] encode(PathElement[] elements, int from, int to) {
        byte[] out = new byte[length(elements, from, to)];
        write(elements, from, to, out, 0);
        return out;
    }

    /**
     * The segment section of elements {@code [from, to)} without terminator or metadata: every key of a
     * descendant starts with these bytes followed by the separator.
     */
    static byte[] segmentSection(PathElement[] elements, int from, int to) {
        byte[] key = encode(elements, from, to);
        int terminator = key.length - 1;
        while (key[terminator] != KeyEncoding.TERMINATOR) {
            terminator--;
        }
        byte[] section = new byte[terminator];
        System.arraycopy(key, 0, section, 0, terminator);
        return section;
    }
}
