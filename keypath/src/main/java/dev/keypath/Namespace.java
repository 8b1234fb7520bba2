package dev.keypath;

import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * A namespace, the name half of a key-path element, in one place: its rule ({@code [A-Za-z_][A-Za-z0-9_]*}),
 * the checked value a path holds, and the shared instances that keep decoding, parsing and building paths from
 * allocating one per element. Two namespaces are equal when their names are.
 *
 * <p>The value holds the name, its ASCII bytes and, for names of up to eight bytes, those bytes as one
 * little-endian long, so the encoder writes it with a single store.
 *
 * <p>The shared instances live in a small direct-mapped table: a slot holds the last namespace that hashed to
 * it. Namespaces are immutable and safely published through their final fields, so a race only costs a miss
 * and the table needs no locking. Names of up to eight bytes (most of them) hash from their bytes as one
 * little-endian long, so a hit from a key costs one eight-byte read, a multiply for the slot and one
 * comparison.
 */
final class Namespace {
    private static final byte START = 1;
    private static final byte PART = 2;
    private static final byte[] CLASSES = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean digit = c >= '0' && c <= '9';
            CLASSES[c] = (byte) ((letter ? START | PART : 0) | (digit ? PART : 0));
        }
    }

    private static final VarHandle LONGS = LongViews.LITTLE_ENDIAN;
    private static final int SLOT_BITS = 9;
    private static final int SIZE = 1 << SLOT_BITS;
    private static final int MAX_CACHED_LENGTH = 32;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final Namespace[] SLOTS = new Namespace[SIZE];
    /** The same namespaces, slotted by {@link String#hashCode()} for lookups by name. */
    private static final Namespace[] BY_NAME = new Namespace[SIZE];

    private final String name;
    private final byte[] ascii;
    /** The byte length, kept beside {@link #word} so a cache hit reads one object only. */
    private final int length;
    private final long word;

    private Namespace(String checkedName) {
        this.name = checkedName;
        this.ascii = checkedName.getBytes(StandardCharsets.ISO_8859_1);
        this.length = ascii.length;
        this.word = length <= Long.BYTES ? LongViews.littleEndianPrefix(ascii, 0, length) : 0;
    }

    // ---- the rule

    static boolean isStart(int c) {
        return c >= 0 && c < 128 && (CLASSES[c] & START) != 0;
    }

    static boolean isPart(int c) {
        return c >= 0 && c < 128 && (CLASSES[c] & PART) != 0;
    }

    /** Index of the first character that breaks the rule, 0 for null or empty, or -1 if valid. */
    static int firstInvalid(String name) {
        if (name == null || name.isEmpty() || !isStart(name.charAt(0))) {
            return 0;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!isPart(name.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** {@code name} itself if it follows the rule; otherwise a {@link KeyPathFormatException} naming the character. */
    static String checkedName(String name) {
        int bad = firstInvalid(name);
        if (bad >= 0) {
            throw KeyPathFormatException.inText(problem(name, bad), name == null ? "" : name, bad);
        }
        return name;
    }

    /** Why {@code name} breaks the rule at {@code index}, as {@link #firstInvalid} found it. */
    private static String problem(String name, int index) {
        if (name == null || name.isEmpty()) {
            return "empty namespace";
        }
        return index == 0
                ? "namespace must start with a letter or '_', not " + KeyPathFormatException.describe(name.charAt(0))
                : "invalid character " + KeyPathFormatException.describe(name.charAt(index)) + " in namespace";
    }

    // ---- the shared instances

    /**
     * The namespace named {@code name}; an invalid name is a {@link KeyPathFormatException} naming the
     * character. Names given as Strings (usually literals) are looked up by their cached hash code first.
     */
    static Namespace of(String name) {
        if (name == null) {
            checkedName(null);
        }
        int byName = name.hashCode() & (SIZE - 1);
        Namespace known = BY_NAME[byName];
        if (known != null && (known.name == name || known.name.equals(name))) {
            return known;
        }
        Namespace namespace = of(checkedName(name), 0, name.length());
        if (namespace.length <= MAX_CACHED_LENGTH) {
            BY_NAME[byName] = namespace;
        }
        return namespace;
    }

    /** The namespace spelled by {@code text[start, end)}, which the caller has checked. */
    static Namespace of(String text, int start, int end) {
        int slot = slot(text, start, end);
        Namespace cached = SLOTS[slot];
        if (cached != null && cached.matches(text, start, end - start)) {
            return cached;
        }
        return remember(slot, new Namespace(text.substring(start, end)));
    }

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
        if (cached != null && cached.length == len
                && (len <= Long.BYTES ? cached.word == word : cached.matches(src, off, len))) {
            return cached;
        }
        if (!isStart(src[off])) {
            throw KeyPathFormatException.inBytes("namespace must start with a letter or '_'", off - base);
        }
        for (int i = off + 1, end = off + len; i < end; i++) {
            if (!isPart(src[i])) {
                throw KeyPathFormatException.inBytes("invalid byte in namespace", i - base);
            }
        }
        return remember(slot, new Namespace(new String(src, off, len, StandardCharsets.ISO_8859_1)));
    }

    private static Namespace remember(int slot, Namespace namespace) {
        if (namespace.length <= MAX_CACHED_LENGTH) {
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

    // ---- the value

    String name() {
        return name;
    }

    int length() {
        return length;
    }

    /** Whether the name is the {@code len} bytes at {@code off} of {@code src}. */
    private boolean matches(byte[] src, int off, int len) {
        if (length != len) {
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
    private boolean matches(String text, int start, int len) {
        return name.length() == len && name.regionMatches(0, text, start, len);
    }

    /**
     * Writes the name at {@code off} and returns the offset after it. Bytes up to {@code limit} are free
     * scratch (the caller writes them later), so a short name is written with one eight-byte store.
     */
    int writeTo(byte[] dst, int off, int limit) {
        int n = length;
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
