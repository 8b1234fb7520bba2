package dev.keypath.test.capacity;

import dev.keypath.dynamodb.storage.StoredItemSizes;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.awscore.AwsExecutionAttribute;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * DynamoDB's per-partition throughput limits on an engine that has none (DynamoDB Local, LocalStack): an SDK {@link
 * ExecutionInterceptor} that meters the read and write units every call consumes per partition key and throttles a
 * partition over its limit, by default 3,000 read and 1,000 write units a second, as DynamoDB does. Add it to a client
 * of the engine:
 *
 * <pre>{@code
 * PartitionLimiter limiter = PartitionLimiter.builder().build();
 * DynamoDbClient client = TestDynamoDb.get().clientBuilder()
 *         .overrideConfiguration(o -> o.addExecutionInterceptor(limiter)).build();
 * }</pre>
 *
 * <p>What it models:
 * <ul>
 *   <li><b>Partitions.</b> A partition is a table and the value of its partition key attribute ({@code pk} unless
 *       {@link Builder#partitionKey} says otherwise), or a global index and its partition key value ({@code
 *       <index>_pk}, keypath's naming, unless {@link Builder#indexPartitionKey} says otherwise). A query of a local
 *       index reads the table's partition. Reads and writes have separate budgets.</li>
 *   <li><b>Units</b> ({@link CapacityUnits}): a put costs its item's size, one write unit per started KB; an update
 *       or a delete what the engine reports it consumed (one unit when it reports nothing); a get, a query and a
 *       batch get what the engine reports, else the returned items' sizes, one read unit per started 4 KB, half for
 *       eventually consistent reads; a transaction twice its items. The limiter asks the engine for {@code
 *       ReturnConsumedCapacity=TOTAL} where the caller did not, and takes it off the response again.</li>
 *   <li><b>Budgets.</b> Each partition's read and write budget is a token bucket that fills at the limit per second
 *       and starts with one second's units. It holds one second's units plus {@link Builder#burst} of unused units
 *       (DynamoDB retains up to 300 seconds of unused capacity on a provisioned table; the default keeps none, which
 *       is the hard per-partition limit). A call is admitted while its partition holds the call's units as known
 *       before it runs (a put's exact size; else DynamoDB's minimum: one write unit, one read unit, a half for an
 *       eventually consistent read); what the engine then reports is taken, which may leave the budget in debt that
 *       the next calls wait out.</li>
 *   <li><b>Throttling.</b> A refused call never reaches the engine. It fails with the exception of {@link
 *       Builder#throttleError} (status 400, DynamoDB's message, and the throttling reason
 *       {@code TableWriteKeyRangeThroughputExceeded}, {@code TableReadKeyRangeThroughputExceeded} or
 *       {@code Index…} with the table's or index's ARN), which the SDK's retry policy retries like DynamoDB's own
 *       throttles (each attempt is admitted anew). A batch write or batch get sends only the items whose partitions
 *       hold their units and returns the others as {@code UnprocessedItems} / {@code UnprocessedKeys}; when none
 *       can be processed it fails with the exception instead, and each retry of it by the SDK is admitted anew, as a
 *       whole: it goes through once every item's partition holds the item's units. A transaction is admitted whole or cancelled with
 *       {@code TransactionCanceledException}, reason {@code ThrottlingError} for the items on throttled partitions
 *       and {@code None} for the others.</li>
 * </ul>
 * Not modelled: writes' consumption on global index partitions (only queries meter index partitions), scans, the
 * table-wide provisioned or on-demand limits, and adaptive capacity's splitting of a hot partition.
 *
 * <p>Thread-safe; one limiter may serve several clients (sync and async) of one engine, which then share budgets.
 */
public final class PartitionLimiter implements ExecutionInterceptor {
    private static final ExecutionAttribute<Demand> RESERVED = new ExecutionAttribute<>("kp-limiter-reserved");
    private static final ExecutionAttribute<Boolean> CAPACITY_ADDED = new ExecutionAttribute<>("kp-limiter-rcc");
    private static final ExecutionAttribute<Map<String, List<WriteRequest>>> THROTTLED_WRITES =
            new ExecutionAttribute<>("kp-limiter-writes");
    private static final ExecutionAttribute<Map<String, KeysAndAttributes>> THROTTLED_KEYS =
            new ExecutionAttribute<>("kp-limiter-keys");
    private static final ExecutionAttribute<RefusedBatch> BATCH_REFUSED =
            new ExecutionAttribute<>("kp-limiter-refused");

    /**
     * A batch none of whose items could be admitted when the call began: its first attempt fails, and each later
     * attempt (the SDK retries the same request) is admitted anew, as a whole, until it is. Confined to one call.
     */
    private static final class RefusedBatch {
        private final Demand first;
        private boolean triedOnce;
        private boolean admitted;

        RefusedBatch(Demand first) {
            this.first = first;
        }
    }

    /**
     * The limits of every partition.
     *
     * @param readUnitsPerSecond  read units a partition serves a second
     * @param writeUnitsPerSecond write units a partition serves a second
     * @param burst               unused capacity a partition keeps beyond one second's units ({@link Duration#ZERO}:
     *                            none)
     */
    public record Limits(double readUnitsPerSecond, double writeUnitsPerSecond, Duration burst) {
        /** Checks the limits. */
        public Limits {
            if (!(readUnitsPerSecond > 0) || !(writeUnitsPerSecond > 0)) {
                throw new IllegalArgumentException("limits must be positive: " + readUnitsPerSecond + " read, "
                        + writeUnitsPerSecond + " write units a second");
            }
            Objects.requireNonNull(burst, "burst");
            if (burst.isNegative()) {
                throw new IllegalArgumentException("burst must not be negative: " + burst);
            }
        }
    }

    private final Limits limits;
    private final PartitionLedger ledger;
    private final CallDemands demands;
    private final ThrottleErrors errors;

    private PartitionLimiter(Builder b) {
        this.limits = new Limits(b.readUnitsPerSecond, b.writeUnitsPerSecond, b.burst);
        this.ledger = new PartitionLedger(limits, b.clock);
        this.demands = new CallDemands(b.partitionKey, b.indexPartitionKey);
        this.errors = new ThrottleErrors(b.throttleError, b.account);
    }

    /** A builder with DynamoDB's limits: 3,000 read and 1,000 write units a second per partition, no burst. */
    public static Builder builder() {
        return new Builder();
    }

    /** The limits this limiter applies. */
    public Limits limits() {
        return limits;
    }

    /** What every partition seen so far consumed and refused. */
    public Map<PartitionId, PartitionUsage> usage() {
        return ledger.usage();
    }

    /** What {@code partition} consumed and refused (all zero if it was never called). */
    public PartitionUsage usage(PartitionId partition) {
        return ledger.usage(partition);
    }

    /** Writes refused on all partitions: calls refused, plus batch items left unprocessed. */
    public long throttledWrites() {
        return usage().values().stream().mapToLong(PartitionUsage::throttledWrites).sum();
    }

    /** Reads refused on all partitions: calls refused, plus batch keys left unprocessed. */
    public long throttledReads() {
        return usage().values().stream().mapToLong(PartitionUsage::throttledReads).sum();
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest r = context.request();
        if (r instanceof BatchWriteItemRequest bw) {
            return admitBatchWrite(bw, attributes);
        }
        if (r instanceof BatchGetItemRequest bg) {
            return admitBatchGet(bg, attributes);
        }
        if (asksNoCapacity(r)) {
            attributes.putAttribute(CAPACITY_ADDED, true);
            return withTotalCapacity(r);
        }
        return r;
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        Region region = attributes.getAttribute(AwsExecutionAttribute.AWS_REGION);
        SdkRequest r = context.request();
        RefusedBatch refused = attributes.getAttribute(BATCH_REFUSED);
        if (refused != null) {
            admitRefusedBatch(refused, r, region);
            return;
        }
        if (r instanceof TransactWriteItemsRequest tw) {
            admitTransaction(demands.transactWrite(tw));
            return;
        }
        if (r instanceof TransactGetItemsRequest tg) {
            admitTransaction(demands.transactGet(tg));
            return;
        }
        Optional<Demand> demand = singleDemand(r);
        if (demand.isPresent()) {
            Set<PartitionId> lacking = ledger.admitAll(List.of(demand.get()));
            if (!lacking.isEmpty()) {
                throw errors.throttled(region, List.copyOf(lacking), demand.get().kind());
            }
            attributes.putAttribute(RESERVED, demand.get());
        }
    }

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
        SdkResponse response = context.response();
        Demand reserved = attributes.getAttribute(RESERVED);
        if (reserved != null) {
            settle(reserved, context.request(), response);
        }
        if (response instanceof BatchWriteItemResponse bw) {
            return settleBatchWrite(bw, attributes);
        }
        if (response instanceof BatchGetItemResponse bg && context.request() instanceof BatchGetItemRequest req) {
            return settleBatchGet(req, bg, attributes);
        }
        return Boolean.TRUE.equals(attributes.getAttribute(CAPACITY_ADDED)) ? withoutCapacity(response) : response;
    }

    /**
     * The first attempt of a batch refused whole fails as decided when the call began; each later one is admitted if
     * every item's partition now holds the item's units, and fails again otherwise.
     */
    private void admitRefusedBatch(RefusedBatch refused, SdkRequest r, Region region) {
        if (refused.admitted) {
            return;
        }
        if (!refused.triedOnce) {
            refused.triedOnce = true;
            throw errors.throttled(region, List.of(refused.first.partition()), refused.first.kind());
        }
        Set<PartitionId> lacking = ledger.admitAll(batchDemands(r));
        if (!lacking.isEmpty()) {
            throw errors.throttled(region, List.copyOf(lacking), refused.first.kind());
        }
        refused.admitted = true;
    }

    private List<Demand> batchDemands(SdkRequest r) {
        List<Demand> all = new ArrayList<>();
        if (r instanceof BatchWriteItemRequest bw) {
            bw.requestItems().forEach((t, writes) -> writes.forEach(w -> demands.batchWrite(t, w).ifPresent(all::add)));
        } else if (r instanceof BatchGetItemRequest bg) {
            bg.requestItems().forEach((t, k) -> k.keys().forEach(key -> demands
                    .batchGet(t, key, Boolean.TRUE.equals(k.consistentRead())).ifPresent(all::add)));
        }
        return all;
    }

    private Optional<Demand> singleDemand(SdkRequest r) {
        if (r instanceof PutItemRequest p) {
            return demands.put(p);
        }
        if (r instanceof UpdateItemRequest u) {
            return demands.update(u);
        }
        if (r instanceof DeleteItemRequest d) {
            return demands.delete(d);
        }
        if (r instanceof GetItemRequest g) {
            return demands.get(g);
        }
        if (r instanceof QueryRequest q) {
            return demands.query(q);
        }
        return Optional.empty();
    }

    private void admitTransaction(List<Optional<Demand>> items) {
        List<Demand> present = items.stream().flatMap(Optional::stream).toList();
        Set<PartitionId> lacking = ledger.admitAll(present);
        if (!lacking.isEmpty()) {
            throw errors.cancelled(items.stream()
                    .map(d -> d.isPresent() && lacking.contains(d.get().partition())).toList());
        }
    }

    private SdkRequest admitBatchWrite(BatchWriteItemRequest r, ExecutionAttributes attributes) {
        Map<String, List<WriteRequest>> admitted = new LinkedHashMap<>();
        Map<String, List<WriteRequest>> throttled = new LinkedHashMap<>();
        Demand firstRefused = null;
        for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
            for (WriteRequest w : e.getValue()) {
                Optional<Demand> d = demands.batchWrite(e.getKey(), w);
                boolean admit = d.isEmpty() || ledger.admit(d.get());
                (admit ? admitted : throttled).computeIfAbsent(e.getKey(), t -> new ArrayList<>()).add(w);
                if (!admit && firstRefused == null) {
                    firstRefused = d.get();
                }
            }
        }
        if (throttled.isEmpty()) {
            return r;
        }
        if (admitted.isEmpty()) {
            attributes.putAttribute(BATCH_REFUSED, new RefusedBatch(firstRefused));
            return r;
        }
        attributes.putAttribute(THROTTLED_WRITES, throttled);
        return r.toBuilder().requestItems(admitted).build();
    }

    private SdkRequest admitBatchGet(BatchGetItemRequest r, ExecutionAttributes attributes) {
        Map<String, KeysAndAttributes> admitted = new LinkedHashMap<>();
        Map<String, KeysAndAttributes> throttled = new LinkedHashMap<>();
        Demand firstRefused = null;
        for (Map.Entry<String, KeysAndAttributes> e : r.requestItems().entrySet()) {
            boolean strong = Boolean.TRUE.equals(e.getValue().consistentRead());
            List<Map<String, AttributeValue>> in = new ArrayList<>();
            List<Map<String, AttributeValue>> out = new ArrayList<>();
            for (Map<String, AttributeValue> key : e.getValue().keys()) {
                Optional<Demand> d = demands.batchGet(e.getKey(), key, strong);
                boolean admit = d.isEmpty() || ledger.admit(d.get());
                (admit ? in : out).add(key);
                if (!admit && firstRefused == null) {
                    firstRefused = d.get();
                }
            }
            if (!in.isEmpty()) {
                admitted.put(e.getKey(), e.getValue().toBuilder().keys(in).build());
            }
            if (!out.isEmpty()) {
                throttled.put(e.getKey(), e.getValue().toBuilder().keys(out).build());
            }
        }
        if (throttled.isEmpty()) {
            return r;
        }
        if (admitted.isEmpty()) {
            attributes.putAttribute(BATCH_REFUSED, new RefusedBatch(firstRefused));
            return r;
        }
        attributes.putAttribute(THROTTLED_KEYS, throttled);
        return r.toBuilder().requestItems(admitted).build();
    }

    /** Takes what the call really consumed, as far as the response tells, instead of what was reserved. */
    private void settle(Demand reserved, SdkRequest request, SdkResponse response) {
        Double reported = reportedUnits(response);
        double actual;
        if (reported != null) {
            actual = reported;
        } else if (response instanceof GetItemResponse g) {
            actual = CapacityUnits.read(g.hasItem() ? StoredItemSizes.itemSize(g.item()) : 0,
                    Boolean.TRUE.equals(((GetItemRequest) request).consistentRead()));
        } else if (response instanceof QueryResponse q) {
            long bytes = q.items().stream().mapToLong(StoredItemSizes::itemSize).sum();
            actual = CapacityUnits.read(bytes, Boolean.TRUE.equals(((QueryRequest) request).consistentRead()));
        } else {
            actual = reserved.units();
        }
        ledger.charge(reserved.partition(), reserved.kind(), actual - reserved.units());
    }

    private SdkResponse settleBatchWrite(BatchWriteItemResponse response, ExecutionAttributes attributes) {
        for (Map.Entry<String, List<WriteRequest>> e : response.unprocessedItems().entrySet()) {
            for (WriteRequest w : e.getValue()) {  // the engine did not write them: give their units back
                demands.batchWrite(e.getKey(), w).ifPresent(d -> ledger.charge(d.partition(), d.kind(), -d.units()));
            }
        }
        Map<String, List<WriteRequest>> throttled = attributes.getAttribute(THROTTLED_WRITES);
        if (throttled == null) {
            return response;
        }
        Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
        response.unprocessedItems().forEach((t, l) -> unprocessed.put(t, new ArrayList<>(l)));
        throttled.forEach((t, l) -> unprocessed.computeIfAbsent(t, x -> new ArrayList<>()).addAll(l));
        return response.toBuilder().unprocessedItems(unprocessed).build();
    }

    private SdkResponse settleBatchGet(BatchGetItemRequest request, BatchGetItemResponse response,
                                       ExecutionAttributes attributes) {
        for (Map.Entry<String, List<Map<String, AttributeValue>>> e : response.responses().entrySet()) {
            KeysAndAttributes asked = request.requestItems().get(e.getKey());
            boolean strong = asked != null && Boolean.TRUE.equals(asked.consistentRead());
            double minimum = CapacityUnits.read(0, strong);
            for (Map<String, AttributeValue> item : e.getValue()) {
                double units = CapacityUnits.read(StoredItemSizes.itemSize(item), strong);
                demands.partitionOf(e.getKey(), item)
                        .ifPresent(p -> ledger.charge(p, Demand.Kind.READ, units - minimum));
            }
        }
        for (Map.Entry<String, KeysAndAttributes> e : response.unprocessedKeys().entrySet()) {
            boolean strong = Boolean.TRUE.equals(e.getValue().consistentRead());
            for (Map<String, AttributeValue> key : e.getValue().keys()) {
                demands.batchGet(e.getKey(), key, strong)
                        .ifPresent(d -> ledger.charge(d.partition(), d.kind(), -d.units()));
            }
        }
        Map<String, KeysAndAttributes> throttled = attributes.getAttribute(THROTTLED_KEYS);
        if (throttled == null) {
            return response;
        }
        Map<String, KeysAndAttributes> unprocessed = new LinkedHashMap<>(response.unprocessedKeys());
        throttled.forEach((t, k) -> unprocessed.merge(t, k, (a, b) -> a.toBuilder()
                .keys(concat(a.keys(), b.keys())).build()));
        return response.toBuilder().unprocessedKeys(unprocessed).build();
    }

    private static List<Map<String, AttributeValue>> concat(List<Map<String, AttributeValue>> a,
                                                            List<Map<String, AttributeValue>> b) {
        List<Map<String, AttributeValue>> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Double reportedUnits(SdkResponse response) {
        ConsumedCapacity c = null;
        if (response instanceof PutItemResponse p) {
            c = p.consumedCapacity();
        } else if (response instanceof UpdateItemResponse u) {
            c = u.consumedCapacity();
        } else if (response instanceof DeleteItemResponse d) {
            c = d.consumedCapacity();
        } else if (response instanceof GetItemResponse g) {
            c = g.consumedCapacity();
        } else if (response instanceof QueryResponse q) {
            c = q.consumedCapacity();
        }
        return c == null ? null : c.capacityUnits();
    }

    private static boolean asksNoCapacity(SdkRequest r) {
        ReturnConsumedCapacity asked;
        if (r instanceof PutItemRequest p) {
            asked = p.returnConsumedCapacity();
        } else if (r instanceof UpdateItemRequest u) {
            asked = u.returnConsumedCapacity();
        } else if (r instanceof DeleteItemRequest d) {
            asked = d.returnConsumedCapacity();
        } else if (r instanceof GetItemRequest g) {
            asked = g.returnConsumedCapacity();
        } else if (r instanceof QueryRequest q) {
            asked = q.returnConsumedCapacity();
        } else {
            return false;
        }
        return asked == null || asked == ReturnConsumedCapacity.NONE;
    }

    private static SdkRequest withTotalCapacity(SdkRequest r) {
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (r instanceof PutItemRequest p) {
            return p.toBuilder().returnConsumedCapacity(total).build();
        }
        if (r instanceof UpdateItemRequest u) {
            return u.toBuilder().returnConsumedCapacity(total).build();
        }
        if (r instanceof DeleteItemRequest d) {
            return d.toBuilder().returnConsumedCapacity(total).build();
        }
        if (r instanceof GetItemRequest g) {
            return g.toBuilder().returnConsumedCapacity(total).build();
        }
        return ((QueryRequest) r).toBuilder().returnConsumedCapacity(total).build();
    }

    private static SdkResponse withoutCapacity(SdkResponse r) {
        if (r instanceof PutItemResponse p) {
            return p.toBuilder().consumedCapacity((ConsumedCapacity) null).build();
        }
        if (r instanceof UpdateItemResponse u) {
            return u.toBuilder().consumedCapacity((ConsumedCapacity) null).build();
        }
        if (r instanceof DeleteItemResponse d) {
            return d.toBuilder().consumedCapacity((ConsumedCapacity) null).build();
        }
        if (r instanceof GetItemResponse g) {
            return g.toBuilder().consumedCapacity((ConsumedCapacity) null).build();
        }
        if (r instanceof QueryResponse q) {
            return q.toBuilder().consumedCapacity((ConsumedCapacity) null).build();
        }
        return r;
    }

    /** Settings of a {@link PartitionLimiter}. Not thread-safe. */
    public static final class Builder {
        private double readUnitsPerSecond = 3_000;
        private double writeUnitsPerSecond = 1_000;
        private Duration burst = Duration.ZERO;
        private InstantSource clock = InstantSource.system();
        private ThrottleError throttleError = ThrottleError.PROVISIONED_THROUGHPUT_EXCEEDED;
        private String partitionKey = "pk";
        private Function<String, String> indexPartitionKey = index -> index + "_pk";
        private String account = "000000000000";

        private Builder() {
        }

        /** Read units a partition serves a second (default 3,000). */
        public Builder readUnitsPerSecond(double units) {
            this.readUnitsPerSecond = units;
            return this;
        }

        /** Write units a partition serves a second (default 1,000). */
        public Builder writeUnitsPerSecond(double units) {
            this.writeUnitsPerSecond = units;
            return this;
        }

        /** Unused capacity a partition keeps beyond one second's units, up to 300 s in DynamoDB (default none). */
        public Builder burst(Duration burst) {
            this.burst = Objects.requireNonNull(burst, "burst");
            return this;
        }

        /** The time budgets fill by (default the system clock); a test's own clock makes the limiter exact. */
        public Builder clock(InstantSource clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The exception a throttled call fails with (default {@code ProvisionedThroughputExceededException}). */
        public Builder throttleError(ThrottleError error) {
            this.throttleError = Objects.requireNonNull(error, "error");
            return this;
        }

        /** The tables' partition key attribute (default {@code pk}). */
        public Builder partitionKey(String attribute) {
            this.partitionKey = Objects.requireNonNull(attribute, "attribute");
            return this;
        }

        /** A global index's partition key attribute, by index name (default {@code <index>_pk}). */
        public Builder indexPartitionKey(Function<String, String> attributeOfIndex) {
            this.indexPartitionKey = Objects.requireNonNull(attributeOfIndex, "attributeOfIndex");
            return this;
        }

        /** The account id in the ARNs of throttling reasons (default {@code 000000000000}, DynamoDB Local's). */
        public Builder account(String account) {
            this.account = Objects.requireNonNull(account, "account");
            return this;
        }

        /** The limiter; {@link IllegalArgumentException} for limits that are not positive or a negative burst. */
        public PartitionLimiter build() {
            return new PartitionLimiter(this);
        }
    }
}
