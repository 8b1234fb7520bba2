package dev.keypath.test.adapter;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;

/**
 * Item types whose global index partition is sharded ({@code @SecondaryKeyPath(sharded = ...)}), beside the same
 * index unsharded: orders of many shops whose "open" status is one hot index key.
 */
final class IndexShardModel {
    /** Every type below. */
    static final Class<?>[] ALL = {Order.class, PlainOrder.class, Visit.class, S1.class, S2.class, S3.class,
            S7.class, S16.class, S64.class};

    /** The types of the index-sharding property, by shard count. */
    static final Class<?>[] BY_COUNT = {S1.class, S2.class, S3.class, S7.class, S16.class, S64.class};

    private IndexShardModel() {
    }

    /** What the property's types have in common. */
    interface Row {
        String shop();

        long id();

        String status();
    }

    /**
     * An order with every write feature, indexed by status over 8 shards calculated from its id, and by status
     * again in a keys-only index whose shard is drawn at random at each write.
     */
    @ItemType(keyPath = "/shop-{shop}/order-{orderId}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/status-{status}/order-{orderId}",
            sharded = @Sharded(count = 8, by = "orderId"))
    @SecondaryKeyPath(index = "openKeys", keyPath = "/open-{status}/amount-{amount}/order-{orderId}",
            projection = IndexProjection.KEYS_ONLY, sharded = @Sharded(count = 4, random = true))
    record Order(String shop, @AutoId(AutoId.Strategy.UUID_V7) java.util.UUID orderId, String status, Long amount,
                 String note, @Version Long version, @UpdatedAt Instant updated, @TimeToLive Instant expires) {
    }

    /** The same orders, their status index unsharded. */
    @ItemType(keyPath = "/pshop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/pstatus-{status}/order-{id}")
    record PlainOrder(String shop, long id, String status) implements Row {
    }

    /** Visits indexed by page, each index entry in a random shard. */
    @ItemType(keyPath = "/site-{site}/visit-{visitId}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/page-{page}/visit-{visitId}",
            sharded = @Sharded(count = 3, random = true))
    record Visit(String site, long visitId, String page) {
    }

    @ItemType(name = "S1", keyPath = "/s1shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s1status-{status}/order-{id}",
            sharded = @Sharded(count = 1, by = "id"))
    record S1(String shop, long id, String status) implements Row {
    }

    @ItemType(name = "S2", keyPath = "/s2shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s2status-{status}/order-{id}",
            sharded = @Sharded(count = 2, by = "id"))
    record S2(String shop, long id, String status) implements Row {
    }

    @ItemType(name = "S3", keyPath = "/s3shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s3status-{status}/order-{id}",
            sharded = @Sharded(count = 3, by = "id"))
    record S3(String shop, long id, String status) implements Row {
    }

    @ItemType(name = "S7", keyPath = "/s7shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s7status-{status}/order-{id}",
            sharded = @Sharded(count = 7, by = "id"))
    record S7(String shop, long id, String status) implements Row {
    }

    @ItemType(name = "S16", keyPath = "/s16shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s16status-{status}/order-{id}",
            sharded = @Sharded(count = 16, by = "id"))
    record S16(String shop, long id, String status) implements Row {
    }

    @ItemType(name = "S64", keyPath = "/s64shop-{shop}/order-{id}")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/s64status-{status}/order-{id}",
            sharded = @Sharded(count = 64, by = "id"))
    record S64(String shop, long id, String status) implements Row {
    }
}
