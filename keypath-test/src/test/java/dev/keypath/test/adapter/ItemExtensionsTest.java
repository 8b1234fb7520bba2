package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemExtension;
import dev.keypath.dynamodb.ItemKey;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemRead;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemWrite;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.ReadModification;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.WriteKind;
import dev.keypath.dynamodb.WriteModification;
import dev.keypath.dynamodb.annotation.IndexProjection;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Extensions of the caller's, on both tables: the write hooks see every kind of write and change what is stored,
 * their conditions join the caller's without clashing placeholders, the read hooks change what every read maps or
 * hide an item, and a type no extension applies to is never shown to one.
 */
@KeyPathDynamoDb(types = {ItemExtensionsTest.Memo.class, ItemExtensionsTest.Plain.class, ItemExtensionsTest.Filed.class},
        customizers = ItemExtensionsTest.Extensions.class)
class ItemExtensionsTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    @ItemType(keyPath = "/memo-{id}")
    record Memo(String id, String secret, boolean archived, Boolean locked) {
        static Memo of(String id, String secret) {
            return new Memo(id, secret, false, false);
        }
    }

    @ItemType(keyPath = "/plain-{id}")
    record Plain(String id, String text) {
    }

    /** Memos filed in a book, and by shelf in a KEYS_ONLY index; archived ones read as absent. */
    @ItemType(keyPath = "/book-{book}/filed-{n}")
    @SecondaryKeyPath(index = "filedByShelf", keyPath = "/shelf-{shelf}/filed-{n}",
            projection = IndexProjection.KEYS_ONLY)
    record Filed(String book, long n, String shelf, boolean archived) {
    }

    /** Notes in a book: no extension of the counting table below hides them. */
    @ItemType(keyPath = "/book-{book}/note-{n}")
    record BookNote(String book, long n, String text) {
    }

    /** What a write hook was shown. */
    record Seen(WriteKind kind, String type, KeyPath keyPath, boolean hasItem, Map<String, AttributeValue> attributes) {
    }

    static final List<Seen> SEEN = new CopyOnWriteArrayList<>();

    /** Records each write it is shown; applies to Memo only. */
    static final ItemExtension RECORDING = new ItemExtension() {
        @Override
        public boolean appliesTo(ItemSchema<?> schema) {
            return schema.type() == Memo.class;
        }

        @Override
        public WriteModification beforeWrite(ItemWrite write) {
            SEEN.add(new Seen(write.kind(), write.schema().typeName(), write.keyPath(), write.item() != null,
                    Map.copyOf(write.attributes())));
            return WriteModification.NONE;
        }
    };

    /** Stores {@code secret} reversed and reverses it back on reads: a stand-in for field encryption. */
    static final ItemExtension SEALING = new ItemExtension() {
        @Override
        public boolean appliesTo(ItemSchema<?> schema) {
            return schema.type() == Memo.class;
        }

        @Override
        public WriteModification beforeWrite(ItemWrite write) {
            AttributeValue secret = write.attributes().get("secret");
            return secret == null || secret.s() == null ? WriteModification.NONE
                    : WriteModification.builder().set("secret", AttributeValue.fromS(reversed(secret.s()))).build();
        }

        @Override
        public ReadModification afterRead(ItemRead read) {
            AttributeValue secret = read.attributes().get("secret");
            if (secret == null || secret.s() == null) {
                return ReadModification.NONE;
            }
            Map<String, AttributeValue> opened = new HashMap<>(read.attributes());
            opened.put("secret", AttributeValue.fromS(reversed(secret.s())));
            return ReadModification.replaceAttributes(opened);
        }
    };

    /** A locked memo cannot be written again; uses the placeholders a caller may use too. */
    static final ItemExtension LOCK = new ItemExtension() {
        @Override
        public boolean appliesTo(ItemSchema<?> schema) {
            return schema.type() == Memo.class;
        }

        @Override
        public WriteModification beforeWrite(ItemWrite write) {
            if (write.kind() == WriteKind.BATCH_PUT) {
                return WriteModification.NONE;
            }
            return WriteModification.builder().condition(Condition.of("attribute_not_exists(#l) OR #l = :v",
                    Map.of("#l", "locked"), Map.of(":v", false))).build();
        }
    };

    /** Archived memos read as absent. */
    static final ItemExtension HIDE_ARCHIVED = new ItemExtension() {
        @Override
        public ReadModification afterRead(ItemRead read) {
            AttributeValue archived = read.attributes().get("archived");
            return archived != null && Boolean.TRUE.equals(archived.bool()) ? ReadModification.absent()
                    : ReadModification.NONE;
        }
    };

    static final class Extensions implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.extensions(RECORDING, SEALING, LOCK, HIDE_ARCHIVED);
        }
    }

    private static String reversed(String s) {
        return new StringBuilder(s).reverse().toString();
    }

    private static KeyPath memo(String id) {
        return KeyPath.of("memo", id);
    }

    private static List<Seen> seen(KeyPath keyPath) {
        return SEEN.stream().filter(s -> s.keyPath().equals(keyPath)).toList();
    }

    @Test
    void writeHooksSeeEveryKindOfWriteWithItsTypeAndKeyPath() throws Exception {
        String id = UUID.randomUUID().toString();
        table.put(Memo.of(id, "a"));
        table.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "b")));
        table.transact(tx -> tx.put(Memo.of(id, "c")));
        table.transact(tx -> tx.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "d"))));
        table.batchWrite(w -> w.put(Memo.of(id, "e")));
        async.put(Memo.of(id, "f")).get(30, TimeUnit.SECONDS);
        async.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "g"))).get(30, TimeUnit.SECONDS);
        async.transact(tx -> tx.put(Memo.of(id, "h"))).get(30, TimeUnit.SECONDS);
        async.batchWrite(w -> w.put(Memo.of(id, "i"))).get(30, TimeUnit.SECONDS);

        List<Seen> seen = seen(memo(id));
        assertThat(seen).extracting(Seen::kind).containsExactly(WriteKind.PUT, WriteKind.UPDATE,
                WriteKind.TRANSACT_PUT, WriteKind.TRANSACT_UPDATE, WriteKind.BATCH_PUT, WriteKind.PUT,
                WriteKind.UPDATE, WriteKind.TRANSACT_PUT, WriteKind.BATCH_PUT);
        assertThat(seen).allSatisfy(s -> assertThat(s.type()).isEqualTo("Memo"));
        assertThat(seen).allSatisfy(s -> assertThat(s.hasItem()).isEqualTo(s.kind().isPut()));
        assertThat(seen.get(0).attributes()).containsKeys("pk", "sk", "_type", "secret");
        assertThat(seen.get(1).attributes()).containsOnlyKeys("secret"); // what the update sets
        assertThat(table.get(Memo.class, memo(id)).orElseThrow().secret()).isEqualTo("i");
    }

    @Test
    void aTypeNoExtensionAppliesToIsNeverShownToOne() {
        String id = UUID.randomUUID().toString();
        table.put(new Plain(id, "text"));
        table.update(Plain.class, KeyPath.of("plain", id), UpdateSpec.of(u -> u.set("text", "t2")));
        assertThat(SEEN).noneMatch(s -> s.keyPath().equals(KeyPath.of("plain", id)));
        assertThat(raw(KeyPath.of("plain", id)).get("text").s()).isEqualTo("t2");
    }

    @Test
    void aWriteHookChangesWhatIsStoredAndAReadHookChangesWhatEveryReadMaps() throws Exception {
        String id = UUID.randomUUID().toString();
        Memo put = table.put(Memo.of(id, "abc"));
        assertThat(put.secret()).isEqualTo("abc");
        assertThat(raw(memo(id)).get("secret").s()).isEqualTo("cba");
        assertThat(table.get(Memo.class, memo(id)).orElseThrow().secret()).isEqualTo("abc");
        assertThat(async.get(Memo.class, memo(id)).get(30, TimeUnit.SECONDS).orElseThrow().secret()).isEqualTo("abc");
        assertThat(table.query(q -> q.subtree(memo(id))).items()).singleElement()
                .extracting(m -> ((Memo) m).secret()).isEqualTo("abc");
        assertThat(table.batchGet(List.of(ItemKey.of(Memo.class, memo(id))), ReadConsistency.STRONG))
                .singleElement().extracting(m -> ((Memo) m).secret()).isEqualTo("abc");
        assertThat(table.transactGet(List.of(ItemKey.of(Memo.class, memo(id)))).get(Memo.class, memo(id))
                .orElseThrow().secret()).isEqualTo("abc");

        Memo updated = table.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "xyz")));
        assertThat(updated.secret()).isEqualTo("xyz");
        assertThat(raw(memo(id)).get("secret").s()).isEqualTo("zyx");
        Memo viaAsync = async.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "pq")))
                .get(30, TimeUnit.SECONDS);
        assertThat(viaAsync.secret()).isEqualTo("pq");
        assertThat(raw(memo(id)).get("secret").s()).isEqualTo("qp");
    }

    @Test
    void anExtensionsConditionJoinsTheCallersWithoutClashingPlaceholders() throws Exception {
        String id = UUID.randomUUID().toString();
        table.put(new Memo(id, "s", false, true));
        assertThatThrownBy(() -> table.put(Memo.of(id, "again"))).isInstanceOf(ConditionFailedException.class)
                .hasMessageContaining(memo(id).toString());
        assertThatThrownBy(() -> async.put(Memo.of(id, "again")).join()).hasCauseInstanceOf(
                ConditionFailedException.class);
        assertThatThrownBy(() -> table.update(Memo.class, memo(id), UpdateSpec.of(u -> u.set("secret", "x"))))
                .isInstanceOf(ConditionFailedException.class);

        String other = UUID.randomUUID().toString();
        table.put(Memo.of(other, "open"));
        // the caller's #l names another attribute than the extension's #l: both hold
        Condition callers = Condition.of("#l = :v", Map.of("#l", "secret"), Map.of(":v", reversed("open")));
        Memo replaced = table.put(Memo.of(other, "next"), callers);
        assertThat(replaced.secret()).isEqualTo("next");
        assertThatThrownBy(() -> table.put(Memo.of(other, "later"), callers))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("condition not met");
        assertThat(table.get(Memo.class, memo(other)).orElseThrow().secret()).isEqualTo("next");
    }

    @Test
    void aReadHookCanMakeAnItemReadAsAbsent() throws Exception {
        String id = UUID.randomUUID().toString();
        table.put(new Memo(id, "gone", true, false));
        assertThat(raw(memo(id))).isNotEmpty();
        assertThat(table.get(Memo.class, memo(id))).isEmpty();
        assertThat(async.get(Memo.class, memo(id)).get(30, TimeUnit.SECONDS)).isEmpty();
        assertThat(table.query(q -> q.subtree(memo(id))).items()).isEmpty();
        assertThat(table.batchGet(List.of(ItemKey.of(Memo.class, memo(id))), ReadConsistency.STRONG)).isEmpty();
        assertThat(table.transactGet(List.of(ItemKey.of(Memo.class, memo(id)))).get(Memo.class, memo(id))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void countCountsWhatAQueryReturnsLeavingOutWhatAReadHookHides(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String book = UUID.randomUUID().toString();
        String shelf = UUID.randomUUID().toString();
        for (int n = 1; n <= 7; n++) {
            table.put(new Filed(book, n, shelf, n % 3 == 0)); // 3 and 6 archived: five visible
        }
        ItemQuery filed = ItemQuery.of(q -> q.subtree(KeyPath.of("book", book)));
        assertThat(table.query(filed).items()).hasSize(5);
        assertThat(calls.count(filed)).isEqualTo(5);
        assertThat(calls.count(filed.toBuilder().types(Filed.class).build())).isEqualTo(5);
        assertThat(calls.count(filed.toBuilder().limit(4).build())).isEqualTo(4);
        assertThat(calls.count(filed.toBuilder().limit(6).build())).isEqualTo(5);
        assertThat(calls.count(filed.toBuilder().filter(Condition.attributeEquals("shelf", shelf)).build()))
                .isEqualTo(5);
        String token = table.query(filed.toBuilder().limit(2).build()).nextPageToken();
        assertThat(calls.count(filed.toBuilder().pageToken(token).build()))
                .isEqualTo(table.query(filed.toBuilder().pageToken(token).build()).items().size()).isEqualTo(3);

        ItemQuery byShelf = ItemQuery.of(q -> q.index("filedByShelf").subtree(KeyPath.of("shelf", shelf)));
        assertThat(table.query(byShelf).items()).hasSize(5);
        assertThat(calls.count(byShelf)).isEqualTo(5);

        String archived = UUID.randomUUID().toString();
        table.put(new Memo(archived, "s", true, false));
        assertThat(calls.count(ItemQuery.of(q -> q.subtree(memo(archived))))).isZero();
    }

    @Test
    void countReadsOnlyTheItemsOfTypesAReadHookMayHideAndLetsDynamoDbCountTheRest() {
        ItemExtension hideArchivedFiled = new ItemExtension() {
            @Override
            public boolean appliesTo(ItemSchema<?> schema) {
                return schema.type() == Filed.class;
            }

            @Override
            public ReadModification afterRead(ItemRead read) {
                return HIDE_ARCHIVED.afterRead(read);
            }
        };
        CountTest.QueryRecorder recorder = new CountTest.QueryRecorder();
        try (DynamoDbClient recorded = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(recorder)).build()) {
            KeyPathTable counting = KeyPathTables.builder().client(recorded).tableName(table.tableName())
                    .register(Filed.class, BookNote.class).extensions(RECORDING, LOCK, hideArchivedFiled).build();
            String book = UUID.randomUUID().toString();
            for (int n = 1; n <= 4; n++) {
                counting.put(new BookNote(book, n, "note " + n));
                counting.put(new Filed(book, n, "s", n == 2));
            }
            recorder.requests.clear();
            recorder.responses.clear();

            assertThat(counting.count(q -> q.subtree(KeyPath.of("book", book)))).isEqualTo(7);

            assertThat(recorder.requests).extracting(r -> r.select() == Select.COUNT).containsExactly(true, false);
            assertThat(recorder.responses.get(0).count()).as("counted by DynamoDB: the notes").isEqualTo(4);
            assertThat(recorder.responses.get(1).items()).as("read: the filed memos only").hasSize(4)
                    .allSatisfy(item -> assertThat(item.get("_type").s()).isEqualTo("Filed"));
            assertThat(counting.query(q -> q.subtree(KeyPath.of("book", book))).items()).hasSize(7);
        }
    }

    @Test
    void aBatchPutRefusesAnExtensionsConditionBeforeWritingAnything() {
        ItemExtension alwaysConditional = new ItemExtension() {
            @Override
            public WriteModification beforeWrite(ItemWrite write) {
                return WriteModification.builder().condition(Condition.of("attribute_not_exists(#x)",
                        Map.of("#x", "pk"), Map.of())).build(); // create only
            }
        };
        KeyPathTable strict = KeyPathTables.builder().client(client)
                .tableName(TestDynamoDb.uniqueTableName("ext-batch")).register(Plain.class)
                .extensions(alwaysConditional).build();
        strict.bootstrap();
        try {
            String id = UUID.randomUUID().toString();
            assertThatThrownBy(() -> strict.batchWrite(w -> w.put(new Plain(id, "t"))))
                    .isInstanceOf(ItemMappingException.class).hasMessageContaining("batch writes cannot carry")
                    .hasMessageContaining(KeyPath.of("plain", id).toString());
            assertThat(strict.get(Plain.class, KeyPath.of("plain", id))).isEmpty();
            assertThat(strict.put(new Plain(id, "t")).text()).isEqualTo("t");
            assertThatThrownBy(() -> strict.put(new Plain(id, "t"))).isInstanceOf(ConditionFailedException.class)
                    .hasMessageContaining("attribute_not_exists(#kp_x0_x)");
        } finally {
            client.deleteTable(r -> r.tableName(strict.tableName()));
        }
    }

    private static Map<String, AttributeValue> raw(KeyPath keyPath) {
        return client.getItem(r -> r.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.sortKey()))))).item();
    }
}
