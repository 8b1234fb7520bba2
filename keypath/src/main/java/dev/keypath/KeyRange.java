package dev.keypath;

import java.util.Arrays;

/**
 * The sort-key bounds of a DynamoDB query over one partition: either a subtree (a path and all its
 * descendants) or the inclusive span between two paths. {@link #lowerSortKey()} and
 * {@link #upperSortKey()} are inclusive, for {@code sk BETWEEN :lower AND :upper}.
 *
 * <p>The byte bounds never miss a path that belongs to the range. Because segment bytes do not carry
 * their type, they can admit extra paths whose ids have another type but the same bytes at the same
 * position (a string id "ab" and a bytes id 0x6162): decode every returned key and keep only those for
 * which {@link #contains} is true. Instances are immutable and thread-safe.
 */
public final class KeyRange {
    /** Above every namespace byte ([A-Za-z0-9_] tops out at 'z'), so it caps the children of an element with an id. */
    private static final byte ABOVE_NAMESPACES = 'z' + 1;

    private final KeyPath from;
    private final KeyPath to;
    private final boolean subtree;
    private final byte[] partitionKey;
    private final byte[] lower;
    private final byte[] upper;

    private KeyRange(KeyPath from, KeyPath to, boolean subtree, byte[] lower, byte[] upper) {
        this.from = from;
        this.to = to;
        this.subtree = subtree;
        this.partitionKey = from.partitionKey();
        this.lower = lower;
        this.upper = upper;
    }

    /**
     * {@code prefix} and every path below it. A prefix whose last element has no id, such as
     * {@code /user-1/post}, selects the whole collection: {@code /user-1/post-5}, its descendants, and
     * {@code /user-1/post} itself.
     */
    public static KeyRange subtree(KeyPath prefix) {
        if (prefix.size() == 1) {
            return new KeyRange(prefix, prefix, true, null, null);
        }
        byte[] section = prefix.segmentSection(1);
        byte[] lower = Arrays.copyOf(section, section.length + 1);
        lower[section.length] = KeyEncoding.TERMINATOR;
        byte[] upper;
        if (prefix.id(prefix.size() - 1) != null) {
            upper = Arrays.copyOf(section, section.length + 2);
            upper[section.length] = KeyEncoding.SEPARATOR;
            upper[section.length + 1] = ABOVE_NAMESPACES;
        } else {
            // ids after the namespace may start with any byte; pad to the longest sort key DynamoDB stores
            upper = new byte[Math.max(KeyEncoding.MAX_SORT_KEY_BYTES, section.length + 2)];
            Arrays.fill(upper, (byte) 0xFF);
            System.arraycopy(section, 0, upper, 0, section.length);
            upper[section.length] = KeyEncoding.SEPARATOR;
        }
        return new KeyRange(prefix, prefix, true, lower, upper);
    }

    /**
     * Every path {@code p} of the partition with {@code from <= p <= to} in {@link KeyPath} order. Both
     * paths must share their first element, and {@code from} must not sort after {@code to}.
     */
    public static KeyRange between(KeyPath from, KeyPath to) {
        if (!from.samePartition(to)) {
            throw KeyPathFormatException.inValue("range ends " + from + " and " + to + " are in different partitions", to, 0);
        }
        if (from.compareTo(to) > 0) {
            throw KeyPathFormatException.inValue("range start " + from + " sorts after its end " + to, from, 0);
        }
        return new KeyRange(from, to, false, from.sortKey(), to.sortKey());
    }

    /** The partition key every path of the range has. */
    public byte[] partitionKey() {
        return partitionKey.clone();
    }

    /** False when the range is a whole partition and the query needs no sort-key condition. */
    public boolean hasSortKeyCondition() {
        return lower != null;
    }

    /** Inclusive lower sort-key bound; only when {@link #hasSortKeyCondition()}. */
    public byte[] lowerSortKey() {
        return bound(lower);
    }

    /** Inclusive upper sort-key bound; only when {@link #hasSortKeyCondition()}. */
    public byte[] upperSortKey() {
        return bound(upper);
    }

    private static byte[] bound(byte[] b) {
        if (b == null) {
            throw new IllegalStateException("a whole-partition range has no sort-key bounds");
        }
        return b.clone();
    }

    /** Whether the range is a subtree (as opposed to a span between two paths). */
    public boolean isSubtree() {
        return subtree;
    }

    /** The subtree's prefix, or the span's first path. */
    public KeyPath from() {
        return from;
    }

    /** The subtree's prefix, or the span's last path. */
    public KeyPath to() {
        return to;
    }

    /** Exactly whether {@code path} belongs to this range. */
    public boolean contains(KeyPath path) {
        if (subtree) {
            return path.startsWith(from);
        }
        return path.samePartition(from) && from.compareTo(path) <= 0 && path.compareTo(to) <= 0;
    }

    @Override
    public String toString() {
        return subtree ? "subtree " + from : "between " + from + " and " + to;
    }
}
