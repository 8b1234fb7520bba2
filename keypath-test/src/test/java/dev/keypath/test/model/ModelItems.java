package dev.keypath.test.model;

import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TableCustomizer;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The item types of the model-based test. Together they carry every feature a write or a read can meet: versions,
 * both timestamps, an alternate key path, sequence and UUID ids, expiry, a sparse KEYS_ONLY and an INCLUDE global
 * index, a local index, null fields, string and number sets, nested records, maps and lists, Bean Validation and a
 * caller's extension ({@link OriginExtension}) that records which write path stored each item.
 */
final class ModelItems {
    static final Class<?>[] TYPES = {Account.class, Order.class, Note.class};
    static final int ORDER_SHARDS = 4;
    static final ValidatorFactory VALIDATION = Validation.buildDefaultValidatorFactory();
    static final byte[] SECRET = "model-test-secret-0123456789".getBytes(StandardCharsets.UTF_8);

    private ModelItems() {
    }

    /** An account with a unique e-mail: versioned, both timestamps as instants, an expiry and a validated name. */
    @ItemType(keyPath = "/account-{accountId}")
    @UniqueKeyPath("/email-{email}")
    record Account(String accountId, String email, @Size(max = 8) String name, Set<String> tags, Profile profile,
                   List<String> notes, Long balance, String origin, @TimeToLive Instant expiresAt,
                   @CreatedAt Instant createdAt, @UpdatedAt Instant updatedAt, @Version Long version) {
    }

    /** A nested record; both fields are set whenever the record is. */
    record Profile(String city, Long visits) {
    }

    /**
     * An order of a shop, its shop's partition spread over {@value #ORDER_SHARDS} shards by order id, at schema
     * version 2 (its quantity added then): a sequence id, epoch timestamps (created in seconds, updated in
     * milliseconds), an expiry, a sparse KEYS_ONLY global index by status and a local index by total.
     */
    @ItemType(keyPath = "/shop-{shopId}/order-{orderId}", version = 2)
    @Sharded(count = ORDER_SHARDS, by = "orderId")
    @SecondaryKeyPath(index = "byStatus", keyPath = "/status-{status}/order-{orderId}",
            projection = IndexProjection.KEYS_ONLY)
    @SecondaryKeyPath(index = "byTotal", keyPath = "/shop-{shopId}/total-{total}/order-{orderId}", local = true)
    record Order(String shopId, @AutoId(AutoId.Strategy.SEQUENCE) long orderId, String status, Long total,
                 Set<Long> ratings, Map<String, Long> counts, List<String> lines, @PositiveOrZero Long qty,
                 String origin, @TimeToLive Instant expiresAt, @CreatedAt(unit = ChronoUnit.SECONDS) long created,
                 @UpdatedAt long updated) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.added("qty")));
        }
    }

    /** A note: a UUID v7 id, versioned, an INCLUDE global index by topic holding the title, a list of records. */
    @ItemType(keyPath = "/note-{noteId}")
    @SecondaryKeyPath(index = "byTopic", keyPath = "/topic-{topic}/note-{noteId}",
            projection = IndexProjection.INCLUDE, include = "title")
    record Note(@AutoId(AutoId.Strategy.UUID_V7) UUID noteId, String topic, String title, String body,
                Set<String> labels, List<Line> lines, String origin, @UpdatedAt Instant touched,
                @Version Long version) {
    }

    /** A nested record in a list; both fields are set. */
    record Line(String text, Long n) {
    }

    /** A projection of an order onto its status and total. */
    record OrderView(String shopId, long orderId, String status, Long total) {
    }

    /** A projection of a note onto its topic and title. */
    record NoteView(UUID noteId, String topic, String title) {
    }

    /**
     * The caller's extension: every write of every type stores, in {@code origin}, the kind of write that stored it
     * (PUT, TRANSACT_PUT, BATCH_PUT, UPDATE, TRANSACT_UPDATE), so a write path that skips the extensions shows.
     */
    static final class OriginExtension implements ItemExtension {
        @Override
        public boolean appliesTo(ItemSchema<?> schema) {
            return true;
        }

        @Override
        public WriteModification beforeWrite(ItemWrite write) {
            return WriteModification.builder().set("origin", AttributeValue.fromS(write.kind().name())).build();
        }
    }

    /** Both tables of the test: the model's clock, the extension, the validator and a shared page-token secret. */
    static final class Settings implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.clock(ModelClock.INSTANCE).extensions(new OriginExtension()).validator(VALIDATION.getValidator())
                    .pageTokenSecret(SECRET);
        }
    }
}
