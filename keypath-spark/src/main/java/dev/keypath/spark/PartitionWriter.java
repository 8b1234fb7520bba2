package dev.keypath.spark;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TypeDescription;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.storage.StoredItemBatches;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.dynamodb.storage.StoredItemSizes;
import dev.keypath.export.ExportLines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One task's part of a {@link TableWrite}: each row made into the item it stands for and checked as the table would
 * check it (a row it cannot write is refused alone, with its reason), the items put in batches of at most 25 and of
 * at most the units one call of the task's budget share may reserve (one unit per started KB of each item), each
 * reserved before its call and settled with what DynamoDB reports. Typed rows go through the table's
 * {@link KeyPathTable#batchWrite} (its extensions and checks); untyped rows are put as stored
 * ({@link StoredItemBatches}). Puts replace the items of their keys, so writing a partition again writes the same
 * items. Not thread-safe: one per task.
 */
final class PartitionWriter implements AutoCloseable {
    private static final int ITEM_LIMIT = 400 * 1024;

    private final TableWrite write;
    private final WriteColumns columns;
    private final TaskBudget budget;
    private final KeyPathTable table;
    private final ItemSchema<?> schema;
    private final List<String> autoIds;
    private final StoredItemBatches stored;
    private final SideOutput refusals;
    private final List<Pending> pending = new ArrayList<>();
    private final List<String> examples = new ArrayList<>();
    private double pendingUnits;
    private double units;
    private double lastOperationUnits;
    private long written;
    private long refused;

    /** One row made into its item. */
    private record Pending(String keyPath, Object object, Map<String, AttributeValue> item, double units) {
    }

    PartitionWriter(TableWrite write, StructType schema, double share, int partition, HadoopFiles files) {
        this.write = write;
        this.budget = new TaskBudget(share);
        this.table = write.table().open(report -> lastOperationUnits += report.capacity().writeUnits());
        Class<?> type = write.typeName() == null ? null : TypeClasses.load(write.typeName());
        this.columns = WriteColumns.of(schema, type);
        this.schema = type == null ? null : table.schema(type);
        this.autoIds = type == null ? List.of() : autoIds(table, this.schema);
        this.stored = new StoredItemBatches(table.client(), dev.keypath.dynamodb.BatchPolicy.DEFAULT);
        this.refusals = write.refusalsDirectory() == null ? null
                : new SideOutput(files, write.refusalsDirectory(), partition);
    }

    /** The fields whose ids the table generates when unset. */
    static List<String> autoIds(KeyPathTable table, ItemSchema<?> schema) {
        TypeDescription d = table.description().type(schema.typeName()).orElseThrow();
        List<String> out = new ArrayList<>();
        d.roles().forEach((role, field) -> {
            if (role.startsWith("autoId.")) {
                out.add(role.substring("autoId.".length()));
            }
        });
        return out;
    }

    /** Makes {@code row} into its item, or refuses it; writes a batch when one is full. */
    void write(InternalRow row) {
        Pending p;
        try {
            p = schema == null ? untyped(row) : typed(row);
        } catch (RefusedRow r) {
            refuse(r.keyPath, r.getMessage(), r.item);
            return;
        }
        double callUnits = budget.callUnits();
        if (!pending.isEmpty() && (pending.size() == StoredItemLayout.BATCH_WRITE_LIMIT
                || pendingUnits + p.units > callUnits)) {
            flush();
        }
        pending.add(p);
        pendingUnits += p.units;
    }

    /** Writes what is pending and waits until the budget has paid for it: the task's end. */
    WriteResult finish() {
        flush();
        budget.finish();
        if (refusals != null) {
            refusals.finish();
        }
        return new WriteResult(written, refused, examples, units);
    }

    @Override
    public void close() {
        table.close();
    }

    private Pending typed(InternalRow row) {
        Object object;
        try {
            object = columns.record(row);
        } catch (IllegalArgumentException e) {
            throw new RefusedRow(columns.keyPath(row), e.getMessage(), null);
        }
        for (String id : autoIds) {
            Object value = WriteColumns.component(object, id);
            if (value == null || (value instanceof Number n && n.longValue() == 0)) {
                throw new RefusedRow(columns.keyPath(row), "its generated id " + id + " is unset: a task Spark runs "
                        + "again would generate another and write the item twice; give every row its id", null);
            }
        }
        Map<String, AttributeValue> item;
        KeyPath path;
        try {
            path = keyPathOf(object);
            item = toItem(object);
        } catch (KeyPathDynamoException | IllegalArgumentException e) {
            throw new RefusedRow(columns.keyPath(row), e.getMessage(), null);
        }
        String given = columns.keyPath(row);
        if (given != null && !given.equals(path.toString())) {
            throw new RefusedRow(given, "the row's keyPath differs from its item's, " + path, item);
        }
        check(path, item);
        return new Pending(path.toString(), object, item, writeUnits(item));
    }

    private Pending untyped(InternalRow row) {
        String given = columns.keyPath(row);
        String text = columns.item(row);
        if (columns.unreadable(row) != null) {
            throw new RefusedRow(given, "it is the row of an unreadable item (" + columns.unreadable(row) + ")",
                    null);
        }
        if (text == null) {
            throw new RefusedRow(given, "its item is null", null);
        }
        Map<String, AttributeValue> item;
        try {
            item = new LinkedHashMap<>(ExportLines.read(text));
        } catch (IllegalArgumentException e) {
            throw new RefusedRow(given, "its item is not DynamoDB JSON: " + e.getMessage(), null);
        }
        KeyPath path;
        if (item.containsKey(StoredItemLayout.PARTITION_KEY) || item.containsKey(StoredItemLayout.SORT_KEY)) {
            try {
                path = StoredItemLayout.keyPathOf(item);
            } catch (KeyPathDynamoException | IllegalArgumentException e) {
                throw new RefusedRow(given, "its pk and sk are not a key path's: " + e.getMessage(), item);
            }
            if (given != null && !given.equals(path.toString())) {
                throw new RefusedRow(given, "the row's keyPath differs from the key path its pk and sk hold, " + path,
                        item);
            }
        } else {
            if (given == null) {
                throw new RefusedRow(null, "it has neither a keyPath nor pk and sk", item);
            }
            try {
                path = KeyPath.parse(given);
            } catch (IllegalArgumentException e) {
                throw new RefusedRow(given, "its keyPath is not a key path: " + e.getMessage(), item);
            }
            if (sharded(item)) {
                throw new RefusedRow(given, "its type is sharded, so its pk holds a shard only the stored item "
                        + "knows: give the stored pk and sk", item);
            }
            item.put(StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
            item.put(StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        }
        check(path, item);
        return new Pending(path.toString(), null, item, writeUnits(item));
    }

    private boolean sharded(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(StoredItemLayout.TYPE);
        if (type == null || type.s() == null) {
            return false;
        }
        return table.description().type(type.s()).map(d -> d.roles().containsKey(TypeDescription.SHARDS))
                .orElse(false);
    }

    private void check(KeyPath path, Map<String, AttributeValue> item) {
        byte[] pk = item.get(StoredItemLayout.PARTITION_KEY).b().asByteArrayUnsafe();
        byte[] sk = item.get(StoredItemLayout.SORT_KEY).b().asByteArrayUnsafe();
        if (pk.length > StoredItemLayout.MAX_PARTITION_KEY_BYTES || sk.length > StoredItemLayout.MAX_SORT_KEY_BYTES) {
            throw new RefusedRow(path.toString(), "its key is too large: a " + pk.length + "-byte pk and a "
                    + sk.length + "-byte sk (limits " + StoredItemLayout.MAX_PARTITION_KEY_BYTES + " and "
                    + StoredItemLayout.MAX_SORT_KEY_BYTES + ")", null);
        }
        long size = StoredItemSizes.itemSize(item);
        if (size > ITEM_LIMIT) {
            throw new RefusedRow(path.toString(), "its item is " + size + " bytes, over DynamoDB's 400 KB", null);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Map<String, AttributeValue> toItem(Object object) {
        return ((ItemSchema) schema).toItem(object);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private KeyPath keyPathOf(Object object) {
        return ((ItemSchema) schema).keyPathOf(object);
    }

    private static double writeUnits(Map<String, AttributeValue> item) {
        return Math.max(1, Math.ceil(StoredItemSizes.itemSize(item) / 1024.0));
    }

    private void refuse(String keyPath, String reason, Map<String, AttributeValue> item) {
        refused++;
        String example = (keyPath == null ? "(no key path)" : keyPath) + ": " + reason;
        if (examples.size() < WriteResult.EXAMPLES) {
            examples.add(example);
        }
        if (refusals != null) {
            refusals.add(keyPath, reason,
                    item == null ? Map.of() : item);
        }
    }

    private void flush() {
        if (pending.isEmpty()) {
            return;
        }
        List<Pending> batch = new ArrayList<>(pending);
        double reserved = pendingUnits;
        pending.clear();
        pendingUnits = 0;
        budget.acquire(reserved);
        double consumed;
        try {
            consumed = send(batch);
        } catch (KeyPathDynamoException e) {
            if (batch.size() == 1 || isIncomplete(e)) {
                if (batch.size() == 1 && !isIncomplete(e)) {
                    budget.settle(reserved, 0);
                    refuse(batch.get(0).keyPath, e.getMessage(), batch.get(0).item);
                    return;
                }
                throw e;
            }
            // the table refused the batch for one of its items: send them one at a time to find which
            budget.settle(reserved, 0);
            for (Pending p : batch) {
                pending.add(p);
                pendingUnits += p.units;
                flush();
            }
            return;
        }
        budget.settle(reserved, consumed);
        units += consumed;
        written += batch.size();
    }

    private static boolean isIncomplete(KeyPathDynamoException e) {
        return e instanceof dev.keypath.dynamodb.BatchIncompleteException;
    }

    private double send(List<Pending> batch) {
        if (schema == null) {
            List<Map<String, AttributeValue>> items = new ArrayList<>(batch.size());
            batch.forEach(p -> items.add(p.item));
            double[] consumed = {0};
            stored.put(table.tableName(), items, c -> consumed[0] += c.capacityUnits() == null ? 0
                    : c.capacityUnits());
            return consumed[0];
        }
        WriteBatch.Builder b = WriteBatch.builder();
        batch.forEach(p -> b.put(p.object));
        lastOperationUnits = 0;
        table.batchWrite(b.build());
        return lastOperationUnits;
    }

    /** A row that cannot be written, and why. */
    private static final class RefusedRow extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String keyPath;
        private final transient Map<String, AttributeValue> item;

        RefusedRow(String keyPath, String reason, Map<String, AttributeValue> item) {
            super(reason, null, false, false);
            this.keyPath = keyPath;
            this.item = item;
        }
    }
}
