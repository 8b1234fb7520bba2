package dev.keypath.test.capacity;

import java.util.HexFormat;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One partition key value of a table or of a global secondary index: the unit DynamoDB's per-partition limits apply
 * to.
 *
 * @param table the table's name
 * @param index the global secondary index's name, or {@code ""} for the table itself (and its local indexes, which
 *              share the table's partitions)
 * @param key   the partition key value: lower-case hex of a binary key, the text of a string or number key
 */
public record PartitionId(String table, String index, String key) {
    /** Checks that no part is null. */
    public PartitionId {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(key, "key");
    }

    /** The partition of a binary partition key value {@code key} of {@code table}, as keypath stores {@code pk}. */
    public static PartitionId ofTable(String table, byte[] key) {
        return new PartitionId(table, "", HexFormat.of().formatHex(key));
    }

    /** The partition of {@code value} in {@code table}'s index {@code index} ({@code ""}: the table). */
    static PartitionId of(String table, String index, AttributeValue value) {
        String key = switch (value.type()) {
            case B -> HexFormat.of().formatHex(value.b().asByteArrayUnsafe());
            case S -> value.s();
            case N -> value.n();
            default -> throw new IllegalArgumentException("a partition key value is B, S or N, not " + value.type());
        };
        return new PartitionId(table, index, key);
    }

    /** Whether this is a partition of a global secondary index rather than of the table. */
    public boolean isIndex() {
        return !index.isEmpty();
    }

    /** The partition key as bytes when it is a binary key (the hex decoded). */
    public byte[] keyBytes() {
        return HexFormat.of().parseHex(key);
    }

    /** Short form for messages: {@code table[/index]:key}. */
    @Override
    public String toString() {
        return table + (isIndex() ? "/" + index : "") + ":" + key;
    }
}
