package dev.keypath.spark;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TypeDescription;

/** What the driver checks before a typed write sends anything. Stateless. */
final class WriteChecks {
    private WriteChecks() {
    }

    /**
     * Checks that the table batch-writes items of {@code type}.
     *
     * @throws IllegalArgumentException naming the type and the reason when it does not: a version field (a batch
     *     cannot check versions) or unique key paths (their alias items need a transaction per item)
     */
    static void checkBatchWritable(KeyPathTable table, Class<?> type) {
        ItemSchema<?> schema = table.schema(type);
        TypeDescription d = table.description().type(schema.typeName()).orElseThrow();
        if (d.roles().containsKey("version")) {
            throw new IllegalArgumentException(type.getSimpleName() + " has a version field, and a batch write cannot "
                    + "check versions: the table refuses batch writes of it");
        }
        if (!d.uniqueKeyPaths().isEmpty()) {
            throw new IllegalArgumentException(type.getSimpleName() + " has unique key paths " + d.uniqueKeyPaths()
                    + ", whose alias items need a transaction per item: the table refuses batch writes of it");
        }
    }
}
