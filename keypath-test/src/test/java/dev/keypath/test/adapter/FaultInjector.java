package dev.keypath.test.adapter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * An SDK {@link ExecutionInterceptor} that injects faults into calls to a real engine, without faking it:
 * <ul>
 *   <li>{@link #throttleNext(int)}: the next n calls are not executed by the engine (their operation header is
 *       spoiled) and answer {@code ProvisionedThroughputExceededException}, the engine's own error body and error
 *       type header replaced;</li>
 *   <li>{@link #dropBatchItems(int)}: the next n batch calls send only half their items; the rest come back as
 *       {@code UnprocessedItems}/{@code UnprocessedKeys}, exactly as DynamoDB reports items it did not touch.</li>
 * </ul>
 * It also counts calls per operation and, per key ({@code pk}+{@code sk} bytes), how many batch writes the
 * engine really executed. Use on a client with SDK retries disabled so that faults reach the code under test.
 * Thread-safe.
 */
public final class FaultInjector implements ExecutionInterceptor {
    private static final ExecutionAttribute<Boolean> THROTTLED = new ExecutionAttribute<>("kp-throttled");
    private static final ExecutionAttribute<List<WriteRequest>> DROPPED_WRITES = new ExecutionAttribute<>("kp-dw");
    private static final ExecutionAttribute<List<Map<String, AttributeValue>>> DROPPED_KEYS =
            new ExecutionAttribute<>("kp-dk");
    private static final String THROTTLE_BODY = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#"
            + "ProvisionedThroughputExceededException\",\"message\":\"injected by FaultInjector\"}";

    private final AtomicInteger throttles = new AtomicInteger();
    private final AtomicInteger drops = new AtomicInteger();
    private final AtomicInteger injectedThrottles = new AtomicInteger();
    private final AtomicInteger injectedDrops = new AtomicInteger();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> writesPerKey = new ConcurrentHashMap<>();

    /** Throttles the next {@code n} calls. */
    public FaultInjector throttleNext(int n) {
        throttles.set(n);
        return this;
    }

    /** Leaves half the items of the next {@code n} batch calls unprocessed. */
    public FaultInjector dropBatchItems(int n) {
        drops.set(n);
        return this;
    }

    /** Calls started per operation name (e.g. {@code BatchWriteItem}), including failed ones. */
    public int calls(String operation) {
        AtomicInteger c = calls.get(operation);
        return c == null ? 0 : c.get();
    }

    /** Total calls started. */
    public int totalCalls() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** How many throttles and drops were injected. */
    public int injectedThrottles() {
        return injectedThrottles.get();
    }

    /** How many batch calls had items dropped. */
    public int injectedDrops() {
        return injectedDrops.get();
    }

    /** Per key (hex of pk + "/" + hex of sk): how many times the engine executed a batch write of it. */
    public Map<String, Integer> batchWritesPerKey() {
        Map<String, Integer> m = new HashMap<>();
        writesPerKey.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String op = context.request().getClass().getSimpleName().replace("Request", "");
        calls.computeIfAbsent(op, k -> new AtomicInteger()).incrementAndGet();
        if (throttles.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            attributes.putAttribute(THROTTLED, true);
            injectedThrottles.incrementAndGet();
        }
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest r = context.request();
        if (Boolean.TRUE.equals(attributes.getAttribute(THROTTLED))) {
            return r;
        }
        if (r instanceof BatchWriteItemRequest bw && bw.requestItems().size() == 1) {
            Map.Entry<String, List<WriteRequest>> e = bw.requestItems().entrySet().iterator().next();
            if (e.getValue().size() > 1 && drops.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                injectedDrops.incrementAndGet();
                int keep = e.getValue().size() / 2;
                attributes.putAttribute(DROPPED_WRITES, new ArrayList<>(e.getValue().subList(keep, e.getValue().size())));
                return bw.toBuilder().requestItems(Map.of(e.getKey(), e.getValue().subList(0, keep))).build();
            }
        }
        if (r instanceof BatchGetItemRequest bg && bg.requestItems().size() == 1) {
            Map.Entry<String, KeysAndAttributes> e = bg.requestItems().entrySet().iterator().next();
            List<Map<String, AttributeValue>> keys = e.getValue().keys();
            if (keys.size() > 1 && drops.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                injectedDrops.incrementAndGet();
                int keep = keys.size() / 2;
                attributes.putAttribute(DROPPED_KEYS, new ArrayList<>(keys.subList(keep, keys.size())));
                return bg.toBuilder().requestItems(Map.of(e.getKey(),
                        e.getValue().toBuilder().keys(keys.subList(0, keep)).build())).build();
            }
        }
        return r;
    }

    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
        if (Boolean.TRUE.equals(attributes.getAttribute(THROTTLED))) {
            return context.httpRequest().toBuilder()
                    .putHeader("X-Amz-Target", "DynamoDB_20120810.KeypathInjectedThrottle").build();
        }
        return context.httpRequest();
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
        if (Boolean.TRUE.equals(attributes.getAttribute(THROTTLED))) {
            // the engine's own error type must go too: the SDK reads x-amzn-ErrorType before the body (LocalStack
            // names its answer to the spoiled operation InternalError there)
            return context.httpResponse().toBuilder().statusCode(400).removeHeader("x-amz-crc32")
                    .removeHeader("Content-Length").removeHeader("x-amzn-ErrorType").build();
        }
        return context.httpResponse();
    }

    @Override
    public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context,
                                                           ExecutionAttributes attributes) {
        if (Boolean.TRUE.equals(attributes.getAttribute(THROTTLED))) {
            // the engine's own answer is replaced: close it, or its pooled connection is never given back (a run
            // of throttles would exhaust the client's pool and stall the next calls until the lease times out)
            context.responseBody().ifPresent(FaultInjector::closeQuietly);
            return Optional.of(new ByteArrayInputStream(THROTTLE_BODY.getBytes(StandardCharsets.UTF_8)));
        }
        return context.responseBody();
    }

    private static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // the connection is discarded either way
        }
    }

    /** The same throttle body for async clients, which read the response as a publisher. */
    @Override
    public Optional<Publisher<ByteBuffer>> modifyAsyncHttpResponseContent(Context.ModifyHttpResponse context,
                                                                          ExecutionAttributes attributes) {
        if (Boolean.TRUE.equals(attributes.getAttribute(THROTTLED))) {
            return Optional.of(AsyncRequestBody.fromString(THROTTLE_BODY, StandardCharsets.UTF_8));
        }
        return context.responsePublisher();
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        SdkResponse resp = context.response();
        List<WriteRequest> droppedWrites = attributes.getAttribute(DROPPED_WRITES);
        if (resp instanceof BatchWriteItemResponse bw && context.request() instanceof BatchWriteItemRequest req) {
            String table = req.requestItems().keySet().iterator().next();
            for (WriteRequest w : req.requestItems().get(table)) {
                Map<String, AttributeValue> k = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
                writesPerKey.computeIfAbsent(keyString(k), x -> new AtomicInteger()).incrementAndGet();
            }
            if (droppedWrites != null) {
                List<WriteRequest> un = new ArrayList<>(bw.unprocessedItems().getOrDefault(table, List.of()));
                un.addAll(droppedWrites);
                return bw.toBuilder().unprocessedItems(Map.of(table, un)).build();
            }
        }
        List<Map<String, AttributeValue>> droppedKeys = attributes.getAttribute(DROPPED_KEYS);
        if (droppedKeys != null && resp instanceof BatchGetItemResponse bg
                && context.request() instanceof BatchGetItemRequest req) {
            String table = req.requestItems().keySet().iterator().next();
            List<Map<String, AttributeValue>> un = new ArrayList<>(droppedKeys);
            KeysAndAttributes prior = bg.unprocessedKeys().get(table);
            if (prior != null) {
                un.addAll(prior.keys());
            }
            return bg.toBuilder().unprocessedKeys(Map.of(table, req.requestItems().get(table).toBuilder()
                    .keys(un).build())).build();
        }
        return resp;
    }

    /** Key string used by {@link #batchWritesPerKey()}. */
    public static String keyString(Map<String, AttributeValue> item) {
        return hex(item.get("pk").b().asByteArray()) + "/" + hex(item.get("sk").b().asByteArray());
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x));
        }
        return s.toString();
    }
}
