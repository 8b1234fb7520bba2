package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.CreatedAt;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.TimeToLive;
import dev.keypath.dynamodb.annotation.UniqueKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * An item whose {@code @TimeToLive} has passed by the table's clock, but which DynamoDB's sweep has not removed yet,
 * is absent to writes as it is to reads, on both tables: in every write condition (create-only, replace-existing,
 * an update's existence check, versions, the caller's conditions, transactions), in what writes return, for upserts
 * (a fresh item, nothing merged into the stale one) and for unique key paths (never two live holders of one).
 */
@KeyPathDynamoDb(types = {ExpiredItemsTest.Pass.class, ExpiredItemsTest.Lease.class, ExpiredItemsTest.Seat.class},
        customizers = ExpiredItemsTest.Clocked.class)
class ExpiredItemsTest {
    static final Instant T0 = Instant.parse("2033-01-01T00:00:00Z");
    /** When the stale items expire: a minute after they were written. */
    static final Instant EXPIRY = T0.plusSeconds(60);
    /** Now for every check: past the stale items' expiry. */
    static final Instant NOW = T0.plusSeconds(120);
    static final Instant LATER = T0.plusSeconds(3600);
    static final SettableClock CLOCK = new SettableClock(T0);

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    @ItemType(keyPath = "/pass-{id}")
    record Pass(String id, String note, String extra, @TimeToLive Instant expiresAt, @CreatedAt Instant createdAt) {
    }

    @ItemType(keyPath = "/lease-{id}")
    record Lease(String id, String note, @TimeToLive Instant expiresAt, @Version Long version) {
    }

    @ItemType(keyPath = "/seat-{id}")
    @UniqueKeyPath("/seatcode-{code}")
    record Seat(String id, String code, String note, @TimeToLive Instant expiresAt) {
    }

