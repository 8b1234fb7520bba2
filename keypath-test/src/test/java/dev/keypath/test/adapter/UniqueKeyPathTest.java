package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UniqueKeyWriteException;
import dev.keypath.dynamodb.UnknownItemTypeException;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.IndexModel.Badge;
import dev.keypath.test.adapter.IndexModel.Member;
import dev.keypath.test.adapter.IndexModel.Team;
import dev.keypath.test.adapter.IndexModel.Ticket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Alternate key paths ({@code @UniqueKeyPath}): alias items written in one transaction with their item, so no two
 * items hold one; moved when the value changes, removed with the item, read with {@code getByAlias}.
 */
@KeyPathDynamoDb(types = {Member.class, Team.class, Badge.class, Ticket.class})
class UniqueKeyPathTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static String email() {
        return "m-" + UUID.randomUUID() + "@example.com";
    }

    private static KeyPath emailPath(String email) {
        return KeyPath.of("email", email);
    }

    /** The raw alias item of {@code alias}, read around the table. */
    private static Map<String, AttributeValue> aliasItem(KeyPath alias) {
        KeyPath key = KeyPath.of("_kp_alias", alias.toString());
        var r = client.getItem(b -> b.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(key.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(key.sortKey())))));
        return r.hasItem() ? r.item() : Map.of();
    }

    @Test
    void sixteenConcurrentRegistrationsOfOneEmailLetExactlyOneWin() throws Exception {
        String email = email();
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Member>> results = new ArrayList<>();
        List<Member> members = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                Member m = new Member(UUID.randomUUID(), email, null, "member " + i, null);
                members.add(m);
                Callable<Member> register = () -> {
                    start.await();
                    return table.put(m);
                };
                results.add(pool.submit(register));
            }
            start.countDown();
            List<Member> winners = new ArrayList<>();
            List<Throwable> losers = new ArrayList<>();
            for (Future<Member> f : results) {
                try {
                    winners.add(f.get(60, TimeUnit.SECONDS));
                } catch (ExecutionException e) {
                    losers.add(e.getCause());
                }
            }
            assertThat(winners).hasSize(1);
            assertThat(losers).hasSize(threads - 1).allSatisfy(e -> {
                assertThat(e).isInstanceOf(UniqueKeyConflictException.class)
                        .hasMessageContaining("/email-" + email).hasMessageContaining("Member");
                assertThat(((UniqueKeyConflictException) e).uniqueKeyPath()).isEqualTo(emailPath(email));
                assertThat(((UniqueKeyConflictException) e).typeName()).isEqualTo("Member");
            });
            Member winner = winners.get(0);
            assertThat(table.getByAlias(Member.class, emailPath(email))).contains(winner);
            // the losers' items were not written either
            assertThat(members).filteredOn(m -> table.get(Member.class, table.keyPathOf(m)).isPresent())
                    .extracting(Member::memberId).containsExactly(winner.memberId());
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @EnumSource(TableCalls.Kind.class)
    void aConflictNamesTheItemThatHoldsTheUniqueKeyPathNotTheRejectedOne(TableCalls.Kind kind) {
        TableCalls calls = TableCalls.of(kind, table, async);
        String email = email();
        Member holder = calls.put(PutItem.of(new Member(UUID.randomUUID(), email, null, "kim", null)));
        Member rival = new Member(UUID.randomUUID(), email, null, "lee", null);
        KeyPath holderPath = table.keyPathOf(holder);
        KeyPath rivalPath = table.keyPathOf(rival);

        assertThatThrownBy(() -> calls.put(PutItem.of(rival)))
                .isInstanceOfSatisfying(UniqueKeyConflictException.class, e -> {
                    assertThat(e.getMessage()).contains("held by " + holderPath)
                            .contains(rivalPath.toString() + " was not written");
                    assertThat(e.keyPath()).contains(rivalPath);
                    assertThat(e.holder()).contains(holderPath);
                    assertThat(e.uniqueKeyPath()).isEqualTo(emailPath(email));
                });
        // an existing item that would take the value: the holder named, the writer's own key path not as holder
        Member other = calls.put(PutItem.of(new Member(UUID.randomUUID(), email(), null, "max", null)));
        assertThatThrownBy(() -> calls.put(PutItem.of(new Member(other.memberId(), email, null, "max",
                other.version())))).isInstanceOfSatisfying(UniqueKeyConflictException.class,
                        e -> {
                            assertThat(e.holder()).contains(holderPath);
                            assertThat(e.getMessage()).contains("held by " + holderPath)
                                    .doesNotContain("held by " + table.keyPathOf(other));
                        });
    }

    @Test
    void changingTheEmailMovesTheAliasAndFreesTheOldOne() {
        String first = email();
        String second = email();
        Member m = table.put(new Member(UUID.randomUUID(), first, null, "ann", null));

        Member moved = table.put(new Member(m.memberId(), second, null, "ann", m.version()));

        assertThat(table.getByAlias(Member.class, emailPath(first))).isEmpty();
        assertThat(aliasItem(emailPath(first))).isEmpty();
        assertThat(table.getByAlias(Member.class, emailPath(second))).contains(moved);
        Member other = table.put(new Member(UUID.randomUUID(), first, null, "bob", null));
        assertThat(table.getByAlias(Member.class, emailPath(first))).contains(other);
    }

    @Test
    void deletingTheItemDeletesItsAliases() {
        String email = email();
        String handle = "h" + UUID.randomUUID();
        Member m = table.put(new Member(UUID.randomUUID(), email, handle, "cy", null));
        assertThat(table.getByAlias(Member.class, KeyPath.of("handle", handle))).contains(m);

        table.delete(m);

        assertThat(table.getByAlias(Member.class, emailPath(email))).isEmpty();
        assertThat(aliasItem(emailPath(email))).isEmpty();
        assertThat(aliasItem(KeyPath.of("handle", handle))).isEmpty();
        Badge b = table.put(new Badge(System.nanoTime(), "code-" + UUID.randomUUID(), "x"));
        table.delete(Badge.class, table.keyPathOf(b));
        assertThat(aliasItem(KeyPath.of("code", b.code()))).isEmpty();
    }

    @Test
    void anAliasItemPointsAtItsItemFromAPartitionOfItsOwnAndStaysOutOfQueries() {
        String email = email();
        Member m = table.put(new Member(UUID.randomUUID(), email, null, "dee", null));
        KeyPath item = table.keyPathOf(m);

        Map<String, AttributeValue> alias = aliasItem(emailPath(email));
        assertThat(alias.get("_type").s()).isEqualTo("_kp_alias");
        assertThat(alias.get("tt").s()).isEqualTo("Member");
        assertThat(KeyPath.decode(alias.get("tpk").b().asByteArray(), alias.get("tsk").b().asByteArray()))
                .isEqualTo(item);
        var stored = client.getItem(b -> b.tableName(table.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(item.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(item.sortKey()))))).item();
        assertThat(stored.get("_kp_aliases").l()).extracting(AttributeValue::s).containsExactly("/email-" + email);

        ItemQuery aliases = ItemQuery.of(q -> q.subtree(KeyPath.of("_kp_alias", emailPath(email).toString())));
        assertThat(table.query(aliases).items()).isEmpty();
        assertThat(table.count(aliases)).isZero();
        assertThat(table.query(ItemQuery.of(q -> q.subtree(item))).items()).containsExactly(m);
    }

    @Test
    void batchWritesTransactionsAndUpdatesOfUniqueFieldsAreRefusedBeforeAnyRequest() {
        Member m = table.put(new Member(UUID.randomUUID(), email(), null, "eve", null));
        KeyPath path = table.keyPathOf(m);
        Member fresh = new Member(UUID.randomUUID(), email(), null, "new", null);

        assertThatThrownBy(() -> table.batchWrite(b -> b.put(new Badge(1, "c", "l"))))
                .isInstanceOf(UniqueKeyWriteException.class).hasMessageContaining("Badge")
                .hasMessageContaining("batch write");
        assertThatThrownBy(() -> table.batchWrite(b -> b.delete(Member.class, path)))
                .isInstanceOf(UniqueKeyWriteException.class).hasMessageContaining(path.toString());
        assertThatThrownBy(() -> table.transact(tx -> tx.put(fresh)))
                .isInstanceOf(UniqueKeyWriteException.class).hasMessageContaining("transaction");
        assertThatThrownBy(() -> table.transact(tx -> tx.delete(m)))
                .isInstanceOf(UniqueKeyWriteException.class);
        assertThatThrownBy(() -> table.update(Member.class, path, UpdateSpec.of(u -> u.set("email", "x@y.z"))))
                .isInstanceOf(UniqueKeyWriteException.class).hasMessageContaining("'email'");
        assertThatThrownBy(() -> table.update(Member.class, path, UpdateSpec.of(u -> u.remove("handle"))))
                .isInstanceOf(UniqueKeyWriteException.class).hasMessageContaining("'handle'");
        assertThatThrownBy(() -> table.delete(dev.keypath.dynamodb.DeleteItem.builder(Member.class, path)
                .returnDeleted().build())).isInstanceOf(UniqueKeyWriteException.class);

        assertThat(table.getByAlias(Member.class, emailPath(fresh.email()))).isEmpty();
        Member renamed = table.update(Member.class, path, UpdateSpec.of(u -> u.set("name", "eva")));
        assertThat(table.getByAlias(Member.class, emailPath(m.email()))).contains(renamed);
    }

    @Test
    void aliasesAreTableWideSoATeamCannotTakeAMembersEmail() {
        String email = email();
        Member m = table.put(new Member(UUID.randomUUID(), email, null, "fay", null));

        assertThatThrownBy(() -> table.put(new Team("t-" + UUID.randomUUID(), email)))
                .isInstanceOf(UniqueKeyConflictException.class).hasMessageContaining("of Team");
        assertThatThrownBy(() -> table.getByAlias(Team.class, emailPath(email)))
                .isInstanceOf(UnknownItemTypeException.class).hasMessageContaining("'Member', not a Team");
        assertThat(table.getByAlias(Member.class, emailPath(email))).contains(m);
        assertThatThrownBy(() -> table.getByAlias(Model.User.class, emailPath(email)))
                .isInstanceOf(dev.keypath.dynamodb.UnknownItemTypeException.class);
    }

    @Test
    void versionAndCreateOnlyFailuresKeepTheirOwnExceptions() {
        Member m = table.put(new Member(UUID.randomUUID(), email(), null, "gus", null));
        table.put(new Member(m.memberId(), m.email(), null, "gus 2", m.version()));

        assertThatThrownBy(() -> table.put(new Member(m.memberId(), email(), null, "stale", m.version())))
                .isInstanceOf(VersionConflictException.class);
        Badge b = table.put(new Badge(System.nanoTime(), "c-" + UUID.randomUUID(), "one"));
        assertThatThrownBy(() -> table.put(new Badge(b.badgeId(), "c-" + UUID.randomUUID(), "two"),
                PutMode.CREATE_ONLY)).isInstanceOf(ConditionFailedException.class)
                .isNotInstanceOf(UniqueKeyConflictException.class);
        assertThat(table.getByAlias(Badge.class, KeyPath.of("code", b.code()))).contains(b);
    }

    @Test
    void aPutThatKeepsItsValuesIsIdempotentAndANewUniqueValueGainsAnAlias() {
        Badge b = new Badge(System.nanoTime(), "c-" + UUID.randomUUID(), "l");
        table.put(b);
        table.put(b);
        assertThat(table.getByAlias(Badge.class, KeyPath.of("code", b.code()))).contains(b);

        Member m = table.put(new Member(UUID.randomUUID(), email(), null, "hal", null));
        String handle = "h-" + UUID.randomUUID();
        Member withHandle = table.put(new Member(m.memberId(), m.email(), handle, "hal", m.version()));
        assertThat(table.getByAlias(Member.class, KeyPath.of("handle", handle))).contains(withHandle);
        assertThat(table.getByAlias(Member.class, emailPath(m.email()))).contains(withHandle);
    }

    @Test
    void concurrentChangesOfOneItemLeaveExactlyTheStoredValuesAlias() throws Exception {
        long id = System.nanoTime();
        table.put(new Badge(id, "start-" + id, "l"));
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        List<String> codes = new ArrayList<>();
        try {
            for (int i = 0; i < writers; i++) {
                String code = "code-" + id + "-" + i;
                codes.add(code);
                done.add(pool.submit(() -> {
                    start.await();
                    return table.put(new Badge(id, code, "l"));
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        Badge stored = table.get(Badge.class, KeyPath.of("badge", id)).orElseThrow();
        assertThat(table.getByAlias(Badge.class, KeyPath.of("code", stored.code()))).contains(stored);
        codes.add("start-" + id);
        for (String code : codes) {
            if (!code.equals(stored.code())) {
                assertThat(aliasItem(KeyPath.of("code", code))).as(code).isEmpty();
            }
        }
    }

    @Test
    void theAsyncTableKeepsAliasesTheSameWay() throws Exception {
        String email = email();
        Member m = async.put(new Member(UUID.randomUUID(), email, null, "ivy", null)).get(2, TimeUnit.MINUTES);
        assertThat(async.getByAlias(Member.class, emailPath(email)).get(2, TimeUnit.MINUTES)).contains(m);

        assertThatThrownBy(() -> async.put(new Member(UUID.randomUUID(), email, null, "rival", null)).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(UniqueKeyConflictException.class);

        async.delete(m).get(2, TimeUnit.MINUTES);
        assertThat(async.getByAlias(Member.class, emailPath(email)).get(2, TimeUnit.MINUTES))
                .isEqualTo(Optional.empty());
        assertThat(aliasItem(emailPath(email))).isEmpty();
    }

    @Test
    void anAliasLeftBehindByASubtreeDeleteIsTakenOverByTheNextItem() {
        String email = email();
        Member gone = table.put(new Member(UUID.randomUUID(), email, null, "old", null));
        table.deleteSubtree(table.keyPathOf(gone)); // deletes the item, not its alias
        assertThat(aliasItem(emailPath(email))).isNotEmpty();
        assertThat(table.getByAlias(Member.class, emailPath(email))).isEmpty();

        Member next = table.put(new Member(UUID.randomUUID(), email, null, "new", null));

        assertThat(table.getByAlias(Member.class, emailPath(email))).contains(next);
        assertThatThrownBy(() -> table.put(new Member(UUID.randomUUID(), email, null, "third", null)))
                .isInstanceOf(UniqueKeyConflictException.class);
    }

    @Test
    void theAliasOfAnExpiredItemIsFreeForAnotherItem() throws Exception {
        String code = "t-" + UUID.randomUUID();
        Ticket expired = table.put(new Ticket("a-" + code, code, java.time.Instant.now().minusSeconds(60)));
        assertThat(table.getByAlias(Ticket.class, KeyPath.of("code", code))).isEmpty();

        Ticket live = async.put(new Ticket("b-" + code, code, java.time.Instant.now().plusSeconds(3600)))
                .get(2, TimeUnit.MINUTES);

        assertThat(table.getByAlias(Ticket.class, KeyPath.of("code", code))).contains(live);
        assertThat(expired.code()).isEqualTo(live.code());
        assertThatThrownBy(() -> table.put(new Ticket("c-" + code, code, null)))
                .isInstanceOf(UniqueKeyConflictException.class);
    }

    @Test
    void anExpiredItemWrittenAgainCannotKeepAnAliasAnotherItemTookOver() {
        String code = "x-" + UUID.randomUUID();
        String expiredId = "a-" + code;
        table.put(new Ticket(expiredId, code, java.time.Instant.now().minusSeconds(60)));
        Ticket live = table.put(new Ticket("b-" + code, code, null));

        assertThatThrownBy(() -> table.put(new Ticket(expiredId, code, null)))
                .isInstanceOf(UniqueKeyConflictException.class).hasMessageContaining("/code-" + code);
        table.delete(Ticket.class, KeyPath.of("ticket", expiredId));

        assertThat(table.getByAlias(Ticket.class, KeyPath.of("code", code))).contains(live);
        assertThat(table.get(Ticket.class, KeyPath.of("ticket", expiredId))).isEmpty();
    }

    @Test
    void aRegistrationIsOneReadAndOneTransactionAndALookupTwoReads() {
        FaultInjector counted = new FaultInjector();
        try (DynamoDbClient counting = dev.keypath.test.TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(counted)).build()) {
            KeyPathTable t = KeyPathTables.builder().client(counting).tableName(table.tableName())
                    .register(Member.class, Team.class, Badge.class, Ticket.class).build();
            t.bootstrap(); // reads the table's layout record, which a table reads before its first write
            int gets = counted.calls("GetItem");
            int calls = counted.totalCalls();
            String email = email();
            Member m = t.put(new Member(UUID.randomUUID(), email, null, "jo", null));
            assertThat(counted.calls("GetItem")).isEqualTo(gets + 1);
            assertThat(counted.calls("TransactWriteItems")).isEqualTo(1);
            assertThat(counted.totalCalls()).isEqualTo(calls + 2);

            assertThat(t.getByAlias(Member.class, emailPath(email))).contains(m);
            assertThat(counted.calls("GetItem")).isEqualTo(gets + 3);
            assertThat(counted.totalCalls()).isEqualTo(calls + 4);
        }
    }

    @Test
    void aLookupOnATypeWithoutUniqueKeyPathsIsRefused() {
        KeyPathTable tasks = KeyPathTables.builder().client(client).tableName(table.tableName())
                .register(IndexModel.Task.class).build();
        assertThatThrownBy(() -> tasks.getByAlias(IndexModel.Task.class, emailPath("a@b.c")))
                .isInstanceOf(dev.keypath.dynamodb.ItemMappingException.class)
                .hasMessageContaining("Task declares no @UniqueKeyPath");
    }
}
