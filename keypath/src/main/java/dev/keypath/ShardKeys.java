package dev.keypath;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The shard format (docs/FORMAT.md, section 14): where a shard number goes in a partition key, and how a calculated
 * shard follows from ids. Only the partition key carries the shard; the sort key and the key path are those of the
 * unsharded item.
 *
 * <p>A sharded partition key is the unsharded one with a third segment of type {@link KeyEncoding#TYPE_SHARD}: the
 * shard number in two big-endian bytes, before the terminator, and its metadata byte {@code 0x13} at the end:
 * <pre>
 * namespace 01 id 01 shard-hi shard-lo 00 meta(namespace) meta(id) 13
 * </pre>
 * A key path never holds a type-3 segment, so {@link KeyPath#decode(byte[])} refuses a sharded key and a sharded
 * partition key never equals an unsharded one.
 *
 * <p>A calculated shard is the first 8 bytes of the SHA-256 of the named ids' segments (as written in a key,
 * escapes included) joined by {@code 01}, read as an unsigned big-endian integer, modulo the shard count.
 */
public final class ShardKeys {
    /** The most shards a partition can be spread over: shard numbers fit two bytes. */
    public static final int MAX_SHARDS = 1 << (8 * KeyEncoding.SHARD_BYTES);

    /** The metadata varint of a shard segment: its length, 2, and type 3. */
    private static final byte SHARD_METADATA =
            (byte) ((KeyEncoding.SHARD_BYTES << KeyEncoding.TYPE_BITS) | KeyEncoding.TYPE_SHARD);
    /** Bytes a shard adds to a partition key: separator, the two shard bytes, the metadata byte. */
    private static final int SHARD_OVERHEAD = 1 + KeyEncoding.SHARD_BYTES + 1;

    private ShardKeys() {
    }

    /**
     * The calculated shard of {@code ids} among {@code count} shards.
     *
     * @throws IllegalArgumentException if {@code count} is not 1 … {@value #MAX_SHARDS} or {@code ids} is empty
     */
    public static int calculatedShard(int count, List<KeyId> ids) {
        checkCount(count);
        byte[] digest = sha256(hashInput(ids));
        long first8 = 0;
        for (int i = 0; i < 8; i++) {
            first8 = (first8 << 8) | (digest[i] & 0xFF);
        }
        return (int) Long.remainderUnsigned(first8, count);
    }

    /** What a calculated shard hashes: each id's segment bytes as a key writes them, joined by the separator. */
    static byte[] hashInput(List<KeyId> ids) {
        Objects.requireNonNull(ids, "ids");
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("a calculated shard needs at least one id");
        }
        int length = ids.size() - 1;
        for (KeyId id : ids) {
            length += Objects.requireNonNull(id, "id").encodedLength();
        }
        byte[] input = new byte[length];
        int at = 0;
        for (KeyId id : ids) {
            if (at > 0) {
                input[at++] = KeyEncoding.SEPARATOR;
            }
            at = id.encodeTo(input, at);
        }
        return input;
    }

    /**
     * The partition key of {@code path}'s first element in shard {@code shard}.
     *
     * @throws IllegalArgumentException if {@code shard} is not 0 … {@value #MAX_SHARDS} − 1
     */
    public static byte[] encode(KeyPath path, int shard) {
        return insert(path.partitionKey(), shard);
    }

    /**
     * The sharded form of the unsharded partition key {@code partitionKey}.
     *
     * @throws KeyPathFormatException   if {@code partitionKey} is not the key of one element with an id
     * @throws IllegalArgumentException if {@code shard} is not 0 … {@value #MAX_SHARDS} − 1
     */
    public static byte[] encode(byte[] partitionKey, int shard) {
        KeyPath partition = KeyPath.decode(partitionKey);
        if (partition.size() != 1) {
            throw KeyPathFormatException.inBytes("a partition key holds one element, not " + partition.size(), 0);
        }
        return insert(partitionKey, shard);
    }

    /**
     * Reads a partition key, sharded or not: its element and its shard. Accepts exactly what {@link #encode} and
     * {@link KeyPath#partitionKey()} write.
     *
     * @throws KeyPathFormatException naming the problem and its offset, for anything else
     */
    public static ShardedPartition decode(byte[] partitionKey) {
        if (!isSharded(partitionKey)) {
            return new ShardedPartition(onePartition(KeyPath.decode(partitionKey), 0), OptionalInt.empty());
        }
        int end = partitionKey.length;
        int terminator = lastZero(partitionKey);
        int shardAt = terminator - KeyEncoding.SHARD_BYTES;
        if (shardAt - 1 < 0 || partitionKey[shardAt - 1] != KeyEncoding.SEPARATOR) {
            throw KeyPathFormatException.inBytes("expected separator 0x01 before the shard", Math.max(0, shardAt - 1));
        }
        byte[] unsharded = new byte[end - SHARD_OVERHEAD];
        System.arraycopy(partitionKey, 0, unsharded, 0, shardAt - 1);
        System.arraycopy(partitionKey, terminator, unsharded, shardAt - 1, end - 1 - terminator);
        KeyPath partition;
        try {
            partition = KeyPath.decode(unsharded);
        } catch (KeyPathFormatException e) {
            throw KeyPathFormatException.inBytes("sharded partition key: " + e.reason(), e.position());
        }
        int shard = ((partitionKey[shardAt] & 0xFF) << 8) | (partitionKey[shardAt + 1] & 0xFF);
        return new ShardedPartition(onePartition(partition, 0), OptionalInt.of(shard));
    }

    /** The key path of an item stored under {@code partitionKey}, sharded or not, and {@code sortKey}. */
    public static KeyPath keyPath(byte[] partitionKey, byte[] sortKey) {
        if (!isSharded(partitionKey)) {
            return KeyPath.decode(partitionKey, sortKey);
        }
        return KeyPath.decode(decode(partitionKey).partition().partitionKey(), sortKey);
    }

    /**
     * Whether {@code partitionKey}'s last metadata varint is a shard's: the byte {@code 0x13} on its own, not the last
     * byte of a longer varint. A sharded key if it is well-formed ({@link #decode} checks the rest).
     */
    public static boolean isSharded(byte[] partitionKey) {
        Objects.requireNonNull(partitionKey, "partitionKey");
        int n = partitionKey.length;
        return n >= 2 && partitionKey[n - 1] == SHARD_METADATA && partitionKey[n - 2] >= 0;
    }

    static void checkCount(int count) {
        if (count < 1 || count > MAX_SHARDS) {
            throw new IllegalArgumentException("a shard count is 1 … " + MAX_SHARDS + ", not " + count);
        }
    }

    private static byte[] insert(byte[] partitionKey, int shard) {
        if (shard < 0 || shard >= MAX_SHARDS) {
            throw new IllegalArgumentException("a shard number is 0 … " + (MAX_SHARDS - 1) + ", not " + shard);
        }
        int terminator = lastZero(partitionKey);
        byte[] out = Arrays.copyOf(partitionKey, partitionKey.length + SHARD_OVERHEAD);
        out[terminator] = KeyEncoding.SEPARATOR;
        out[terminator + 1] = (byte) (shard >>> 8);
        out[terminator + 2] = (byte) shard;
        System.arraycopy(partitionKey, terminator, out, terminator + 3, partitionKey.length - terminator);
        out[out.length - 1] = SHARD_METADATA;
        return out;
    }

    private static int lastZero(byte[] key) {
        for (int i = key.length - 1; i >= 0; i--) {
            if (key[i] == KeyEncoding.TERMINATOR) {
                return i;
            }
        }
        throw KeyPathFormatException.inBytes("no 0x00 terminator", key.length);
    }

    private static KeyPath onePartition(KeyPath path, int offset) {
        if (path.size() != 1) {
            throw KeyPathFormatException.inBytes("a partition key holds one element, not " + path.size(), offset);
        }
        return path;
    }

    private static byte[] sha256(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
