package dev.keypath;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * A checked namespace as a key path holds it: the name, its ASCII bytes and, for names of up to eight
 * bytes, those bytes as one little-endian long, so the encoder writes it with a single store. Instances
 * are shared through {@link NamespaceCache}; two are equal when their names are.
 */
final class Namespace {
    private static final VarHandle LONGS = LongViews.LITTLE_ENDIAN;

    private final String name;
    private final byte[] ascii;
    /** The byte length, kept beside {@link #word} so a cache hit reads one object only. */
    private final int length;
    private final long word;

    private Namespace(String name, byte[] ascii, long word) {
        this.name = name;
        this.ascii = ascii;
        this.length = ascii.length;
        this.word = word;
    }

    /** A namespace whose name the caller has checked; {@code word} is its bytes as {@link #word(byte[])} makes them. */
    static Namespace trusted(String name) {
        byte[] ascii = name.getBytes(StandardCharsets.ISO_8859_1);
        return new Namespace(name, ascii, word(ascii));
    }

    /** The first eight (or fewer) bytes of {@code ascii} as a little-endian long, the rest zero. */
    static long word(byte[] ascii) {
        return ascii.length <= Long.BYTES ? LongViews.littleEndianPrefix(ascii, 0, ascii.length) : 0;
    }

    String name() {
        return name;
    }

    int length() {
        return length;
    }

    /** The name's bytes as one long; meaningful for names of up to eight bytes. */
    long word() {
        return word;
    }

    /** Whether the name is the {@code len} bytes at {@code off} of {@code src}. */
    boolean matches(byte[] src, int off, int len) {
        if (ascii.length != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (ascii[i] != src[off + i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the name is the characters {@code text[start, start + len)}. */
    boolean matches(String text, int start, int len) {
        return name.length() == len && name.regionMatches(0, text, start, len);
    }

    /**
     * Writes the name at {@code off} and returns the offset after it. Bytes up to {@code limit} are free
     * scratch (the caller writes them later), so a short name is written with one eight-byte store.
     */
    int writeTo(byte[] dst, int off, int limit) {
        int n = ascii.length;
        if (n <= Long.BYTES && off + Long.BYTES <= limit) {
            LONGS.set(dst, off, word);
        } else {
            System.arraycopy(ascii, 0, dst, off, n);
        }
        return off + n;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Namespace other && name.equals(other.name));
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
