package dev.keypath.test.model;

import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.test.model.ModelItems.Order;
import jakarta.validation.constraints.PositiveOrZero;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The declarations of the model's {@link Order} during a re-shard from {@value ModelItems#ORDER_SHARDS} shards to
 * {@value #NEW_SHARDS} (docs/HOT-PARTITIONS.md, "Changing N"): the same stored type (name, key path, schema version 2
 * with its history, indexes, expiry, timestamps, sequence id), declared by the instances of a rolling deploy.
 */
final class ReshardItems {
    static final int NEW_SHARDS = 8;

    private ReshardItems() {
    }

    /** The order as the instances of step 1 declare it: the re-shard from 4 shards to 8. */
    @ItemType(name = "Order", keyPath = "/shop-{shopId}/order-{orderId}", version = 2)
    @Sharded(count = NEW_SHARDS, by = "orderId", formerCount = ModelItems.ORDER_SHARDS)
    @SecondaryKeyPath(index = "byStatus", keyPath = "/status-{status}/order-{orderId}",
            projection = IndexProjection.KEYS_ONLY)
    @SecondaryKeyPath(index = "byTotal", keyPath = "/shop-{shopId}/total-{total}/order-{orderId}", local = true)
    record ReshardingOrder(String shopId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String status, Long total,
                           Set<Long> ratings, Map<String, Long> counts, List<String> lines, @PositiveOrZero Long qty,
                           String origin, @TimeToLive Instant expiresAt,
                           @CreatedAt(unit = ChronoUnit.SECONDS) long created, @UpdatedAt long updated) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.added("qty")));
        }
    }

    /** The order as the instances of step 3 declare it: 8 shards, the former count removed. */
    @ItemType(name = "Order", keyPath = "/shop-{shopId}/order-{orderId}", version = 2)
    @Sharded(count = NEW_SHARDS, by = "orderId")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/status-{status}/order-{orderId}",
            projection = IndexProjection.KEYS_ONLY)
    @SecondaryKeyPath(index = "byTotal", keyPath = "/shop-{shopId}/total-{total}/order-{orderId}", local = true)
    record ReshardedOrder(String shopId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String status, Long total,
                          Set<Long> ratings, Map<String, Long> counts, List<String> lines, @PositiveOrZero Long qty,
                          String origin, @TimeToLive Instant expiresAt,
                          @CreatedAt(unit = ChronoUnit.SECONDS) long created, @UpdatedAt long updated) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.added("qty")));
        }
    }

    /** Which declaration an instance of the application runs. */
    enum Declaration {
        /** The former layout alone ({@code count = 4}): it writes until it reads the announced switch. */
        FORMER(Order.class),
        /** The re-shard ({@code count = 8, formerCount = 4}): it reads both layouts and writes throughout. */
        RESHARDING(ReshardingOrder.class),
        /** The new layout alone ({@code count = 8}): it starts once the re-shard is recorded as finished. */
        NEW(ReshardedOrder.class);

        final Class<?> type;

        Declaration(Class<?> type) {
            this.type = type;
        }

        /** {@code order} as an object of this declaration. */
        Object declared(Order order) {
            return copy(order, type);
        }

        /**
         * Whether its writes go through in {@code phase}; otherwise they are refused, changing nothing. Between the
         * announcement and the switch, the former layout's instance writes until it reads the announcement.
         */
        boolean writes(ReshardModel.Phase phase) {
            return switch (this) {
                case FORMER -> phase == ReshardModel.Phase.DECLARED || phase == ReshardModel.Phase.ANNOUNCED;
                case RESHARDING -> true;
                case NEW -> phase == ReshardModel.Phase.FINISHED;
            };
        }

        /** Whether a write may also be refused in {@code phase}, by what the instance's copy of the record holds. */
        boolean mayBeRefused(ReshardModel.Phase phase) {
            return this == FORMER && phase == ReshardModel.Phase.ANNOUNCED;
        }

        /** Whether its reads see every item in {@code phase}. */
        boolean reads(ReshardModel.Phase phase) {
            return switch (this) {
                case FORMER -> phase == ReshardModel.Phase.DECLARED;
                case RESHARDING -> true;
                case NEW -> phase == ReshardModel.Phase.FINISHED;
            };
        }
    }

    /** An object of any of the declarations as the model's {@link Order} (null stays null). */
    static Object modelOrder(Object item) {
        return item == null || item instanceof Order ? item : copy(item, Order.class);
    }

    private static Object copy(Object from, Class<?> to) {
        if (from.getClass() == to) {
            return from;
        }
        try {
            RecordComponent[] components = from.getClass().getRecordComponents();
            Object[] values = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = components[i].getAccessor().invoke(from);
                types[i] = components[i].getType();
            }
            Constructor<?> c = to.getDeclaredConstructor(types);
            return c.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + from + " to " + to.getSimpleName(), e);
        }
    }
}
