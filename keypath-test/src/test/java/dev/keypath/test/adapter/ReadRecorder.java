package dev.keypath.test.adapter;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * An SDK {@link ExecutionInterceptor} that records each {@code Query} and {@code Scan} the engine answered: the
 * {@code Limit} it asked for, the items the engine read ({@code ScannedCount}) and the table key and type of each item
 * it returned, as the wire shows them, before keypath drops any. Thread-safe.
 */
final class ReadRecorder implements ExecutionInterceptor {
    /** One item of a response: its table key (hex) and stored type name. */
    record Item(String key, String type) {
    }

    /** One read: its operation, its {@code Limit} (null: none), the items read and the items returned. */
    record Read(String operation, Integer limit, int scanned, List<Item> items) {
    }

    private final List<Read> reads = new CopyOnWriteArrayList<>();

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof QueryRequest q && context.response() instanceof QueryResponse r) {
            reads.add(new Read("Query", q.limit(), r.scannedCount(), items(r.items())));
        } else if (context.request() instanceof ScanRequest s && context.response() instanceof ScanResponse r) {
            reads.add(new Read("Scan", s.limit(), r.scannedCount(), items(r.items())));
        }
    }

    private static List<Item> items(List<Map<String, AttributeValue>> raw) {
        List<Item> items = new ArrayList<>(raw.size());
        HexFormat hex = HexFormat.of();
        for (Map<String, AttributeValue> item : raw) {
            AttributeValue type = item.get("_type");
            items.add(new Item(hex.formatHex(item.get("pk").b().asByteArrayUnsafe()) + "/"
                    + hex.formatHex(item.get("sk").b().asByteArrayUnsafe()), type == null ? null : type.s()));
        }
        return items;
    }

    void clear() {
        reads.clear();
    }

    List<Read> reads() {
        return List.copyOf(reads);
    }

    /** The items the engine read for the reads recorded. */
    int scanned() {
        return reads.stream().mapToInt(Read::scanned).sum();
    }

    /** The {@code Limit} of each read recorded, in order. */
    List<Integer> limits() {
        return reads.stream().map(Read::limit).toList();
    }
}
