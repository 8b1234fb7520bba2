package dev.keypath.dynamodb.internal;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.BatchIncompleteException;
import dev.keypath.dynamodb.BatchPolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Runs unconditional puts and deletes as {@code BatchWriteItem} calls of at most 25, resubmitting unprocessed
 * items and throttled chunks with {@link Backoff} until done or the deadline.
 */
final class BatchWriteOperation {
    private BatchWriteOperation() {
    }

    /** Splits actions into request chunks; rejects two writes to one key. Pure. */
    static List<List<WriteRequest>> chunks(List<WriteAction> actions) {
        Set<KeyPath> seen = new HashSet<>();
        List<List<WriteRequest>> chunks = new ArrayList<>();
        List<WriteRequest> current = new ArrayList<>();
        for (WriteAction a : actions) {
            if (!seen.add(a.keyPath())) {
                throw new IllegalArgumentException("batch writes the same key path twice: " + a.keyPath());
            }
            current.add(a.toWriteRequest());
            if (current.size() == TableAttributes.BATCH_WRITE_CHUNK) {
                chunks.add(current);
                current = new ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            chunks.add(current);
        }
        return chunks;
    }

    static void run(DynamoDbClient client, String table, List<WriteAction> actions, BatchPolicy policy) {
        List<List<WriteRequest>> chunks = chunks(actions);
        Backoff backoff = new Backoff(policy);
        for (int c = 0; c < chunks.size(); c++) {
            List<WriteRequest> pending = chunks.get(c);
            AwsServiceException last = null;
            while (!pending.isEmpty()) {
                try {
                    List<WriteRequest> send = pending;
                    BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(table, send)));
                    pending = r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(table, List.of()) : List.of();
                } catch (AwsServiceException e) {
                    if (!Backoff.isThrottling(e)) {
                        throw e;
                    }
                    last = e;
                }
                if (!pending.isEmpty() && !backoff.pause()) {
                    List<KeyPath> left = new ArrayList<>();
                    pending.forEach(w -> left.add(keyPathOf(w)));
                    for (int rest = c + 1; rest < chunks.size(); rest++) {
                        chunks.get(rest).forEach(w -> left.add(keyPathOf(w)));
                    }
                    throw new BatchIncompleteException("Batch write deadline of " + policy.deadline()
                            + " passed after " + backoff.attempts() + " retries", left, last);
                }
            }
        }
    }

    static KeyPath keyPathOf(WriteRequest w) {
        Map<String, AttributeValue> key = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
        return DefaultItemSchema.keyPathOfItem(key);
    }
}
