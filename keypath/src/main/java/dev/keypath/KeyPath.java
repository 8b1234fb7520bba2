package dev.keypath;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
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

    /** Namespace of each element, index 0 being the partition element. */
    private final Namespace[] namespaces;
    /** Id of each element; null only for an id-less last element. */
    private final KeyId[] ids;
    private final int encodedLength;
    private final int sectionLength;
    /** Lazily cached encoding for comparisons; racy but safe, like String's hash. */
    private byte[] sortBytes;
    private int hash;

    private KeyPath(Namespace[] namespaces, KeyId[] ids, long layout) {
        this(namespaces, ids, KeyPathEncoder.length(layout), KeyPathEncoder.sectionLength(layout));
    }

    private KeyPath(Namespace[] namespaces, KeyId[] ids, int encodedLength, int sectionLength) {
        this.namespaces = namespaces;
        this.ids = ids;
        this.encodedLength = encodedLength;
        this.sectionLength = sectionLength;
    }

    /**
     * Wraps parallel arrays that already satisfy the path rules (checked namespaces, at least one
     * element, an id on every element but possibly the last); the arrays are not copied.
     */
    static KeyPath ofTrusted(Namespace[] namespaces, KeyId[] ids) {
        return new KeyPath(namespaces, ids, KeyPathEncoder.layout(namespaces, ids, 0, namespaces.length));
    }

    /** A path of the given elements, checked against the path rules. */
    public static KeyPath of(List<PathElement> elements) {
        int n = elements.size();
        if (n == 0) {
            throw KeyPathFormatException.inValue("a key path needs at least one element", elements, 0);
        }
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        for (int i = 0; i < n; i++) {
            PathElement e = elements.get(i);
            if (e == null) {
                throw KeyPathFormatException.inValue("element " + i + " is null", elements, i);
            }
            if (!e.hasId() && i < n - 1) {
                throw KeyPathFormatException.inValue("element " + i + " (" + e.namespace()
                        + ") has no id but is not the last element", elements, i);
            }
            namespaces[i] = Namespace.of(e.namespace());
            ids[i] = e.id();
        }
        if (ids[0] == null) {
            throw KeyPathFormatException.inValue("the first element (" + namespaces[0] + ") needs an id", elements, 0);
        }
        return ofTrusted(namespaces, ids);
    }

    /** A one-element path {@code /namespace-id}. */
    public static KeyPath of(String namespace, KeyId id) {
        if (id == null) {
            throw KeyPathFormatException.inValue("the first element (" + namespace + ") needs an id", namespace, 0);
        }
        return ofTrusted(new Namespace[] {Namespace.of(namespace)}, new KeyId[] {id});
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
            throw KeyPathFormatException.inValue("id of " + namespace + " must not be null; use then(namespace) for an "
                    + "id-less last element", namespace, 0);
        }
        return append(namespace, id);
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
        return append(namespace, null);
    }

    private KeyPath append(String namespace, KeyId id) {
        Namespace checked = Namespace.of(namespace);
        int n = namespaces.length;
        if (ids[n - 1] == null) {
            throw new IllegalStateException("cannot append to " + this + ": its last element has no id");
        }
        Namespace[] nextNamespaces = Arrays.copyOf(namespaces, n + 1);
        KeyId[] nextIds = Arrays.copyOf(ids, n + 1);
        nextNamespaces[n] = checked;
        nextIds[n] = id;
        long layout = ((long) sectionLength << 32) | (encodedLength - sectionLength);
        return new KeyPath(nextNamespaces, nextIds, KeyPathEncoder.extend(layout, checked, id));
    }

    /**
     * Parses the text form. Integer ids are {@code 0|-?[1-9][0-9]*}; a UUID in any case is a 16-byte
     * bytes id; {@code ~} plus unpadded URL-safe base64 is a bytes id; anything else is a string in which
     * {@code %} escapes the next character. See docs/FORMAT.md.
     *
     * @throws KeyPathFormatException naming the problem and its character position
     */
    public static KeyPath parse(CharSequence text) {
        PathBuilder builder = new PathBuilder();
        KeyPathParser.parsePath(text, builder);
        return builder.build();
    }

    /**
     * The whole key of the path spelled by {@code text}, in one pass over the text without building the
     * path: the same bytes as {@code parse(text).encode()} and the same errors, for callers that hold a
     * path as text and only need its key.
     *
     * @throws KeyPathFormatException naming the problem and its character position
     */
    public static byte[] encodeText(CharSequence text) {
        TextKeyWriter writer = new TextKeyWriter(text);
        KeyPathParser.parsePath(text, writer);
        return writer.toKey();
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
        long scan = KeyPathDecoder.scan(key, offset, length);
        int segments = KeyPathDecoder.segmentCount(scan);
        int n = (segments + 1) >>> 1;
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        KeyPathDecoder.decodeInto(key, offset, length, scan, namespaces, ids, 0);
        if (segments < 2) {
            throw KeyPathFormatException.inBytes(segments == 0
                    ? "a whole key needs at least one element" : "the first element needs an id", 0);
        }
        return new KeyPath(namespaces, ids, length, KeyPathDecoder.terminator(scan) - offset + 1);
    }

    /**
     * Joins a DynamoDB partition key and sort key made by {@link #partitionKey()} and {@link #sortKey()}.
     *
     * @throws KeyPathFormatException if either is malformed (the message says which)
     */
    public static KeyPath decode(byte[] partitionKey, byte[] sortKey) {
        int pkLength = partitionKey == null ? 0 : partitionKey.length;
        int skLength = sortKey == null ? 0 : sortKey.length;
        long pkScan;
        long skScan;
        try {
            pkScan = KeyPathDecoder.scan(partitionKey, 0, pkLength);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("partition key: " + e.reason(), e.position());
        }
        int pkSegments = KeyPathDecoder.segmentCount(pkScan);
        if (pkSegments != 2) {
            int pkElements = (pkSegments + 1) >>> 1;
            try {
                KeyPathDecoder.decodeInto(partitionKey, 0, pkLength, pkScan, new Namespace[pkElements], new KeyId[pkElements], 0);
            } catch (KeyPathFormatException e) {
                throw KeyPathFormatException.inBytes("partition key: " + e.reason(), e.position());
            }
            throw KeyPathFormatException.inBytes("partition key must hold exactly one element with an id", 0);
        }
        try {
            skScan = KeyPathDecoder.scan(sortKey, 0, skLength);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("sort key: " + e.reason(), e.position());
        }
        int n = 1 + ((KeyPathDecoder.segmentCount(skScan) + 1) >>> 1);
        Namespace[] namespaces = new Namespace[n];
        KeyId[] ids = new KeyId[n];
        try {
            KeyPathDecoder.decodeInto(partitionKey, 0, pkLength, pkScan, namespaces, ids, 0);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("partition key: " + e.reason(), e.position());
        }
        try {
            KeyPathDecoder.decodeInto(sortKey, 0, skLength, skScan, namespaces, ids, 1);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("sort key: " + e.reason(), e.position());
        }
        return ofTrusted(namespaces, ids);
    }

    /** Number of elements (at least one). */
    public int size() {
        return namespaces.length;
    }

    /** The element at {@code index}, 0 being the partition element. */
    public PathElement element(int index) {
        return PathElement.trusted(namespaces[index].name(), ids[index]);
    }

    /** The namespace of the element at {@code index}, without building the element. */
    public String namespace(int index) {
        return namespaces[index].name();
    }

    /** The id of the element at {@code index}, or null when it has none (only the last element may not). */
    public KeyId id(int index) {
        return ids[index];
    }

    /** All elements, as an unmodifiable list. */
    public List<PathElement> elements() {
        PathElement[] all = new PathElement[namespaces.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = element(i);
        }
        return List.of(all);
    }

    /** The first element, which becomes the DynamoDB partition key. */
    public PathElement first() {
        return element(0);
    }

    /** The last element. */
    public PathElement last() {
        return element(namespaces.length - 1);
    }

    /** The id of the last element, or empty when it has none. */
    public Optional<KeyId> lastId() {
        return Optional.ofNullable(ids[ids.length - 1]);
    }

    /** The path without its last element; empty for a one-element path. */
    public Optional<KeyPath> parent() {
        return namespaces.length == 1 ? Optional.empty() : Optional.of(prefix(namespaces.length - 1));
    }

    /** The first {@code elementCount} elements (1 .. size()). */
    public KeyPath prefix(int elementCount) {
        if (elementCount < 1 || elementCount > namespaces.length) {
            throw new IndexOutOfBoundsException("prefix of " + elementCount + " elements of a " + namespaces.length + "-element path");
        }
        return elementCount == namespaces.length ? this
                : ofTrusted(Arrays.copyOf(namespaces, elementCount), Arrays.copyOf(ids, elementCount));
    }

    /**
     * Whether {@code prefix} is this path or one of its ancestors. A prefix whose last element has no id
     * names a collection and matches any element with that namespace at that position, so
     * {@code /user-1/post} is a prefix of {@code /user-1/post-9/comment-2}.
     */
    public boolean startsWith(KeyPath prefix) {
        int n = prefix.namespaces.length;
        if (n > namespaces.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!namespaces[i].equals(prefix.namespaces[i])) {
                return false;
            }
        }
        for (int i = 0; i < n - 1; i++) {
            if (!Objects.equals(ids[i], prefix.ids[i])) {
                return false;
            }
        }
        KeyId theirs = prefix.ids[n - 1];
        return theirs == null || theirs.equals(ids[n - 1]);
    }

    /** Whether the first elements of this path are the partition element of {@code other}. */
    boolean samePartition(KeyPath other) {
        return namespaces[0].equals(other.namespaces[0]) && ids[0].equals(other.ids[0]);
    }

    /** The whole key: segments, separators, terminator and metadata. */
    public byte[] encode() {
        byte[] out = new byte[encodedLength];
        KeyPathEncoder.write(namespaces, ids, 0, namespaces.length, sectionLength, out, 0);
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
        return KeyPathEncoder.write(namespaces, ids, 0, namespaces.length, sectionLength, dst, offset);
    }

    /** DynamoDB partition key: the encoding of the first element alone. */
    public byte[] partitionKey() {
        return KeyPathEncoder.encode(namespaces, ids, 0, 1);
    }

    /** DynamoDB sort key: the encoding of the remaining elements; {@code 00} for a one-element path. */
    public byte[] sortKey() {
        return KeyPathEncoder.encode(namespaces, ids, 1, namespaces.length);
    }

    /**
     * The segment section of elements {@code [from, size())} without terminator or metadata: every key of
     * a descendant starts with these bytes followed by the separator.
     */
    byte[] segmentSection(int from) {
        return KeyPathEncoder.segmentSection(namespaces, ids, from, namespaces.length);
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
        return o instanceof KeyPath other && Arrays.equals(namespaces, other.namespaces) && Arrays.equals(ids, other.ids);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(namespaces) * 31 + Arrays.hashCode(ids);
            hash = h;
        }
        return h;
    }

    /** The canonical text form; {@code parse(toString())} equals this path. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(encodedLength + 8 * namespaces.length + 16);
        for (int i = 0; i < namespaces.length; i++) {
            KeyPathFormatter.appendElement(sb, namespaces[i].name(), ids[i]);
        }
        return sb.toString();
    }
}
