package dev.keypath;

/**
 * Reads a key back into elements, accepting only canonical encodings: the terminator is the last 0x00,
 * metadata varints are minimal and non-empty, segments are separated exactly, namespaces are strings,
 * integers are minimal, escapes and UTF-8 are valid, and nothing is left over. Every failure is a
 * {@link KeyPathFormatException} with the offset from the key's first byte.
 */
final class KeyPathDecoder {
    private KeyPathDecoder() {}

    private static final PathElement[] NONE = new PathElement[0];

    static PathElement[] decode(byte[] src, int off, int len) {
        if (src == null) {
            throw KeyPathFormatException.inBytes("key is null", 0);
        }
        if (off < 0 || len < 0 || off > src.length - len) {
            throw KeyPathFormatException.inBytes("range [" + off + ", " + off + "+" + len
                    + ") is outside the " + src.length + "-byte array", 0);
        }
        if (len == 0) {
            throw KeyPathFormatException.inBytes("empty key", 0);
        }
        int end = off + len;
        int terminator = end - 1;
        while (terminator >= off && src[terminator] != KeyEncoding.TERMINATOR) {
            terminator--;
        }
        if (terminator < off) {
            throw KeyPathFormatException.inBytes("no 0x00 terminator", len);
        }
        int count = 0;
        for (int i = terminator + 1; i < end; i++) {
            if (src[i] >= 0) {
                count++;
            }
        }
        if (src[end - 1] < 0) {
            throw KeyPathFormatException.inBytes("truncated metadata varint", len - 1);
        }
        if (count == 0) {
            if (terminator != off) {
                throw KeyPathFormatException.inBytes("segments without metadata", 0);
            }
            return NONE;
        }
        PathElement[] elements = new PathElement[(count + 1) >>> 1];
        int meta = terminator + 1;
        int seg = off;
        String namespace = null;
        for (int s = 0; s < count; s++) {
            int metaStart = meta;
            long read = Varint.read(src, meta, end, off);
            meta = (int) (read >>> 32);
            int value = (int) read;
            int type = value & KeyEncoding.TYPE_MASK;
            int length = value >>> KeyEncoding.TYPE_BITS;
            if (length == 0) {
                throw KeyPathFormatException.inBytes("metadata declares an empty segment", metaStart - off);
            }
            if (length > terminator - seg) {
                throw KeyPathFormatException.inBytes("segment " + (s + 1) + " runs past the terminator", seg - off);
            }
            if ((s & 1) == 0) {
                if (type != KeyEncoding.TYPE_STRING) {
                    throw KeyPathFormatException.inBytes("namespace segment has type " + type + ", not string", metaStart - off);
                }
                namespace = NamespaceCache.ofEncoded(src, seg, length, off);
                if (s == count - 1) {
                    elements[s >>> 1] = PathElement.trusted(namespace, null);
                }
            } else {
                elements[s >>> 1] = PathElement.trusted(namespace, decodeId(src, seg, length, type, off, metaStart));
            }
            seg += length;
            if (s < count - 1) {
                if (seg >= terminator || src[seg] != KeyEncoding.SEPARATOR) {
                    throw KeyPathFormatException.inBytes("expected separator 0x01 after segment " + (s + 1), seg - off);
                }
                seg++;
            } else if (seg != terminator) {
                throw KeyPathFormatException.inBytes("segments end before the terminator", seg - off);
            }
        }
        return elements;
    }

    /** Index of the last 0x00 in a key the decoder has accepted. */
    static int terminatorIndex(byte[] src, int off, int len) {
        int t = off + len - 1;
        while (src[t] != KeyEncoding.TERMINATOR) {
            t--;
        }
        return t;
    }

    private static KeyId decodeId(byte[] src, int off, int len, int type, int base, int metaStart) {
        switch (type) {
            case KeyEncoding.TYPE_STRING:
                return StringId.trusted(StringSegment.decode(src, off, len, base), len);
            case KeyEncoding.TYPE_INTEGER:
                return IntegerSegment.decode(src, off, len, base);
            case KeyEncoding.TYPE_BYTES:
                return BytesSegment.decode(src, off, len, base);
            default:
                throw KeyPathFormatException.inBytes("unknown segment type " + type, metaStart - base);
        }
    }
}
