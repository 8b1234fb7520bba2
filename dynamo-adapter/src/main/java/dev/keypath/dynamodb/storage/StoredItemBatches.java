package dev.keypath.dynamodb.storage;

import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import dev.keypath.dynamodb.internal.client.SyncDriver;
import dev.keypath.dynamodb.internal.operation.ItemBatches;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Batch puts and gets of stored items (attribute maps that already carry a key path's {@code pk}/{@code sk}), for
 * tools that copy items without a registered type. Unprocessed items and throttled calls are retried under a
 * {@link BatchPolicy} as for the tables' own batches, and every response's consumed capacity is handed to a
 * listener, once per call, retries included. Runs on the caller's thread; immutable and thread-safe.
 */
public final class StoredItemBatches {
    private final SyncDriver driver;
    private final BatchPolicy policy;

    /** Batches sent through {@code client}, retried under {@code policy}. */
    public StoredItemBatches(DynamoDbClient client, BatchPolicy policy) {
        this.driver = new SyncDriver(client);
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Puts {@code items} into {@code table} with {@code BatchWriteItem} calls of at most
     * {@value StoredItemLayout#BATCH_WRITE_LIMIT} (unconditional: a put replaces the item of the same key). No two
     * items may have the same key.
     *
     * @param consumed told each call's consumed capacity
     * @throws BatchIncompleteException when items are still unprocessed at the policy's deadline
     */
    public void put(String table, List<Map<String, AttributeValue>> items, Consumer<ConsumedCapacity> consumed) {
        driver.run(ItemBatches.put(table, items, policy, consumed));
    }

    /**
     * Reads the items of {@code keys} (each a {@code pk}/{@code sk} map) from {@code table} with eventually
     * consistent {@code BatchGetItem} calls of at most 100; the items found, in no particular order.
     *
     * @param consumed told each call's consumed capacity
     * @throws BatchIncompleteException when keys are still unprocessed at the policy's deadline
     */
    public List<Map<String, AttributeValue>> get(String table, List<Map<String, AttributeValue>> keys,
                                                 Consumer<ConsumedCapacity> consumed) {
        return driver.run(ItemBatches.get(table, keys, policy, consumed));
    }
}
