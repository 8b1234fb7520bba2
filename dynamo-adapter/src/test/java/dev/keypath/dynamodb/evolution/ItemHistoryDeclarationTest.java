package dev.keypath.dynamodb.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.InvalidItemHistoryException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.internal.mapping.MapperSource;
import dev.keypath.dynamodb.internal.schema.DefaultItemSchema;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A type's version and history are checked when its schema is made: each incoherent declaration is an
 * {@link InvalidItemHistoryException} naming the type, the version and the change; a coherent one upgrades items
 * of every older version in memory, and passes an item of the current version through as it is.
 */
class ItemHistoryDeclarationTest {
    @ItemType(keyPath = "/user-{id}", version = 3)
    record User(UUID id, String fullName, String nickname, @Version Long version) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName"))
                    .version(3, v -> v.added("nickname", AttributeValue.fromS("none"))));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record NoHistory(UUID id, String fullName) {
    }

    @ItemType(keyPath = "/user-{id}")
    record HistoryWithoutVersion(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 3)
    record OutOfOrder(UUID id, String fullName, String nickname) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(3, v -> v.added("nickname")).version(3, v -> v.added("fullName")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record RenamedToNothing(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "displayName")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record RenamedFromAFieldStillThere(UUID id, String name, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record KeyFieldChanged(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("userId", "id")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record VersionFieldChanged(UUID id, @Version Long version) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("revision", "version")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record ChangedTwice(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")
                    .retyped("fullName", s -> s)));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2, name = "Member")
    record WrongTypeName(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.typeRenamed("Person", "Customer")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record NotStatic(UUID id, String fullName) {
        @SchemaHistory
        ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record EmptyVersion(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> { }));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record OldestAboveItsVersion(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")).oldestStoredVersion(3));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record OldestBelowOne(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")).oldestStoredVersion(0));
        }
    }

    @ItemType(keyPath = "/user-{id}", version = 2)
    record Rewritten(UUID id, String fullName) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName")).oldestStoredVersion(2));
        }
    }

    @Test
    void anOldestStoredVersionIsOneOfTheTypesVersionsAndNotAboveTheOneWritten() {
        refused(OldestAboveItsVersion.class, "oldestStoredVersion(3) must be from 1 to the type's version, 2");
        refused(OldestBelowOne.class, "oldestStoredVersion(0) must be from 1 to the type's version, 2");
        assertThat(ItemSchemas.of(Rewritten.class).history().oldestStoredVersion()).isEqualTo(2);
        assertThat(ItemSchemas.of(User.class).history().oldestStoredVersion()).isEqualTo(1);
        assertThatThrownBy(() -> DefaultItemSchema.create(Rewritten.class,
                MapperSource.of(DefaultItemSchema.defaultMapper(), false), 1))
                .isInstanceOf(InvalidItemHistoryException.class)
                .hasMessageContaining("cannot keep writing version 1: its history declares that no item older than "
                        + "version 2 is stored");
        Map<String, AttributeValue> old = stored(UUID.randomUUID(), Map.of("name", AttributeValue.fromS("n")));
        assertThat(ItemSchemas.of(Rewritten.class).upgrade(old)).as("an older item that turns up still reads")
                .containsEntry("fullName", AttributeValue.fromS("n"));
    }

    @Test
    void incoherentDeclarationsAreRefusedWithTheTypeVersionAndChange() {
        refused(NoHistory.class, "NoHistory is at version 2 but its history declares no version after 1");
        refused(HistoryWithoutVersion.class, "is at version 1 but its @SchemaHistory reaches version 2");
        refused(OutOfOrder.class, "history version 3 is out of order");
        refused(RenamedToNothing.class, "'displayName' is not a stored field of the type at version 2");
        refused(RenamedFromAFieldStillThere.class, "'name' is still a stored field at version 2");
        refused(KeyFieldChanged.class, "'id' is a key field or a reserved attribute");
        refused(VersionFieldChanged.class, "'version' is a version, expiry or timestamp field");
        refused(ChangedTwice.class, "'fullName' is changed twice in one version");
        refused(WrongTypeName.class, "the type is stored as 'Member' at this version, not 'Customer'");
        refused(NotStatic.class, "a @SchemaHistory method is static, takes no parameter and returns ItemHistory");
        refused(EmptyVersion.class, "history version 2 declares no change");
    }

    private static void refused(Class<?> type, String message) {
        assertThatThrownBy(() -> ItemSchemas.of(type)).as(type.getSimpleName())
                .isInstanceOf(InvalidItemHistoryException.class).hasMessageContaining(message)
                .hasMessageContaining(type.getSimpleName());
    }

    private static Map<String, AttributeValue> stored(UUID id, Map<String, AttributeValue> fields) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(fields);
        dev.keypath.KeyPath path = dev.keypath.KeyPath.of("user", id);
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        item.put("_type", AttributeValue.fromS("User"));
        return item;
    }

    @Test
    void itemsOfEveryOlderVersionAreUpgradedAndTheCurrentOnePassesAsItIs() {
        ItemSchema<User> schema = ItemSchemas.of(User.class);
        assertThat(schema.schemaVersion()).isEqualTo(3);
        UUID id = UUID.randomUUID();
        assertThat(schema.fromItem(stored(id, Map.of("name", AttributeValue.fromS("Ada")))))
                .isEqualTo(new User(id, "Ada", "none", null));
        assertThat(schema.fromItem(stored(id, Map.of("fullName", AttributeValue.fromS("Ada"),
                "_kp_v", AttributeValue.fromN("2"))))).isEqualTo(new User(id, "Ada", "none", null));
        assertThat(schema.fromItem(stored(id, Map.of("fullName", AttributeValue.fromS("Ada"),
                "nickname", AttributeValue.fromS("A"), "_kp_v", AttributeValue.fromN("3")))))
                .isEqualTo(new User(id, "Ada", "A", null));
        Map<String, AttributeValue> written = schema.toItem(new User(id, "Ada", "A", 4L));
        assertThat(written.get("_kp_v")).isEqualTo(AttributeValue.fromN("3"));
        assertThat(schema.fromItem(written)).isEqualTo(new User(id, "Ada", "A", 4L));
    }

    @Test
    void anItemOfANewerVersionOrAnOddVersionIsUnreadable() {
        ItemSchema<User> schema = ItemSchemas.of(User.class);
        UUID id = UUID.randomUUID();
        for (AttributeValue v : List.of(AttributeValue.fromN("4"), AttributeValue.fromN("0"),
                AttributeValue.fromS("3"), AttributeValue.fromN("2.5"))) {
            assertThatThrownBy(() -> schema.fromItem(stored(id, Map.of("fullName", AttributeValue.fromS("Ada"),
                    "_kp_v", v)))).as("_kp_v %s", v)
                    .isInstanceOf(dev.keypath.dynamodb.UnreadableItemException.class)
                    .hasMessageContaining("[key path /user-" + id + "]");
        }
    }

    @Test
    void aConverterThatFailsMakesTheItemUnreadableNamingTheVersions() {
        @ItemType(keyPath = "/user-{id}", version = 2)
        record Aged(UUID id, int age) {
            @SchemaHistory
            static ItemHistory history() {
                return ItemHistory.of(h -> h.version(2, v -> v.retyped("age",
                        s -> AttributeValue.fromN(Integer.toString(Integer.parseInt(s.s()))))));
            }
        }
        ItemSchema<Aged> schema = ItemSchemas.of(Aged.class);
        UUID id = UUID.randomUUID();
        Map<String, AttributeValue> item = stored(id, Map.of("age", AttributeValue.fromS("forty")));
        item.put("_type", AttributeValue.fromS("Aged"));
        assertThatThrownBy(() -> schema.fromItem(item)).isInstanceOf(dev.keypath.dynamodb.UnreadableItemException.class)
                .hasMessageContaining("at version 1 cannot be upgraded to version 2");
        item.put("age", AttributeValue.fromS("40"));
        assertThat(schema.fromItem(item)).isEqualTo(new Aged(id, 40));
    }
}
