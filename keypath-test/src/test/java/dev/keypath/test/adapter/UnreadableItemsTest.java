package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathMismatchException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stored items that cannot be read, written by another client: each is an {@link UnreadableItemException} naming
 * its key path and what is wrong; a get always fails, a collection read fails or skips as its handler says.
 */
class UnreadableItemsTest {
    @ItemType(keyPath = "/box-{boxId}")
    record Box(String boxId, String label) {
    }

    @ItemType(keyPath = "/box-{boxId}/slot-{slot}")
    record Slot(String boxId, int slot, int count) {
    }

    private static String tableName;
    private static KeyPathTable failing;

    @BeforeAll
    static void setUp() {
        tableName = TestDynamoDb.uniqueTableName("unreadable");
        failing = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(tableName)
                .register(Box.class, Slot.class).build();
        failing.bootstrap();
    }

    private static void writeRaw(KeyPath path, Map<String, AttributeValue> attributes) {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.put("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())));
        item.put("sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        TestDynamoDb.get().client().putItem(r -> r.tableName(tableName).item(item));
    }

    @Test
    void eachKindOfDamageNamesTheKeyPathAndTheProblem() {
        String box = "damaged-" + UUID.randomUUID();
        KeyPath corrupt = KeyPath.of("box", box).then("slot", 1);
        writeRaw(corrupt, Map.of("_type", AttributeValue.fromS("Slot"), "count", AttributeValue.fromS("many")));
        KeyPath wrongType = KeyPath.of("box", box).then("slot", 2);
        writeRaw(wrongType, Map.of("_type", AttributeValue.fromS("Box"), "label", AttributeValue.fromS("x")));
        KeyPath outOfRange = KeyPath.of("box", box).then("slot", 10_000_000_000L);
        writeRaw(outOfRange, Map.of("_type", AttributeValue.fromS("Slot"), "count", AttributeValue.fromN("1")));
        KeyPath untyped = KeyPath.of("box", box).then("slot", 3);
        writeRaw(untyped, Map.of("count", AttributeValue.fromN("1")));
        KeyPath unknown = KeyPath.of("box", box).then("slot", 4);
        writeRaw(unknown, Map.of("_type", AttributeValue.fromS("Gadget"), "count", AttributeValue.fromN("1")));

        assertUnreadable(corrupt, Slot.class, "count");
        assertUnreadable(wrongType, Box.class, "does not match");
        assertUnreadable(outOfRange, Slot.class, "10000000000");
        assertUnreadable(untyped, Slot.class, "no _type");
        assertUnreadable(unknown, Slot.class, "'Gadget' is not registered");
    }

    private static void assertUnreadable(KeyPath path, Class<?> asked, String what) {
        if (!fits(asked, path)) { // a path that cannot be one of the asked type's: refused before any request
            assertThatThrownBy(() -> failing.get(asked, path)).as("get %s", path)
                    .isInstanceOf(KeyPathMismatchException.class).hasMessageContaining(path.toString());
            assertThatThrownBy(() -> failing.query(q -> q.subtree(path))).as("query %s", path)
                    .isInstanceOf(UnreadableItemException.class).hasMessageContaining(what)
                    .hasMessageContaining(path.toString());
            return;
        }
        assertThatThrownBy(() -> failing.get(asked, path)).as("get %s", path)
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining(what)
                .hasMessageContaining(path.toString());
        assertThatThrownBy(() -> failing.query(q -> q.subtree(path))).as("query %s", path)
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining(path.toString());
        assertThatThrownBy(() -> failing.batchGet(asked, List.of(path))).as("batch get %s", path)
                .isInstanceOf(UnreadableItemException.class).hasMessageContaining(path.toString());
    }

    /** Whether {@code path} can address an item of {@code type}: its shape and ids fit the type's template. */
    private static boolean fits(Class<?> type, KeyPath path) {
        try {
            if (failing.schema(type).keyPathTemplate().match(path).isEmpty()) {
                return false;
            }
            return type != Slot.class || path.id(1).asBigInteger().bitLength() < 32;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Test
    void aSkippingHandlerLeavesThemOutAndHearsOfEach() {
        String box = "skip-" + UUID.randomUUID();
        failing.put(new Box(box, "fine"));
        failing.put(new Slot(box, 1, 5));
        KeyPath untyped = KeyPath.of("box", box).then("slot", 2);
        writeRaw(untyped, Map.of("count", AttributeValue.fromN("1")));
        KeyPath corrupt = KeyPath.of("box", box).then("slot", 3);
        writeRaw(corrupt, Map.of("_type", AttributeValue.fromS("Slot"), "count", AttributeValue.fromS("many")));
        failing.put(new Slot(box, 4, 7));

        List<KeyPath> skipped = new ArrayList<>();
        KeyPathTable skipping = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(tableName)
                .register(Box.class, Slot.class)
                .onUnreadableItem(e -> skipped.add(e.keyPath().orElseThrow())).build();
        assertThat(skipping.query(q -> q.subtree(KeyPath.of("box", box))).items())
                .containsExactly(new Box(box, "fine"), new Slot(box, 1, 5), new Slot(box, 4, 7));
        assertThat(skipped).containsExactly(untyped, corrupt);
        assertThat(skipping.query(Slot.class, ItemQuery.of(q -> q.subtree(KeyPath.of("box", box).then("slot"))))
                .items()).extracting(Slot::slot).containsExactly(1, 4);
        assertThatThrownBy(() -> skipping.get(Slot.class, corrupt)).as("a get never skips")
                .isInstanceOf(UnreadableItemException.class);
    }
}