    static final class Clocked implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> settings) {
            settings.clock(CLOCK);
        }
    }

    @BeforeEach
    void startAtT0() {
        CLOCK.set(T0);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    /** A pass written at T0 that expires at {@link #EXPIRY}; the clock is then moved past it. */
    private static Pass stalePass(String id) {
        CLOCK.set(T0);
        Pass stale = table.put(new Pass(id, "stale", "left over", EXPIRY, null));
        CLOCK.set(NOW);
        assertThat(table.get(Pass.class, table.keyPathOf(stale))).as("expired to reads").isEmpty();
        assertThat(raw(table.keyPathOf(stale))).as("still stored").isNotEmpty();
        return stale;
    }

    /** A lease at version 3 that expires at {@link #EXPIRY}; the clock is then moved past it. */
    private static Lease staleLease(String id) {
        CLOCK.set(T0);
        Lease l = table.put(new Lease(id, "v1", EXPIRY, null));
        l = table.put(new Lease(id, "v2", EXPIRY, l.version()));
        l = table.put(new Lease(id, "v3", EXPIRY, l.version()));
        assertThat(l.version()).isEqualTo(3L);
        CLOCK.set(NOW);
        return l;
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aCreateOnlyPutOverAnExpiredItemCreatesIt(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        stalePass(id);

        Pass fresh = calls.put(PutItem.builder(new Pass(id, "fresh", null, LATER, null)).mode(PutMode.CREATE_ONLY)
                .build());

        assertThat(fresh.createdAt()).isEqualTo(NOW);
        assertThat(calls.get(Pass.class, table.keyPathOf(fresh))).contains(fresh);
        assertThatThrownBy(() -> calls.put(PutItem.builder(new Pass(id, "again", null, LATER, null))
                .mode(PutMode.CREATE_ONLY).build())).isInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("an item already exists");
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aFirstPutOfAVersionedTypeOverAnExpiredItemIsVersionOne(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        Lease stale = staleLease(id);

        Lease fresh = calls.put(PutItem.of(new Lease(id, "fresh", LATER, null)));

        assertThat(fresh.version()).isEqualTo(1L);
        assertThat(calls.get(Lease.class, KeyPath.of("lease", id))).contains(fresh);
        // the stale item's version is gone with it
        assertThatThrownBy(() -> calls.put(PutItem.of(new Lease(id, "old", LATER, stale.version()))))
                .isInstanceOf(VersionConflictException.class);
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void writesThatNeedAnItemFailOnAnExpiredOneAsOnAnAbsentOne(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        Pass stale = stalePass(id);
        Lease lease = staleLease(id);
        Map<String, AttributeValue> before = raw(table.keyPathOf(stale));

        assertThatThrownBy(() -> calls.put(PutItem.builder(new Pass(id, "x", null, LATER, null))
                .mode(PutMode.REPLACE_EXISTING).build())).isInstanceOf(ConditionFailedException.class)
                .hasMessageContaining("no item exists");
        assertThatThrownBy(() -> calls.put(PutItem.of(new Lease(id, "x", LATER, lease.version()))))
                .isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> calls.put(PutItem.builder(new Pass(id, "x", null, LATER, null))
                .condition(Condition.attributeEquals("note", "stale")).build()))
                .isInstanceOf(ConditionFailedException.class);
        assertThatThrownBy(() -> calls.update(UpdateItem.of(Pass.class, table.keyPathOf(stale),
                UpdateSpec.of(u -> u.set("note", "revived").set("expiresAt", LATER)))))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("no Pass exists");
        assertThatThrownBy(() -> calls.update(UpdateItem.of(Lease.class, KeyPath.of("lease", id),
                UpdateSpec.of(u -> u.set("note", "revived").expectedVersion(lease.version())))))
                .isInstanceOf(ConditionFailedException.class);
        assertThatThrownBy(() -> calls.delete(DeleteItem.of(lease))).isInstanceOf(VersionConflictException.class);

        assertThat(calls.get(Pass.class, table.keyPathOf(stale))).isEmpty();
        Map<String, AttributeValue> after = raw(table.keyPathOf(stale));
        assertThat(after.isEmpty() || after.equals(before)).as("never revived: " + after).isTrue();
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aCallersConditionSeesAnExpiredItemAsAbsent(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        stalePass(id);

        Pass put = calls.put(PutItem.builder(new Pass(id, "fresh", null, LATER, null))
                .condition(Condition.of("attribute_not_exists(#a)", Map.of("#a", "note"), Map.of())).build());
        assertThat(calls.get(Pass.class, table.keyPathOf(put))).contains(put);

        String other = id();
        Pass stale = stalePass(other);
        calls.delete(DeleteItem.builder(Pass.class, table.keyPathOf(stale)).condition(Condition.of("attribute_not_exists(#a)", Map.of("#a", "note"), Map.of()))
                .build());
        assertThat(raw(table.keyPathOf(stale))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void anUpsertOfAnExpiredItemCreatesAFreshOneAndReturnsNoOldItem(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        Pass stale = stalePass(id);

        UpdateResult<Pass> result = calls.updateWithResult(UpdateItem.builder(Pass.class, table.keyPathOf(stale),
                UpdateSpec.of(u -> u.set("note", "fresh").set("expiresAt", LATER)))
                .mode(UpdateItem.Mode.UPSERT).returning(UpdateItem.Returning.OLD).build());

        assertThat(result.item()).as("no old item").isEmpty();
        Pass fresh = calls.get(Pass.class, table.keyPathOf(stale)).orElseThrow();
        assertThat(fresh.note()).isEqualTo("fresh");
        assertThat(fresh.extra()).as("nothing of the stale item").isNull();
        assertThat(fresh.createdAt()).as("created now").isEqualTo(NOW);
        assertThat(raw(table.keyPathOf(stale))).doesNotContainKey("extra");

        String other = id();
        Pass second = stalePass(other);
        UpdateResult<Pass> updatedOld = calls.updateWithResult(UpdateItem.builder(Pass.class, table.keyPathOf(second),
                UpdateSpec.of(u -> u.set("note", "n").set("expiresAt", LATER))).mode(UpdateItem.Mode.UPSERT)
                .returning(UpdateItem.Returning.UPDATED_OLD).build());
        assertThat(updatedOld.attributes()).isEmpty();

        String leaseId = id();
        staleLease(leaseId);
        Lease upserted = calls.update(UpdateItem.upsert(Lease.class, KeyPath.of("lease", leaseId),
                UpdateSpec.of(u -> u.set("note", "fresh").set("expiresAt", LATER))));
        assertThat(upserted.version()).as("a fresh versioned item").isEqualTo(1L);
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aDeleteReturnsNoExpiredItem(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        Pass stale = stalePass(id);

        Optional<Pass> deleted = calls.delete(DeleteItem.builder(Pass.class, table.keyPathOf(stale)).returnDeleted().build());

        assertThat(deleted).isEmpty();
        assertThat(raw(table.keyPathOf(stale))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void transactionsSeeAnExpiredItemAsAbsent(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String a = id();
        String b = id();
        String c = id();
        stalePass(a);
        staleLease(b);
        Pass staleC = stalePass(c);

        calls.transact(tx -> tx.put(new Pass(a, "fresh", null, LATER, null), PutMode.CREATE_ONLY)
                .put(new Lease(b, "fresh", LATER, null))
                .conditionCheck(Pass.class, table.keyPathOf(staleC), Condition.of("attribute_not_exists(#a)", Map.of("#a", "note"), Map.of())));

        assertThat(calls.get(Pass.class, KeyPath.of("pass", a)).orElseThrow().note()).isEqualTo("fresh");
        assertThat(calls.get(Lease.class, KeyPath.of("lease", b)).orElseThrow().version()).isEqualTo(1L);

        String d = id();
        Pass staleD = stalePass(d);
        assertThatThrownBy(() -> calls.transact(tx -> tx.update(Pass.class, table.keyPathOf(staleD),
                UpdateSpec.of(u -> u.set("note", "revived").set("expiresAt", LATER)))))
                .isInstanceOf(TransactionFailedException.class);
        assertThatThrownBy(() -> calls.transact(tx -> tx.conditionCheck(Pass.class, table.keyPathOf(staleD),
                Condition.of("attribute_exists(#a)", Map.of("#a", "note"), Map.of())))).isInstanceOf(TransactionFailedException.class);
        assertThat(calls.get(Pass.class, table.keyPathOf(staleD))).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aBatchPutReplacesAnExpiredItem(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String id = id();
        stalePass(id);
        calls.batchWrite(WriteBatch.builder().put(new Pass(id, "fresh", null, LATER, null)).build());
        Pass fresh = calls.get(Pass.class, KeyPath.of("pass", id)).orElseThrow();
        assertThat(fresh.note()).isEqualTo("fresh");
        assertThat(fresh.createdAt()).isEqualTo(NOW);
    }

    @Test
    void aReadModifyWriteCreatesWhereAnItemExpired() {
        String id = id();
        stalePass(id);
        KeyPath path = KeyPath.of("pass", id);
        Pass written = table.readModifyWrite(tx -> {
            assertThat(tx.read(Pass.class, path)).isEmpty();
            tx.put(new Pass(id, "fresh", null, LATER, null), PutMode.CREATE_ONLY);
            return null;
        });
        assertThat(written).isNull();
        assertThat(table.get(Pass.class, path).orElseThrow().note()).isEqualTo("fresh");
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void anExpiredHoldersUniqueKeyIsTakenOverAndTheHolderCannotBeRevived(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String code = "c-" + id();
        KeyPath alias = KeyPath.of("seatcode", code);
        CLOCK.set(T0);
        Seat expired = table.put(new Seat("old-" + code, code, "old", EXPIRY));
        KeyPath expiredPath = table.keyPathOf(expired);
        CLOCK.set(NOW);

        Seat owner = calls.put(PutItem.of(new Seat("new-" + code, code, "new", LATER)));
        assertThat(calls.getByAlias(Seat.class, alias)).contains(owner);

        // the expired holder stays absent: an update does not bring it back holding the same code
        assertThatThrownBy(() -> calls.update(UpdateItem.of(Seat.class, expiredPath,
                UpdateSpec.of(u -> u.set("note", "back").set("expiresAt", LATER)))))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(calls.get(Seat.class, expiredPath)).isEmpty();
        assertThatThrownBy(() -> calls.put(PutItem.of(new Seat("old-" + code, code, "again", LATER))))
                .isInstanceOf(UniqueKeyConflictException.class);
        assertThat(calls.put(PutItem.of(owner))).isEqualTo(owner);

        long liveHolders = calls.count(ItemQuery.of(q -> q.subtree(expiredPath)))
                + calls.count(ItemQuery.of(q -> q.subtree(table.keyPathOf(owner))));
        assertThat(liveHolders).isEqualTo(1);
        assertThat(calls.getByAlias(Seat.class, alias)).contains(owner);

        // an upsert of the expired holder's key path makes a fresh item that holds no code
        Seat upserted = calls.update(UpdateItem.upsert(Seat.class, expiredPath,
                UpdateSpec.of(u -> u.set("note", "fresh").set("expiresAt", LATER))));
        assertThat(upserted.code()).isNull();
        assertThat(calls.getByAlias(Seat.class, alias)).contains(owner);
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aPutOfAnExpiredHolderWithANewCodeReleasesItsOldOne(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String code = "r-" + id();
        String id = "s-" + code;
        CLOCK.set(T0);
        table.put(new Seat(id, code, "old", EXPIRY));
        CLOCK.set(NOW);

        Seat fresh = calls.put(PutItem.builder(new Seat(id, code + "-2", "fresh", LATER)).mode(PutMode.CREATE_ONLY)
                .build());

        assertThat(calls.getByAlias(Seat.class, KeyPath.of("seatcode", code + "-2"))).contains(fresh);
        assertThat(calls.getByAlias(Seat.class, KeyPath.of("seatcode", code))).isEmpty();
        assertThat(raw(KeyPath.of("_kp_alias", KeyPath.of("seatcode", code).toString()))).as("released").isEmpty();
        Seat other = calls.put(PutItem.of(new Seat("o-" + code, code, "other", LATER)));
        assertThat(calls.getByAlias(Seat.class, KeyPath.of("seatcode", code))).contains(other);
    }

    /**
     * Another client writes the item again just before the expired one is deleted: the delete leaves the new item,
     * and the write is judged against it (a conditional put fails on it, an upsert changes it).
     */
    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void anItemWrittenAgainWhileTheExpiredOneIsBeingDeletedIsKept(TableCalls.Kind kind) {
        AtomicReference<Pass> rival = new AtomicReference<>();
        ExecutionInterceptor racer = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                Pass once = rival.getAndSet(null);
                if (once != null && context.request() instanceof DeleteItemRequest d && d.conditionExpression() != null
                        && d.conditionExpression().contains("#kp_exp <=")) {
                    table.put(once); // through the test's own table, whose client this interceptor is not on
                } else if (once != null) {
                    rival.set(once);
                }
            }
        };
        TestDynamoDb db = TestDynamoDb.get();
        try (DynamoDbClient sync = db.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(racer))
                .build();
             DynamoDbAsyncClient asyncClient = db.asyncClientBuilder()
                     .overrideConfiguration(o -> o.addExecutionInterceptor(racer)).build()) {
            TableCalls calls = kind == TableCalls.Kind.SYNC
                    ? TableCalls.of(KeyPathTables.builder().client(sync).tableName(table.tableName())
                            .register(Pass.class).clock(CLOCK).build())
                    : TableCalls.of(KeyPathTables.asyncBuilder().client(asyncClient).tableName(table.tableName())
                            .register(Pass.class).clock(CLOCK).build());

            String id = id();
            stalePass(id);
            rival.set(new Pass(id, "rival", null, LATER, null));
            assertThatThrownBy(() -> calls.put(PutItem.builder(new Pass(id, "mine", null, LATER, null))
                    .condition(Condition.of("attribute_not_exists(#a)", Map.of("#a", "note"), Map.of())).build()))
                    .isInstanceOf(ConditionFailedException.class);
            assertThat(rival.get()).as("the rival was written").isNull();
            assertThat(table.get(Pass.class, KeyPath.of("pass", id)).orElseThrow().note()).isEqualTo("rival");

            String other = id();
            stalePass(other);
            rival.set(new Pass(other, "rival", "kept", LATER, null));
            Pass upserted = calls.update(UpdateItem.upsert(Pass.class, KeyPath.of("pass", other),
                    UpdateSpec.of(u -> u.set("note", "mine"))));
            assertThat(rival.get()).as("the rival was written").isNull();
            assertThat(upserted.note()).isEqualTo("mine");
            assertThat(upserted.extra()).as("merged into the rival's live item").isEqualTo("kept");
        }
    }

    private static Map<String, AttributeValue> raw(KeyPath keyPath) {
        var r = client.getItem(b -> b.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.sortKey())))));
        return r.hasItem() ? r.item() : Map.of();
    }
}
