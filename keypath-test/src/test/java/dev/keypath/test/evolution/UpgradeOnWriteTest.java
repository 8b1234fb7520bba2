package dev.keypath.test.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConflictingTableSettingsException;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.UpdatedAt;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.evolution.PersonVersions.Person;
import dev.keypath.test.evolution.PersonVersions.V1;
import dev.keypath.test.evolution.PersonVersions.V3;
import dev.keypath.test.evolution.PersonVersions.V7;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Upgrade on write ({@code upgradeOnWrite}): an update of an item stored at an older version writes it back at the
 * current version in the same {@code UpdateItem}, the item's other older attributes included, on condition that what
 * the upgrade rewrites is still as read; an update that builds on a rewritten value upgrades first; versions,
 * timestamps and alternate key paths keep working; the setting is refused together with the rolling-deploy one; and
 * two writers, one upgrading on write and one plain, lose no update of each other. Sync and async alike.
 */
class UpgradeOnWriteTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("upgrade-on-write");

    @ItemType(keyPath = "/acct-{id}", name = "Account")
    record AccountV1(UUID id, String name, int count, int aHits, int bHits) {
    }

    @ItemType(keyPath = "/acct-{id}", name = "Account", version = 2)
    record AccountV2(UUID id, String fullName, int total, int aHits, int bHits, String nickname) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "fullName").renamed("count", "total")
                    .added("nickname", AttributeValue.fromS("none"))));
        }
    }

    @ItemType(keyPath = "/doc-{id}", name = "Doc")
    record DocV1(UUID id, String title, String email, @Version Long version, @UpdatedAt Instant updatedAt) {
    }

    @ItemType(keyPath = "/doc-{id}", name = "Doc", version = 2)
    @UniqueKeyPath("/docmail-{email}")
    record DocV2(UUID id, String heading, String email, @Version Long version, @UpdatedAt Instant updatedAt) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("title", "heading")));
        }
    }

    private static KeyPathTable table(boolean upgrade, Class<?>... types) {
        var b = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE).register(types);
        if (upgrade) {
            b.upgradeAllOnWrite();
        }
        KeyPathTable t = b.build();
        t.bootstrap();
        return t;
    }

    private static KeyPathAsyncTable async(boolean upgrade, Class<?>... types) {
        var b = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE).register(types);
        if (upgrade) {
            b.upgradeOnWrite(types);
        }
        return b.build();
    }

    /** The item as stored at {@code path}, read without any mapping. */
    private static Map<String, AttributeValue> stored(KeyPath path) {
        return TestDynamoDb.get().client().getItem(b -> b.tableName(TABLE).consistentRead(true).key(Map.of(
                StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    @Test
    void anUpdateOfAnOlderItemWritesItBackAtTheCurrentVersionInOneWrite() {
        KeyPathTable v1 = table(false, V1.class);
        KeyPathTable v3 = table(true, V3.class);
        KeyPathAsyncTable v3async = async(true, V3.class);
        for (boolean sync : new boolean[] {true, false}) {
            Person p = new Person(UUID.randomUUID(), "Ada", 36, "old", "Main St", "London", null);
            v1.put(V1.of(p));
            KeyPath path = KeyPath.of("person", p.id());
            UpdateSpec rename = UpdateSpec.of(u -> u.set("fullName", "Grace"));
            V3 updated = sync ? v3.update(V3.class, path, rename) : v3async.update(V3.class, path, rename).join();
            assertThat(updated).isEqualTo(new V3(p.id(), "Grace", 36, "old", "Main St|London", "none"));
            Map<String, AttributeValue> item = stored(path);
            assertThat(item.get("_kp_v")).isEqualTo(AttributeValue.fromN("3"));
            assertThat(item).doesNotContainKey("name").containsEntry("fullName", AttributeValue.fromS("Grace"))
                    .containsEntry("nickname", AttributeValue.fromS("none"));
        }
        // an update of a field no version changed upgrades the item too
        Person q = new Person(UUID.randomUUID(), "Bo", 20, "x", "A", "B", null);
        v1.put(V1.of(q));
        KeyPath path = KeyPath.of("person", q.id());
        v3async.update(V3.class, path, UpdateSpec.of(u -> u.set("age", 21))).join();
        assertThat(stored(path)).containsEntry("_kp_v", AttributeValue.fromN("3"))
                .containsEntry("fullName", AttributeValue.fromS("Bo")).doesNotContainKey("name");
        // an item at the current version takes the update as planned
        assertThat(v3.update(V3.class, path, UpdateSpec.of(u -> u.set("age", 22))).age()).isEqualTo(22);
        // an upsert of an older item upgrades it as an update does
        Person r = new Person(UUID.randomUUID(), "Cy", 50, "y", "C", "D", null);
        v1.put(V1.of(r));
        KeyPath upserted = KeyPath.of("person", r.id());
        assertThat(v3.update(UpdateItem.upsert(V3.class, upserted, UpdateSpec.of(u -> u.set("nickname", "c")))))
                .isEqualTo(new V3(r.id(), "Cy", 50, "y", "C|D", "c"));
        assertThat(stored(upserted)).containsEntry("_kp_v", AttributeValue.fromN("3")).doesNotContainKey("name");
    }

    /**
     * Every cell of versions 1 to 6 written by their own release, times a field of version 7 (one renamed at 2,
     * retyped at 5, split out at 6, added at 3) updated by version 7 upgrading on write: the stored item is the one a
     * put of version 7 stores for what the update makes of it, whatever the values (seeded), sync and async alike.
     */
    @Test
    void anItemOfEveryOlderVersionUpdatedOnWriteIsStoredAsAPutOfTheCurrentVersionStoresIt() {
        KeyPathTable v7 = table(true, V7.class);
        KeyPathAsyncTable v7async = async(true, V7.class);
        java.util.Random random = new java.util.Random(30);
        List<String> fields = List.of("fullName", "age", "street", "nickname");
        int cell = 0;
        for (int version = 1; version <= 6; version++) {
            KeyPathTable writer = table(false, PersonVersions.CLASSES.get(version - 1));
            for (String field : fields) {
                String text = "v" + random.nextInt(1000) + (random.nextBoolean() ? " x" : "|y");
                Person p = new Person(UUID.randomUUID(), "n" + random.nextInt(100), random.nextInt(90), "old",
                        "s" + random.nextInt(100), "c" + random.nextInt(100), "k" + random.nextInt(100));
                writer.put(PersonVersions.of(version, p));
                Person read = p.readAs(version, 7);
                int age = random.nextInt(90);
                Person expected = switch (field) {
                    case "fullName" -> new Person(p.id(), text, read.age(), null, read.street(), read.city(),
                            read.nickname());
                    case "age" -> new Person(p.id(), read.name(), age, null, read.street(), read.city(),
                            read.nickname());
                    case "street" -> new Person(p.id(), read.name(), read.age(), null, text, read.city(),
                            read.nickname());
                    default -> new Person(p.id(), read.name(), read.age(), null, read.street(), read.city(), text);
                };
                UpdateSpec spec = UpdateSpec.of(u -> u.set(field, field.equals("age") ? Integer.toString(age) : text));
                KeyPath path = KeyPath.of("person", p.id());
                V7 updated = cell++ % 2 == 0 ? v7.update(V7.class, path, spec)
                        : v7async.update(V7.class, path, spec).join();
                assertThat(updated).as("version %d, %s", version, field).isEqualTo(V7.of(expected));
                Map<String, AttributeValue> stored = new java.util.HashMap<>(stored(path));
                Person twin = new Person(UUID.randomUUID(), expected.name(), expected.age(), null, expected.street(),
                        expected.city(), expected.nickname());
                v7.put(V7.of(twin));
                Map<String, AttributeValue> put = new java.util.HashMap<>(stored(KeyPath.of("person", twin.id())));
                for (Map<String, AttributeValue> m : List.of(stored, put)) {
                    m.remove(StoredItemLayout.PARTITION_KEY);
                    m.remove(StoredItemLayout.SORT_KEY);
                }
                assertThat(stored).as("version %d, %s", version, field).isEqualTo(put);
            }
        }
    }

    @Test
    void everyChangeUpToATypeRenameIsWrittenBack() {
        KeyPathTable v1 = table(false, V1.class);
        KeyPathTable v7 = table(true, V7.class);
        Person p = new Person(UUID.randomUUID(), "Ada", 36, "old", "Main St", "London", null);
        v1.put(V1.of(p));
        KeyPath path = KeyPath.of("person", p.id());
        V7 updated = v7.update(V7.class, path, UpdateSpec.of(u -> u.set("nickname", "A")));
        assertThat(updated).isEqualTo(new V7(p.id(), "Ada", "36", "Main St", "London", "A"));
        Map<String, AttributeValue> item = stored(path);
        assertThat(item).containsEntry("_type", AttributeValue.fromS("Member"))
                .containsEntry("_kp_v", AttributeValue.fromN("7")).containsEntry("age", AttributeValue.fromS("36"))
                .containsEntry("street", AttributeValue.fromS("Main St")).doesNotContainKeys("name", "legacy",
                        "address");
        assertThatThrownBy(() -> v1.get(V1.class, path)).hasMessageContaining("not registered");
    }

    @Test
    void anUpdateBuildingOnARewrittenValueUpgradesTheItemFirst() {
        KeyPathTable v1 = table(false, AccountV1.class);
        KeyPathTable v2 = table(true, AccountV2.class);
        KeyPathAsyncTable v2async = async(true, AccountV2.class);
        UUID id = UUID.randomUUID();
        KeyPath path = KeyPath.of("acct", id);
        v1.put(new AccountV1(id, "Ada", 5, 0, 0));
        assertThat(v2.update(AccountV2.class, path, UpdateSpec.of(u -> u.add("total", 1))).total()).isEqualTo(6);
        assertThat(stored(path)).doesNotContainKeys("count", "name").containsEntry("total", AttributeValue.fromN("6"));
        UUID other = UUID.randomUUID();
        v1.put(new AccountV1(other, "Bo", 7, 0, 0));
        AccountV2 read = v2async.update(AccountV2.class, KeyPath.of("acct", other),
                UpdateSpec.of(u -> u.increment("total", 2).set("fullName", UpdateSpec.valueOf("nickname")))).join();
        assertThat(read).isEqualTo(new AccountV2(other, "none", 9, 0, 0, "none"));
    }

    @Test
    void versionsTimestampsAndAlternateKeyPathsMeetTheUpgrade() {
        KeyPathTable v1 = table(false, DocV1.class);
        KeyPathTable v2 = table(true, DocV2.class);
        UUID id = UUID.randomUUID();
        KeyPath path = KeyPath.of("doc", id);
        v1.put(new DocV1(id, "T", "a@x", null, null));
        assertThatThrownBy(() -> v2.update(DocV2.class, path, UpdateSpec.of(u -> u.set("heading", "H")
                .expectedVersion(7)))).isInstanceOf(VersionConflictException.class);
        assertThat(stored(path)).containsKey("title").doesNotContainKey("_kp_v");
        Instant before = v1.get(DocV1.class, path).orElseThrow().updatedAt();
        DocV2 updated = v2.update(DocV2.class, path, UpdateSpec.of(u -> u.set("heading", "H").expectedVersion(1)));
        assertThat(updated.heading()).isEqualTo("H");
        assertThat(updated.version()).isEqualTo(2L);
        assertThat(updated.updatedAt()).isAfterOrEqualTo(before);
        assertThat(stored(path)).doesNotContainKey("title").containsEntry("_kp_v", AttributeValue.fromN("2"));
        // a put stores the current version and its alias; the alias stays through an upgrading update
        UUID other = UUID.randomUUID();
        v2.put(new DocV2(other, "P", "b@x", null, null));
        v2.update(DocV2.class, KeyPath.of("doc", other), UpdateSpec.of(u -> u.set("heading", "Q")));
        assertThat(v2.getByAlias(DocV2.class, KeyPath.of("docmail", "b@x")).map(DocV2::heading)).contains("Q");
    }

    @Test
    void transactionsKeepTheUpdatesOwnConditionAndBatchPutsStoreTheCurrentVersion() {
        KeyPathTable v1 = table(false, V1.class);
        KeyPathTable v3 = table(true, V3.class);
        Person p = new Person(UUID.randomUUID(), "Ada", 36, "old", "Main St", "London", null);
        v1.put(V1.of(p));
        KeyPath path = KeyPath.of("person", p.id());
        assertThatThrownBy(() -> v3.transact(tx -> tx.update(V3.class, path, UpdateSpec.of(u -> u.set("fullName",
                "Grace"))))).isInstanceOf(TransactionFailedException.class);
        assertThat(stored(path)).containsKey("name").doesNotContainKey("_kp_v");
        // an update of a field no version changed still applies in a transaction, without upgrading
        v3.transact(tx -> tx.update(V3.class, path, UpdateSpec.of(u -> u.set("age", 40))));
        assertThat(stored(path)).containsEntry("age", AttributeValue.fromN("40")).doesNotContainKey("_kp_v");
        Person q = new Person(UUID.randomUUID(), "Bo", 20, "x", "A", "B", "b");
        v3.batchWrite(b -> b.put(V3.of(q)));
        assertThat(stored(KeyPath.of("person", q.id()))).containsEntry("_kp_v", AttributeValue.fromN("3"));
    }

    @Test
    void theSettingIsRefusedTogetherWithTheRollingDeployOne() {
        assertThatThrownBy(() -> KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(V3.class).writePreviousVersion(V3.class).upgradeOnWrite(V3.class).build())
                .isInstanceOf(ConflictingTableSettingsException.class).hasMessageContaining("writePreviousVersion")
                .hasMessageContaining(V3.class.getName());
        assertThatThrownBy(() -> KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient()).tableName(TABLE)
                .register(V3.class).upgradeAllOnWrite().writePreviousVersion(V3.class).build())
                .isInstanceOf(ConflictingTableSettingsException.class).hasMessageContaining("upgradeAllOnWrite");
        assertThatThrownBy(() -> KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(TABLE)
                .register(V1.class).upgradeOnWrite(V3.class).build())
                .isInstanceOf(ConflictingTableSettingsException.class).hasMessageContaining("not registered");
    }

    /**
     * An older item that another writer changes before every attempt: the update gives up after its attempts with a
     * {@code ConditionFailedException} that applied nothing and says the item kept changing while it was upgraded,
     * not that it must be rewritten first (the table upgrades on write).
     */
    @Test
    void anItemThatKeepsChangingWhileItIsUpgradedEndsInAConflictThatSaysSo() {
        KeyPathTable v1 = table(false, AccountV1.class);
        UUID id = UUID.randomUUID();
        v1.put(new AccountV1(id, "n", 1, 0, 0));
        KeyPath path = KeyPath.of("acct", id);
        AtomicInteger changes = new AtomicInteger();
        ExecutionInterceptor otherWriter = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof UpdateItemRequest) {
                    v1.put(new AccountV1(id, "n" + changes.incrementAndGet(), 1, 0, 0));
                }
            }
        };
        KeyPathTable upgrading = KeyPathTables.builder().client(TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(c -> c.addExecutionInterceptor(otherWriter)).build())
                .tableName(TABLE).register(AccountV2.class).upgradeAllOnWrite().build();
        assertThatThrownBy(() -> upgrading.update(AccountV2.class, path, UpdateSpec.of(u -> u.add("aHits", 1))))
                .isInstanceOf(dev.keypath.dynamodb.ConditionFailedException.class)
                .hasMessageContaining("kept changing while it was upgraded to version 2")
                .hasMessageNotContaining("rewrite it at version");
        assertThat(changes.get()).as("attempts").isGreaterThan(1);
        assertThat(stored(path)).containsEntry("aHits", AttributeValue.fromN("0")).doesNotContainKey("_kp_v");
    }

    /**
     * Two writers on the same items stored at version 1: one upgrades on write (two threads, synchronous) and counts
     * its increments in {@code aHits}, the other writes plainly (asynchronous) and counts in {@code bHits}, a field
     * no version changed. Every acknowledged increment is in the table at the end, and every item is at version 2.
     */
    @Test
    void twoWritersOnTheSameOlderItemsLoseNoUpdate() throws Exception {
        KeyPathTable v1 = table(false, AccountV1.class);
        KeyPathTable upgrading = table(true, AccountV2.class);
        KeyPathAsyncTable plain = async(false, AccountV2.class);
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            UUID id = UUID.randomUUID();
            ids.add(id);
            v1.put(new AccountV1(id, "n" + i, i, 0, 0));
        }
        Map<UUID, AtomicInteger> a = new ConcurrentHashMap<>();
        Map<UUID, AtomicInteger> b = new ConcurrentHashMap<>();
        AtomicInteger rejected = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                runs.add(pool.submit(() -> {
                    List<UUID> order = new ArrayList<>(ids);
                    for (int round = 0; round < 3; round++) {
                        Collections.shuffle(order);
                        for (UUID id : order) {
                            try {
                                upgrading.update(AccountV2.class, KeyPath.of("acct", id),
                                        UpdateSpec.of(u -> u.add("aHits", 1).set("fullName", "A")));
                                a.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                            } catch (dev.keypath.dynamodb.ConditionFailedException e) {
                                rejected.incrementAndGet(); // applied nothing
                            }
                        }
                    }
                }));
            }
            runs.add(pool.submit(() -> {
                List<UUID> order = new ArrayList<>(ids);
                for (int round = 0; round < 4; round++) {
                    Collections.shuffle(order);
                    List<CompletableFuture<?>> sent = new ArrayList<>();
                    for (UUID id : order) {
                        sent.add(plain.update(AccountV2.class, KeyPath.of("acct", id),
                                UpdateSpec.of(u -> u.add("bHits", 1))).thenRun(() ->
                                b.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet()));
                    }
                    CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
                }
            }));
            for (Future<?> f : runs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < ids.size(); i++) {
            UUID id = ids.get(i);
            Map<String, AttributeValue> item = stored(KeyPath.of("acct", id));
            int aCount = Optional.ofNullable(a.get(id)).map(AtomicInteger::get).orElse(0);
            assertThat(item.get("aHits").n()).as("aHits of %s", id).isEqualTo(Integer.toString(aCount));
            assertThat(item.get("bHits").n()).as("bHits of %s", id).isEqualTo("4");
            assertThat(item).containsEntry("_kp_v", AttributeValue.fromN("2"))
                    .containsEntry("total", AttributeValue.fromN(Integer.toString(i)))
                    .containsEntry("fullName", AttributeValue.fromS("A")).doesNotContainKeys("name", "count");
        }
        assertThat(b.values().stream().mapToInt(AtomicInteger::get).sum()).isEqualTo(4 * ids.size());
        assertThat(rejected.get()).as("updates rejected after repeated conflicts").isLessThan(ids.size());
    }
}
