package dev.keypath.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.InvalidConditionException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.encryption.Clinic.Memo;
import dev.keypath.encryption.Clinic.Patient;
import dev.keypath.encryption.Clinic.PatientName;
import dev.keypath.encryption.Clinic.Visit;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every operation on encrypted types through DynamoDB Local: what is read back equals what was written, and what
 * DynamoDB holds is ciphertext for the encrypted fields (the raw item holds no plaintext of them), while keys, the
 * signed ward, the unsigned note and the plain memo type stay readable. Updates and conditions DynamoDB cannot carry
 * out on ciphertext are refused before any request.
 */
@KeyPathDynamoDb(types = {Patient.class, Visit.class, Memo.class})
class EncryptedItemsTest {
    @Injected
    DynamoDbClient client;
    @Injected
    DynamoDbAsyncClient asyncClient;
    @Injected
    KeyPathTable plainTable;
    @Injected
    URI endpoint;

    private final AtomicInteger requests = new AtomicInteger();
    private KeyPathTable table;
    private KeyPathAsyncTable async;

    @BeforeEach
    void tables() {
        DynamoDbClient counted = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
                .overrideConfiguration(c -> c.addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                        requests.incrementAndGet();
                    }
                })).build();
        table = KeyPathTables.builder().client(counted).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(Clinic.encryption()).build();
        async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(plainTable.tableName())
                .register(Clinic.TYPES.toArray(Class<?>[]::new)).storedItemCodec(Clinic.encryption()).build();
    }

    private static Patient patient(String name) {
        return new Patient(UUID.randomUUID(), name, "diagnosis of " + name, "east", "an unsigned note", null);
    }

    private Map<String, AttributeValue> raw(KeyPath path) {
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromB(
                SdkBytes.fromByteArray(path.partitionKey())), "sk",
                AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())));
        return client.getItem(r -> r.tableName(plainTable.tableName()).key(key)).item();
    }

    /** Asserts that no attribute of {@code item} holds any of {@code plaintexts}, as text or as bytes. */
    private static void assertHoldsNone(Map<String, AttributeValue> item, String... plaintexts) {
        String everything = item.values().stream().map(v -> v.toString() + (v.b() == null ? ""
                : new String(v.b().asByteArray(), StandardCharsets.ISO_8859_1))).collect(Collectors.joining("|"));
        for (String p : plaintexts) {
            assertThat(everything).doesNotContain(p);
        }
    }

    @Test
    void aPutPatientReadsBackAndIsStoredAsCiphertext() {
        Patient stored = table.put(patient("Ada Lovelace"));
        assertThat(stored.version()).isEqualTo(1L);
        KeyPath path = table.keyPathOf(stored);
        assertThat(table.get(Patient.class, path)).contains(stored);
        assertThat(async.get(Patient.class, path).join()).contains(stored);

        Map<String, AttributeValue> raw = raw(path);
        assertThat(raw.get("name").b()).isNotNull();      // ciphertext, as binary
        assertThat(raw.get("diagnosis").b()).isNotNull();
        assertHoldsNone(raw, "Ada Lovelace", "diagnosis of Ada");
        assertThat(raw.get("ward").s()).isEqualTo("east"); // signed, readable
        assertThat(raw.get("note").s()).isEqualTo("an unsigned note");
        assertThat(raw.get("_type").s()).isEqualTo(table.schema(Patient.class).typeName());
        assertThat(raw.get("version").n()).isEqualTo("1");
        assertThat(raw).containsKeys("aws_dbe_head", "aws_dbe_foot", "byWard_pk", "byWard_sk");
    }

    @Test
    void aPlainTypeBesideEncryptedOnesIsStoredAsMapped() {
        Memo memo = table.put(new Memo(UUID.randomUUID(), 1, "plain words"));
        Map<String, AttributeValue> raw = raw(table.keyPathOf(memo));
        assertThat(raw.get("text").s()).isEqualTo("plain words");
        assertThat(raw).doesNotContainKey("aws_dbe_head");
        assertThat(table.get(Memo.class, table.keyPathOf(memo))).contains(memo);
    }

    @Test
    void aDeleteRemovesAnEncryptedItem() {
        Patient stored = table.put(patient("Bea"));
        table.delete(stored);
        assertThat(table.get(Patient.class, table.keyPathOf(stored))).isEmpty();
    }

    @Test
    void batchesAndTransactionsWriteAndReadEncryptedItems() {
        UUID id = UUID.randomUUID();
        List<Visit> visits = List.of(new Visit(id, 1, "first visit", 10), new Visit(id, 2, "second visit", 20));
        table.batchWrite(b -> visits.forEach(b::put));
        List<KeyPath> paths = visits.stream().map(table::keyPathOf).toList();
        assertThat(table.batchGet(Visit.class, paths)).containsExactlyInAnyOrderElementsOf(visits);
        assertHoldsNone(raw(paths.get(0)), "first visit");

        Visit third = new Visit(id, 3, "third visit", 30);
        Patient p = new Patient(id, "Cy", "diagnosis of Cy", "west", null, null);
        table.transact(t -> t.put(third).put(p));
        assertHoldsNone(raw(table.keyPathOf(third)), "third visit");
        var snapshot = table.transactGet(List.of(ItemKey.of(Visit.class, table.keyPathOf(third)),
                ItemKey.of(Patient.class, KeyPath.of("patient", id))));
        assertThat(snapshot.get(Visit.class, table.keyPathOf(third))).contains(third);
        assertThat(snapshot.get(Patient.class, KeyPath.of("patient", id)).orElseThrow().name()).isEqualTo("Cy");
    }

    @Test
    void queriesScansCountsAndProjectionsReadEncryptedItems() {
        UUID id = UUID.randomUUID();
        Patient p = table.put(new Patient(id, "Dee", "diagnosis of Dee", "north", null, null));
        List<Visit> visits = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            visits.add(table.put(new Visit(id, i, "visit " + i, i)));
        }
        Memo memo = table.put(new Memo(id, 1, "memo"));
        KeyPath subtree = KeyPath.of("patient", id);

        List<Object> all = table.query(q -> q.subtree(subtree)).items();
        assertThat(all).contains(p, memo).containsAll(visits).hasSize(7);
        assertThat(async.query(q -> q.subtree(subtree)).join().items()).containsExactlyElementsOf(all);
        assertThat(table.stream(Visit.class, ItemQuery.of(q -> q.subtree(subtree).types(Visit.class).limit(2))))
                .containsExactlyElementsOf(visits);
        assertThat(table.count(q -> q.subtree(subtree).types(Visit.class))).isEqualTo(5);

        assertThat(table.query(q -> q.subtree(KeyPath.of("ward", "north")).index("byWard")).items()).containsExactly(p);
        assertThat(table.query(q -> q.subtree(KeyPath.of("ward", "north")).index("byWard")
                .filter(Condition.attributeEquals("ward", "north"))).items()).containsExactly(p);

        Projection<PatientName> names = Projection.of(Patient.class, PatientName.class);
        assertThat(table.get(names, table.keyPathOf(p))).contains(new PatientName("Dee", "north"));
        assertThat(table.query(names, ItemQuery.of(q -> q.subtree(subtree))).items())
                .containsExactly(new PatientName("Dee", "north"));
        assertThat(table.batchGet(names, List.of(table.keyPathOf(p)), ReadConsistency.STRONG))
                .containsExactly(new PatientName("Dee", "north"));

        List<Object> scanned = table.stream(ItemScan.of(s -> s.types(Visit.class))).toList();
        assertThat(scanned).containsAll(visits);
        assertThat(async.scan(ItemScan.of(s -> s.types(Patient.class))).join().items()).contains(p);
    }

    @Test
    void anUpdateOfASignedOrEncryptedAttributeIsRefusedBeforeAnyRequest() {
        Patient p = table.put(patient("Eve"));
        int before = requests.get();
        assertThatThrownBy(() -> table.update(UpdateItem.of(Patient.class, table.keyPathOf(p),
                u -> u.set("diagnosis", "changed"))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("diagnosis")
                .hasMessageContaining("ENCRYPT_AND_SIGN").hasMessageContaining("put");
        // the note is unsigned, but the update also increments the signed version
        assertThatThrownBy(() -> table.update(UpdateItem.of(Patient.class, table.keyPathOf(p),
                u -> u.set("note", "changed"))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("version: SIGN_ONLY");
        assertThatThrownBy(() -> table.transact(t -> t.update(UpdateItem.of(Visit.class,
                KeyPath.of("patient", p.id()).then("visit", 1), u -> u.set("minutes", 3)))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("minutes");
        assertThat(requests.get()).isEqualTo(before);
        assertThat(table.get(Patient.class, table.keyPathOf(p))).contains(p);
    }

    @Test
    void aConditionOrFilterOnAnEncryptedAttributeIsRefusedBeforeAnyRequest() {
        Patient p = table.put(patient("Fay"));
        int before = requests.get();
        assertThatThrownBy(() -> table.put(PutItem.builder(p).condition(
                Condition.attributeEquals("diagnosis", "x")).build()))
                .isInstanceOf(InvalidConditionException.class).hasMessageContaining("'diagnosis'")
                .hasMessageContaining("stored encrypted");
        assertThatThrownBy(() -> table.delete(DeleteItem.builder(Patient.class,
                table.keyPathOf(p)).condition(Condition.of("begins_with(#n, :v)", Map.of("#n", "name"),
                Map.of(":v", "F"))).build()))
                .isInstanceOf(InvalidConditionException.class).hasMessageContaining("'name'");
        assertThatThrownBy(() -> table.query(q -> q.subtree(KeyPath.of("patient", p.id()))
                .filter(Condition.of("size(#n) > :z", Map.of("#n", "name"), Map.of(":z", 1)))))
                .isInstanceOf(InvalidConditionException.class).hasMessageContaining("filter");
        assertThatThrownBy(() -> table.scan(ItemScan.of(s -> s.filter(Condition.attributeEquals("summary", "x")))))
                .isInstanceOf(InvalidConditionException.class).hasMessageContaining("'summary'");
        assertThat(requests.get()).isEqualTo(before);

        // existence and signed attributes can be tested
        Patient again = table.put(PutItem.builder(p).condition(Condition.of(
                "attribute_exists(diagnosis) AND ward = :w", Map.of(), Map.of(":w", "east"))).build());
        assertThat(again.version()).isEqualTo(2L);
    }

    @Test
    void aReadModifyWriteChangesEncryptedFieldsWhereAnUpdateCannot() {
        Patient p = table.put(patient("Gil"));
        Patient changed = table.readModifyWrite(tx -> {
            Patient read = tx.read(Patient.class, table.keyPathOf(p)).orElseThrow();
            Patient next = new Patient(read.id(), read.name(), "revised diagnosis", read.ward(), read.note(),
                    read.version());
            tx.put(next);
            return next;
        });
        assertThat(changed.diagnosis()).isEqualTo("revised diagnosis");
        Patient read = table.get(Patient.class, table.keyPathOf(p)).orElseThrow();
        assertThat(read.diagnosis()).isEqualTo("revised diagnosis");
        assertThat(read.version()).isEqualTo(2L);
        assertHoldsNone(raw(table.keyPathOf(p)), "revised diagnosis");

        Visit v = table.put(new Visit(p.id(), 9, "unversioned", 1)); // no version: every stored attribute is checked
        table.readModifyWrite(tx -> {
            Visit r = tx.read(Visit.class, table.keyPathOf(v)).orElseThrow();
            tx.put(new Visit(r.patientId(), r.at(), r.summary(), r.minutes() + 1));
            return null;
        });
        assertThat(table.get(Visit.class, table.keyPathOf(v)).orElseThrow().minutes()).isEqualTo(2);
    }

    @Test
    void aStoredItemReadByTheToolsIsDecrypted() {
        // what keypath-export's readers and the CLI read a stored item with
        Patient p = table.put(patient("Hana"));
        assertThat(table.readStoredItem(raw(table.keyPathOf(p)))).contains(p);
    }
}
