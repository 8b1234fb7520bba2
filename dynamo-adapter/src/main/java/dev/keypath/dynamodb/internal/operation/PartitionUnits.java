package dev.keypath.dynamodb.internal.operation;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.internal.request.ItemSizes;
import dev.keypath.dynamodb.internal.schema.TableAttributes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The units of an operation's requests of several items (batch writes, transactions, batch gets, scans) counted
 * against each item's partition: DynamoDB reports one figure per table for such a request, so each answered request's
 * units are shared among the partitions of the items it wrote or read in proportion to what each item costs on its
 * own (a put a unit per started KB, a delete, update or condition check one; a read one, and one more per started
 * 4 KB past the first; a scan's items their size, since a scan rounds its total). Every unit of such a request goes to
 * some partition, but a scan's units when it returned no item (what it read and dropped has no key to count against).
 * Partitions are the decoded partition keys ({@code pk}); a key that is no key path is left out. Not thread-safe:
 * one operation's steps run one at a time.
 */
final class PartitionUnits {
    private Map<KeyPath, Double> units;

    /** Shares {@code consumed}, the units of the answered {@code request}, among its items' partitions. */
    void answered(Object request, Object response, double consumed) {
        if (!(consumed > 0)) {
            return;
        }
        Map<SdkBytes, Double> weights = new HashMap<>();
        if (request instanceof BatchWriteItemRequest batch && response instanceof BatchWriteItemResponse answer) {
            batch.requestItems().values().forEach(writes -> writes.forEach(w -> weigh(weights, w, 1)));
            if (answer.hasUnprocessedItems()) {
                answer.unprocessedItems().values().forEach(writes -> writes.forEach(w -> weigh(weights, w, -1)));
            }
        } else if (request instanceof TransactWriteItemsRequest transaction) {
            for (TransactWriteItem item : transaction.transactItems()) {
                weigh(weights, item);
            }
        } else if (request instanceof BatchGetItemRequest batch && response instanceof BatchGetItemResponse answer) {
            batch.requestItems().values().forEach(keys -> keys.keys().forEach(k -> add(weights, k, 1)));
            if (answer.hasUnprocessedKeys()) {
                for (KeysAndAttributes keys : answer.unprocessedKeys().values()) {
                    keys.keys().forEach(k -> add(weights, k, -1));
                }
            }
            if (answer.hasResponses()) {
                answer.responses().values().forEach(items -> items.forEach(i -> add(weights, i, pastFirstRead(i))));
            }
        } else if (request instanceof TransactGetItemsRequest transaction
                && response instanceof TransactGetItemsResponse answer) {
            List<TransactGetItem> gets = transaction.transactItems();
            List<ItemResponse> items = answer.hasResponses() ? answer.responses() : List.of();
            for (int i = 0; i < gets.size(); i++) {
                Map<String, AttributeValue> key = gets.get(i).get().key();
                Map<String, AttributeValue> item = i < items.size() ? items.get(i).item() : null;
                add(weights, key, 1 + (item == null || item.isEmpty() ? 0 : pastFirstRead(item)));
            }
        } else if (response instanceof ScanResponse scan && scan.hasItems()) {
            scan.items().forEach(item -> add(weights, item, ItemSizes.itemSize(item)));
        }
        double total = 0;
        for (double w : weights.values()) {
            total += Math.max(0, w);
        }
        if (!(total > 0)) {
            return;
        }
        for (Map.Entry<SdkBytes, Double> e : weights.entrySet()) {
            if (e.getValue() > 0) {
                KeyPath partition = partition(e.getKey());
                if (partition != null) {
                    if (units == null) {
                        units = new LinkedHashMap<>();
                    }
                    units.merge(partition, consumed * e.getValue() / total, Double::sum);
                }
            }
        }
    }

    /**
     * Counts {@code consumed}, the units of an answered request of one item ({@code GetItem}, {@code UpdateItem}),
     * against the partition of its {@code key}.
     */
    void answeredOne(Map<String, AttributeValue> key, double consumed) {
        AttributeValue pk = key == null ? null : key.get(TableAttributes.PK);
        KeyPath partition = consumed > 0 && pk != null && pk.b() != null ? partition(pk.b()) : null;
        if (partition != null) {
            if (units == null) {
                units = new LinkedHashMap<>();
            }
            units.merge(partition, consumed, Double::sum);
        }
    }

    /** The units counted against each partition so far: empty when none. */
    Map<KeyPath, Double> units() {
        return units == null ? Map.of() : units;
    }

    private static void weigh(Map<SdkBytes, Double> weights, WriteRequest write, int sign) {
        if (write.putRequest() != null) {
            Map<String, AttributeValue> item = write.putRequest().item();
            add(weights, item, sign * writeUnits(item));
        } else if (write.deleteRequest() != null) {
            add(weights, write.deleteRequest().key(), sign);
        }
    }

    private static void weigh(Map<SdkBytes, Double> weights, TransactWriteItem item) {
        if (item.put() != null) {
            add(weights, item.put().item(), writeUnits(item.put().item()));
        } else if (item.update() != null) {
            add(weights, item.update().key(), 1);
        } else if (item.delete() != null) {
            add(weights, item.delete().key(), 1);
        } else if (item.conditionCheck() != null) {
            add(weights, item.conditionCheck().key(), 1);
        }
    }

    private static void add(Map<SdkBytes, Double> weights, Map<String, AttributeValue> item, double weight) {
        AttributeValue pk = item.get(TableAttributes.PK);
        if (pk != null && pk.b() != null) {
            weights.merge(pk.b(), weight, Double::sum);
        }
    }

    /** A write's units: one per started KB. */
    private static double writeUnits(Map<String, AttributeValue> item) {
        return Math.max(1, Math.ceil(ItemSizes.itemSize(item) / 1024.0));
    }

    /** A read's units past its first: one per started 4 KB after the first. */
    private static double pastFirstRead(Map<String, AttributeValue> item) {
        return Math.max(0, Math.ceil(ItemSizes.itemSize(item) / 4096.0) - 1);
    }

    private static KeyPath partition(SdkBytes pk) {
        try {
            return KeyPath.decode(pk.asByteArrayUnsafe());
        } catch (RuntimeException notAKeyPath) {
            return null;
        }
    }
}
