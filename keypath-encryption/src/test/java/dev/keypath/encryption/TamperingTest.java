package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.encryption.Clinic.Memo;
import dev.keypath.encryption.Clinic.Patient;
import dev.keypath.encryption.Clinic.Visit;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TablePer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An encrypted item changed by a raw client (a byte of ciphertext flipped, a signed attribute changed, an attribute
 * removed or added, the item rewritten unencrypted) is never returned as data: a get throws
 * {@link UnreadableItemException} naming the reason, and a query, a scan and a batch get hand it to the table's
 * unreadable-item handler and go on with the other items.
 */
@KeyPathDynamoDb(types = {Patient.class, Visit.class, Memo.class}, tablePer = TablePer.METHOD)
class TamperingTest {
    @Injected
    DynamoDbClient client;
    @Injected
    DynamoDbAsyncClient asyncClient;
    @Injected
    KeyPathTable plainTable;

    private final List<UnreadableItemException> unreadable = new CopyOnWriteArrayList<>();
    private KeyPathTable table;
    private KeyPathAsyncTable async;
    private UUID id;
    private Patient patient;
    private Visit intact;
    private Visit tampered;

    @BeforeEach
    void items() {
        table = KeyPathTables.builder().client(client).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(Clinic.encryption())
                .onUnreadableItem(unreadable::add).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(Clinic.encryption())
                .onUnreadableItem(unreadable::add).build();
        id = UUID.randomUUID();
        patient = table.put(new Patient(id, "Gus", "diagnosis of Gus", "south", "a note", null));
        intact = table.put(new Visit(id, 1, "intact visit", 5));
        tampered = table.put(new Visit(id, 2, "visit to tamper with", 6));
    }

    private Map<String, AttributeValue> raw(KeyPath path) {
        return client.getItem(r -> r.tableName(plainTable.tableName()).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    /** Rewrites the stored item at {@code path} as {@code change} makes it, through the raw client. */
    private void rewrite(KeyPath path, UnaryOperator<Map<String, AttributeValue>> change) {
        Map<String, AttributeValue> item = change.apply(new HashMap<>(raw(path)));
        client.putItem(r -> r.tableName(plainTable.tableName()).item(item));
    }

    private static Map<String, AttributeValue> flipByte(Map<String, AttributeValue> item, String attribute) {
        byte[] bytes = item.get(attribute).b().asByteArray();
        bytes[bytes.length / 2] ^= 0x01;
        item.put(attribute, AttributeValue.fromB(SdkBytes.fromByteArray(bytes)));
        return item;
    }

    /** The tampered visit is unreadable by every read, the reason named; the intact items read as written. */
    private void assertTamperedVisitIsNeverData() {
        KeyPath path = table.keyPathOf(tampered);
        assertThatThrownBy(() -> table.get(Visit.class, path)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("failed decryption or signature verification")
                .satisfies(e -> assertThat(((UnreadableItemException) e).keyPath()).contains(path));

        unreadable.clear();
        List<Object> items = table.query(q -> q.subtree(KeyPath.of("patient", id))).items();
        assertThat(items).containsExactly(patient, intact);
        assertThat(unreadable).singleElement().satisfies(e -> {
            assertThat(e.keyPath()).contains(path);
            assertThat(e.getMessage()).contains("failed decryption or signature verification");
        });

        unreadable.clear();
        assertThat(async.query(ItemQuery.of(q -> q.subtree(KeyPath.of("patient", id)))).join().items())
                .containsExactly(patient, intact);
        assertThat(unreadable).hasSize(1);

        unreadable.clear();
        assertThat(table.batchGet(Visit.class, List.of(table.keyPathOf(intact), path))).containsExactly(intact);
        assertThat(unreadable).singleElement().satisfies(e -> assertThat(e.keyPath()).contains(path));

        unreadable.clear();
        assertThat(table.stream(ItemScan.of(s -> s.types(Visit.class))).toList())
                .contains(intact).doesNotContain(tampered);
        assertThat(unreadable).hasSize(1);
    }

    @Test
    void aFlippedByteOfCiphertextIsNeverReadAsData() {
        rewrite(table.keyPathOf(tampered), item -> flipByte(item, "summary"));
        assertTamperedVisitIsNeverData();
        Map<String, AttributeValue> stored = raw(table.keyPathOf(tampered)); // as an export's reader meets it
        assertThatThrownBy(() -> table.readStoredItem(stored)).isInstanceOf(UnreadableItemException.class)
                .hasMessageContaining("failed decryption or signature verification");
    }

    @Test
    void aChangedSignatureIsNeverReadAsData() {
        rewrite(table.keyPathOf(tampered), item -> flipByte(item, "aws_dbe_foot"));
        assertTamperedVisitIsNeverData();
    }

    @Test
    void aRemovedAttributeIsNeverReadAsData() {
        rewrite(table.keyPathOf(tampered), item -> {
            item.remove("minutes");
            return item;
        });
        assertTamperedVisitIsNeverData();
    }

    @Test
    void anAddedAttributeIsNeverReadAsData() {
        rewrite(table.keyPathOf(tampered), item -> {
            item.put("minutes2", AttributeValue.fromN("7"));
            return item;
        });
        assertTamperedVisitIsNeverData();
    }

    @Test
    void anItemRewrittenUnencryptedIsNeverReadAsData() {
        Map<String, AttributeValue> plain = new HashMap<>(table.schema(Visit.class).toItem(tampered));
        client.putItem(r -> r.tableName(plainTable.tableName()).item(plain));
        assertTamperedVisitIsNeverData();
    }

    @Test
    void aChangedSignedAttributeIsNeverReadAsData() {
        KeyPath path = table.keyPathOf(patient);
        rewrite(path, item -> {
            item.put("ward", AttributeValue.fromS("north"));
            return item;
        });
        assertThatThrownBy(() -> table.get(Patient.class, path)).isInstanceOf(UnreadableItemException.class);
        unreadable.clear();
        assertThat(table.query(q -> q.subtree(KeyPath.of("patient", id))).items()).doesNotContain(patient)
                .contains(intact, tampered);
        assertThat(unreadable).singleElement().satisfies(e -> assertThat(e.keyPath()).contains(path));
    }

    @Test
    void anUnsignedAttributeMayChangeAndTheItemStillReads() {
        KeyPath path = table.keyPathOf(patient);
        rewrite(path, item -> {
            item.put("note", AttributeValue.fromS("changed by anyone"));
            return item;
        });
        assertThat(table.get(Patient.class, path)).contains(patient.withNote("changed by anyone"));
    }
}
