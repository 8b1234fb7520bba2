package dev.keypath;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * An immutable key path such as {@code /user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234}: a list of
 * {@code /namespace-id} elements naming one item in a hierarchy. Every element has an id except possibly
 * the last ({@code /user-7/settings}), and the first always has one.
 *
 * <p>A path encodes to a compact binary key whose unsigned byte order is the path's natural order
 * ({@link #compareTo}): integers numerically (negatives first), strings by code point, bytes and UUIDs
 * as unsigned bytes, and an ancestor before all its descendants. Ids of different types at the same
 * position sort in a deterministic but unspecified order. For DynamoDB the first element is the
 * partition key ({@link #partitionKey()}) and the rest the sort key ({@link #sortKey()}).
 *
 * <p>Build paths with {@code KeyPath.of("user", uuid).then("post", 1234)} or {@link #parse}; read them
 * back with {@link #decode}. Instances are thread-safe.
 */
public final class KeyPath implements Comparable<KeyPath> {

    private final PathElement[] elements;
    private final int encodedLength;
    private final int sectionLength;
    /** Lazily cached encoding for comparisons; racy but safe, like String's hash. */
    private byte[] sortBytes;
    private int hash;

    private KeyPath(PathElement[] elements) {
        this(elements, KeyPathEncoder.layout(elements, 0, elements.length));
    }

    private KeyPath(PathElement[] elements, long layout) {
        this.elements = elements;
        this.encodedLength = KeyPathEncoder.length(layout);
        this.sectionLength = KeyPathEncoder.sectionLength(layout);
    }

    /** For the decoder, which has just read the layout. */
    private KeyPath(PathElement[] elements, int encodedLength, int sectionLength) {
        this.elements = elements;
        this.encodedLength = encodedLength;
        this.sectionLength = sectionLength;
    }

    /** Wraps elements that already satisfy the path rules; the array is not copied. */
    static KeyPath ofTrusted(PathElement[] elements) {
        return new KeyPath(elements);
    }

    /** A path of the given elements, checked against the path rules. */
    public static KeyPath of(List<PathElement> elements) {
        PathElement[] array = elements.toArray(new PathElement[0]);
        if (array.length == 0) {
            throw new IllegalArgumentException("a key path needs at least one element");
        }
        for (int i = 0; i < array.length; i++) {
            if (array[i] == null) {
                throw new IllegalArgumentException("element " + i + " is null");
            }
            if (!array[i].hasId() && i < array.length - 1) {
                throw new IllegalArgumentException("element " + i + " (" + array[i].namespace()
                        + ") has no id but is not the last element");
            }
        }
        if (!array[0].hasId()) {
            throw new IllegalArgumentException("the first element (" + array[0].namespace() + ") needs an id");
        }
        return new KeyPath(array);
    }

    /** A one-element path {@code /namespace-id}. */
    public static KeyPath of(String namespace, KeyId id) {
        if (id == null) {
            throw new IllegalArgumentException("the first element (" + namespace + ") needs an id");
        }
        return new KeyPath(new PathElement[] {new PathElement(namespace, id)});
    }

    /** @see #of(String, KeyId) */
    public static KeyPath of(String namespace, long id) {
        return of(namespace, KeyId.of(id));
    }

    /** @see #of(String, KeyId) */
    public static KeyPath of(String namespace, String id) {
        return of(namespace, KeyId.of(id));
    }

    /** @see #of(String, KeyId) */
    public static KeyPath of(String namespace, UUID id) {
        return of(namespace, KeyId.of(id));
    }

    /** @see #of(String, KeyId) */
    public static KeyPath of(String namespace, byte[] id) {
        return of(namespace, KeyId.of(id));
    }

    /** @see #of(String, KeyId) */
    public static KeyPath of(String namespace, BigInteger id) {
        return of(namespace, KeyId.of(id));
    }

    /** This path with {@code /namespace-id} appended. This path's last element must have an id. */
    public KeyPath then(String namespace, KeyId id) {
        if (id == null) {
            throw new IllegalArgumentException("id of " + namespace + " must not be null; use then(namespace) for an id-less last element");
        }
        return append(new PathElement(namespace, id));
    }

    /** @see #then(String, KeyId) */
    public KeyPath then(String namespace, long id) {
        return then(namespace, KeyId.of(id));
    }

    /** @see #then(String, KeyId) */
    public KeyPath then(String namespace, String id) {
        return then(namespace, KeyId.of(id));
    }

    /** @see #then(String, KeyId) */
    public KeyPath then(String namespace, UUID id) {
        return then(namespace, KeyId.of(id));
    }

    /** @see #then(String, KeyId) */
    public KeyPath then(String namespace, byte[] id) {
        return then(namespace, KeyId.of(id));
    }

    /** @see #then(String, KeyId) */
    public KeyPath then(String namespace, BigInteger id) {
        return then(namespace, KeyId.of(id));
    }

    /**
     * This path with an id-less {@code /namespace} appended: a singleton such as {@code /user-7/settings},
     * or, as a prefix, the collection of all {@code namespace} children.
     */
    public KeyPath then(String namespace) {
        return append(new PathElement(namespace, null));
    }

    private KeyPath append(PathElement element) {
        if (!last().hasId()) {
            throw new IllegalStateException("cannot append to " + this + ": its last element has no id");
        }
        PathElement[] next = Arrays.copyOf(elements, elements.length + 1);
        next[elements.length] = element;
        long layout = ((long) sectionLength << 32) | (encodedLength - sectionLength);
        return new KeyPath(next, KeyPathEncoder.extend(layout, element));
    }

    /**
     * Parses the text form. Integer ids are {@code 0|-?[1-9][0-9]*}; a UUID in any case is a 16-byte
     * bytes id; {@code ~} plus unpadded URL-safe base64 is a bytes id; anything else is a string in which
     * {@code %} escapes the next character. See docs/FORMAT.md.
     *
     * @throws KeyPathFormatException naming the problem and its character position
     */
    public static KeyPath parse(CharSequence text) {
        return new KeyPath(KeyPathParser.parse(text));
    }

    /**
     * Decodes a whole key made by {@link #encode()}.
     *
     * @throws KeyPathFormatException for any input that is not a canonical encoding of a path
     */
    public static KeyPath decode(byte[] key) {
        return decode(key, 0, key == null ? 0 : key.length);
    }

    /** Decodes {@code length} bytes of {@code key} starting at {@code offset}. @see #decode(byte[]) */
    public static KeyPath decode(byte[] key, int offset, int length) {
        PathElement[] decoded = KeyPathDecoder.decode(key, offset, length);
        if (decoded.length == 0 || !decoded[0].hasId()) {
            throw KeyPathFormatException.inBytes(decoded.length == 0
                    ? "a whole key needs at least one element" : "the first element needs an id", 0);
        }
        return new KeyPath(decoded, length, KeyPathDecoder.terminatorIndex(key, offset, length) - offset + 1);
    }

    /**
     * Joins a DynamoDB partition key and sort key made by {@link #partitionKey()} and {@link #sortKey()}.
     *
     * @throws KeyPathFormatException if either is malformed (the message says which)
     */
    public static KeyPath decode(byte[] partitionKey, byte[] sortKey) {
        PathElement[] pk;
        try {
            pk = KeyPathDecoder.decode(partitionKey, 0, partitionKey == null ? 0 : partitionKey.length);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("partition key: " + e.reason(), e.position());
        }
        if (pk.length != 1 || !pk[0].hasId()) {
            throw KeyPathFormatException.inBytes("partition key must hold exactly one element with an id", 0);
        }
        PathElement[] sk;
        try {
            sk = KeyPathDecoder.decode(sortKey, 0, sortKey == null ? 0 : sortKey.length);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("sort key: " + e.reason(), e.position());
        }
        PathElement[] all = new PathElement[1 + sk.length];
        all[0] = pk[0];
        System.arraycopy(sk, 0, all, 1, sk.length);
        return new KeyPath(all);
    }

    /** Number of elements (at least one). */
    public int size() {
        return elements.length;
    }

    /** The element at {@code index}, 0 being the partition element. */
    public PathElement element(int index) {
        return elements[index];
    }

    /** All elements, as an unmodifiable list. */
    public List<PathElement> elements() {
        return List.of(elements);
    }

    /** The first element, which becomes the DynamoDB partition key. */
    public PathElement first() {
        return elements[0];
    }

    /** The last element. */
    public PathElement last() {
        return elements[elements.length - 1];
    }

    /** The id of the last element, or empty when it has none. */
    public Optional<KeyId> lastId() {
        return Optional.ofNullable(last().id());
    }

    /** The path without its last element; empty for a one-element path. */
    public Optional<KeyPath> parent() {
        return elements.length == 1 ? Optional.empty() : Optional.of(prefix(elements.length - 1));
    }

    /** The first {@code elementCount} elements (1 .. size()). */
    public KeyPath prefix(int elementCount) {
        if (elementCount < 1 || elementCount > elements.length) {
            throw new IndexOutOfBoundsException("prefix of " + elementCount + " elements of a " + elements.length + "-element path");
        }
        return elementCount == elements.length ? this : new KeyPath(Arrays.copyOf(elements, elementCount));
    }

    /**
     * Whether {@code prefix} is this path or one of its ancestors. A prefix whose last element has no id
     * names a collection and matches any element with that namespace at that position, so
     * {@code /user-1/post} is a prefix of {@code /user-1/post-9/comment-2}.
     */
    public boolean startsWith(KeyPath prefix) {
        int n = prefix.elements.length;
        if (n > elements.length) {
            return false;
        }
        for (int i = 0; i < n - 1; i++) {
            if (!elements[i].equals(prefix.elements[i])) {
                return false;
            }
        }
        PathElement mine = elements[n - 1];
        PathElement theirs = prefix.elements[n - 1];
        return theirs.hasId() ? mine.equals(theirs) : mine.namespace().equals(theirs.namespace());
    }

    /** The whole key: segments, separators, terminator and metadata. */
    public byte[] encode() {
        byte[] out = new byte[encodedLength];
        KeyPathEncoder.write(elements, 0, elements.length, sectionLength, out, 0);
        return out;
    }

    /** Length of {@link #encode()} in bytes. */
    public int encodedLength() {
        return encodedLength;
    }

    /**
     * Writes the whole key into {@code dst} at {@code offset} and returns the offset after it.
     *
     * @throws IndexOutOfBoundsException if fewer than {@link #encodedLength()} bytes are free there
     */
    public int encodeTo(byte[] dst, int offset) {
        if (offset < 0 || offset > dst.length - encodedLength) {
            throw new IndexOutOfBoundsException("need " + encodedLength + " bytes at offset " + offset
                    + " of a " + dst.length + "-byte buffer");
        }
        return KeyPathEncoder.write(elements, 0, elements.length, sectionLength, dst, offset);
    }

    /** DynamoDB partition key: the encoding of the first element alone. */
    public byte[] partitionKey() {
        return KeyPathEncoder.encode(elements, 0, 1);
    }

    /** DynamoDB sort key: the encoding of the remaining elements; {@code 00} for a one-element path. */
    public byte[] sortKey() {
        return KeyPathEncoder.encode(elements, 1, elements.length);
    }

    PathElement[] elementArray() {
        return elements;
    }

    byte[] sortBytes() {
        byte[] b = sortBytes;
        if (b == null) {
            b = encode();
            sortBytes = b;
        }
        return b;
    }

    /**
     * Orders paths exactly as DynamoDB orders their keys: by unsigned bytes of {@link #encode()}.
     * Strings therefore sort by code point (not by UTF-16 as {@link String#compareTo} does) and UUIDs as
     * unsigned bytes (not as {@link UUID#compareTo}, which compares signed longs).
     */
    @Override
    public int compareTo(KeyPath other) {
        return Arrays.compareUnsigned(sortBytes(), other.sortBytes());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyPath other && Arrays.equals(elements, other.elements);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(elements);
            hash = h;
        }
        return h;
    }

    /** The canonical text form; {@code parse(toString())} equals this path. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(encodedLength + 8 * elements.length + 16);
        for (PathElement e : elements) {
            KeyPathFormatter.appendElement(sb, e);
        }
        return sb.toString();
    }
}
