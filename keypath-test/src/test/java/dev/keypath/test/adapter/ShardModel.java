package dev.keypath.test.adapter;

import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/** Sharded item types, beside unsharded ones that share their partitions or hold the same items unsharded. */
final class ShardModel {
    /** Every type below. */
    static final Class<?>[] ALL = {Event.class, PlainEvent.class, Shop.class, Order.class, Ticket.class,
            Visit.class, Reading.class};

    private ShardModel() {
    }

    /** Today's events: one hot parent, spread over 16 shards by event id; a global index by kind. */
    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 16, by = "eventId")
    @SecondaryKeyPath(index = "byKind", keyPath = "/kind-{kind}/event-{eventId}")
    record Event(String day, long eventId, String kind, String body, Set<String> tags) {
    }

    /** The same items as {@link Event}, unsharded, under {@code /plainday-…}. */
    @ItemType(keyPath = "/plainday-{day}/event-{eventId}")
    @SecondaryKeyPath(index = "byKind", keyPath = "/plainkind-{kind}/event-{eventId}")
    record PlainEvent(String day, long eventId, String kind, String body, Set<String> tags) {
    }

    /** An unsharded parent whose orders are sharded: a query of a shop reads its partition and the 4 shards. */
    @ItemType(keyPath = "/shop-{shopId}")
    record Shop(String shopId, String name) {
    }

    /** Sharded orders with every write feature: version, timestamps, a unique key path, expiry, a local index. */
    @ItemType(keyPath = "/shop-{shopId}/order-{orderId}")
    @Sharded(count = 4, by = "orderId")
    @UniqueKeyPath("/ordernumber-{number}")
    @SecondaryKeyPath(index = "byAmount", keyPath = "/shop-{shopId}/amount-{amount}", local = true,
            projection = IndexProjection.KEYS_ONLY)
    record Order(String shopId, @AutoId(AutoId.Strategy.UUID_V7) UUID orderId, String number, long amount,
                 @Version Long version, @CreatedAt Instant created, @UpdatedAt Instant updated,
                 @TimeToLive Instant expires) {
    }

    /** Sequence ids in a sharded queue. */
    @ItemType(keyPath = "/queue-{queue}/ticket-{ticketId}")
    @Sharded(count = 4, by = "ticketId")
    record Ticket(String queue, @AutoId(AutoId.Strategy.SEQUENCE) long ticketId, String who) {
    }

    /** Append-only visits, each in a shard drawn at random. */
    @ItemType(keyPath = "/site-{site}/visit-{visitId}")
    @Sharded(count = 8, random = true)
    record Visit(String site, @AutoId(AutoId.Strategy.UUID_V7) UUID visitId, String page) {
    }

    /** A sensor's readings, sharded by the reading's time and a sequence within it. */
    @ItemType(keyPath = "/sensor-{sensor}/at-{at}/reading-{seq}")
    @Sharded(count = 3, by = {"at", "seq"})
    record Reading(String sensor, long at, long seq, double value) {
    }
}
