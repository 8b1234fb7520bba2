package dev.keypath;

/**
 * Reads a key back into elements, accepting only canonical encodings: the terminator is the last 0x00,
 * metadata varints are minimal and non-empty, segments are separated exactly, namespaces are strings,
 * integers are minimal, escapes and UTF-8 are valid, and nothing is left over. Every failure is a
 * {@link KeyPathFormatException} with the offset from the key's first byte.
 *
 * <p>Decoding is two steps so that callers can size their arrays first: {@link #scan} finds the terminator
 * and counts the metadata varints, {@link #decodeInto} reads the segments into the caller's arrays.
 */
final class KeyPathDecoder {
    private KeyPathDecoder() {}

    /**
     * Checks the bounds, finds the terminator and counts the segments. Returns the terminator's index in the
     * high 32 bits and the segment count in the low 32 bits.
     */
    static long scan(byte[] src, int off, int len) {
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
        // walking back to the last 0x00, count the metadata bytes that end a varint (high bit clear)
        int terminator = end - 1;
        int count = 0;
        while (terminator >= off && src[terminator] != KeyEncoding.TERMINATOR) {
            count += ~src[terminator] >>> 31;
            terminator--;
        }
        if (terminator < off) {
            throw KeyPathFormatException.inBytes("no 0x00 terminator", len);
        }
        if (src[end - 1] < 0) {
            throw KeyPathFormatException.inBytes("truncated metadata varint", len - 1);
        }
        if (count == 0 && terminator != off) {
            throw KeyPathFormatException.inBytes("segments without metadata", 0);
        }
        return ((long) terminator << 32) | count;
    }

    static int terminator(long scan) {
        return (int) (scan >>> 32);
    }

    static int segmentCount(long scan) {
        return (int) scan;
    }

    /**
     * Decodes the key {@link #scan} accepted into {@code namespaces} and {@code ids} from index
     * {@code at}: one element per namespace segment, with a null id when the last has none.
     */
    static void decodeInto(byte[] src, int off, int len, long scan, Namespace[] namespaces, KeyId[] ids, int at) {
        int terminator = terminator(scan);
        int count = segmentCount(scan);
        int end = off + len;
        int meta = terminator + 1;
        int seg = off;
        for (int s = 0; s < count; s++) {
            int metaStart = meta;
            int value = src[meta];
            if (value >= 0) {
                meta++;
            } else {
                long read = Varint.read(src, meta, end, off);
                meta = (int) (read >>> 32);
                value = (int) read;
            }
            int type = value & KeyEncoding.TYPE_MASK;
            int length = value >>> KeyEncoding.TYPE_BITS;
            if (length == 0) {
                throw KeyPathFormatException.inBytes("metadata declares an empty segment", metaStart - off);
            }
            if (length > terminator - seg) {
                throw KeyPathFormatException.inBytes("segment " + (s + 1) + " runs past the terminator", seg - off);
            }
            int element = at + (s >>> 1);
            if ((s & 1) == 0) {
                if (type != KeyEncoding.TYPE_STRING) {
                    throw KeyPathFormatException.inBytes("namespace segment has type " + type + ", not string", metaStart - off);
                }
                namespaces[element] = Namespace.ofEncoded(src, seg, length, off);
            } else {
                ids[element] = decodeId(src, seg, length, type, off, metaStart);
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
    }

    private static KeyId decodeId(byte[] src, int off, int len, int type, int base, int metaStart) {
        switch (type) {
            case KeyEncoding.TYPE_INTEGER:
                return IntegerId.decode(src, off, len, base);
            case KeyEncoding.TYPE_BYTES:
                return BytesId.decode(src, off, len, base);
            case KeyEncoding.TYPE_STRING:
                return StringId.decode(src, off, len, base);
            default:
                throw KeyPathFormatException.inBytes("unknown segment type " + type, metaStart - base);
        }
    }
}
