package dev.keypath.test.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.DeleteItem;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathDynamoException;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutItem;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UniqueKeyConflictException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.dynamodb.WriteOutcomeUnknownException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.LostAnswerModel.Account;
import dev.keypath.test.faults.LostAnswerModel.Badge;
import dev.keypath.test.faults.LostAnswerModel.Entry;
import dev.keypath.test.faults.LostAnswerModel.Lease;
import dev.keypath.test.faults.LostAnswerModel.Member;
import dev.keypath.test.faults.LostAnswerModel.Meter;
import dev.keypath.test.faults.LostAnswerModel.Note;
import dev.keypath.test.faults.LostAnswerModel.Pass;
import dev.keypath.test.faults.LostAnswerModel.Tally;
import dev.keypath.test.faults.LostAnswerModel.Wallet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Writes whose answer is lost after DynamoDB applied them: the first attempt reaches the engine, its answer is
 * replaced by a retryable 500 and the SDK's default retry policy sends the same request again. Each write must be
 * applied once and reported as what happened: success when the stored item is its own, a typed error otherwise.
 * The same holds for writes over an item that has expired (absent to writes) but is still stored: the expired
 * item is deleted and the write sent again, and a lost answer to either send is told apart as on any other item.
 */
@KeyPathDynamoDb(types = {Account.class, Note.class, Entry.class, Tally.class, Member.class, Wallet.class,
    Meter.class})
class LostAnswerTest {
    private static final LostFirstAnswer LOSE = new LostFirstAnswer();
    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static KeyPathTable plain;
    private static DynamoDbClient lossyClient;
    private static DynamoDbAsyncClient lossyAsyncClient;
    private static KeyPathTable table;
    private static KeyPathAsyncTable async;
    /** When the expiring items are written; they expire a minute later, and are written over at {@link #NOW}. */
    private static final Instant T0 = Instant.parse("2033-01-01T00:00:00Z");
    private static final Instant EXPIRY = T0.plusSeconds(60);
    private static final Instant NOW = T0.plusSeconds(120);
    private static final Instant LATER = T0.plusSeconds(3600);
    /** Writes the items that expire, at {@link #T0}, without faults. */
    private static KeyPathTable before;
    /** Reads and writes at {@link #NOW}, without faults. */
    private static KeyPathTable afterwards;
    /** Writes over expired items at {@link #NOW}, losing answers. */
    private static KeyPathTable expiring;
    private static KeyPathAsyncTable asyncExpiring;

    @BeforeAll
    static void lossyTables() {
        lossyClient = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(LOSE)
                .apiCallTimeout(Duration.ofSeconds(30))).build();
        lossyAsyncClient = engine.asyncClientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(LOSE)
                .apiCallTimeout(Duration.ofSeconds(30))).build();
        table = KeyPathTables.builder().client(lossyClient).tableName(plain.tableName())
                .register(LostAnswerModel.TYPES).build();
        async = KeyPathTables.asyncBuilder().client(lossyAsyncClient).tableName(plain.tableName())
                .register(LostAnswerModel.TYPES).build();
        Clock now = Clock.fixed(NOW, ZoneOffset.UTC);
        before = KeyPathTables.builder().client(plain.client()).tableName(plain.tableName())
                .register(LostAnswerModel.EXPIRING).clock(Clock.fixed(T0, ZoneOffset.UTC)).build();
        afterwards = KeyPathTables.builder().client(plain.client()).tableName(plain.tableName())
                .register(LostAnswerModel.EXPIRING).clock(now).build();
        expiring = KeyPathTables.builder().client(lossyClient).tableName(plain.tableName())
                .register(LostAnswerModel.EXPIRING).clock(now).build();
        asyncExpiring = KeyPathTables.asyncBuilder().client(lossyAsyncClient).tableName(plain.tableName())
                .register(LostAnswerModel.EXPIRING).clock(now).build();
    }

    @AfterAll
    static void close() {
        lossyClient.close();
        lossyAsyncClient.close();
    }

    @BeforeEach
    void disarm() {
        LOSE.reset();
    }

    private static Account stored(Account a) {
        return plain.get(Account.class, KeyPath.of("account", a.accountId())).orElse(null);
    }

    private static Throwable outcome(Runnable write) {
        return catchThrowable(write::run);
    }

    private static Throwable outcome(CompletableFuture<?> write) {
        try {
            write.get(30, TimeUnit.SECONDS);
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The error a write whose earlier attempt may have applied it must raise: public, typed, with the key path. */
    private static void assertOutcomeUnknown(Throwable e, KeyPath path) {
        assertThat(e).isExactlyInstanceOf(WriteOutcomeUnknownException.class);
        assertThat(((KeyPathDynamoException) e).keyPath()).contains(path);
    }

    @Test
    void aVersionedPutOfANewItemWhoseAnswerIsLostReportsItsOwnWrite() {
        Account a = new Account(UUID.randomUUID(), "ann", 0, null);
        LOSE.arm("PutItem");
        Throwable e = outcome(() -> table.put(a));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(stored(a).version()).isEqualTo(1);
    }

    @Test
    void aVersionedPutOfTheNextVersionWhoseAnswerIsLostReportsItsOwnWrite() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        LOSE.arm("PutItem");
        Throwable e = outcome(() -> table.put(a.withOwner("bob")));
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "bob", 0, 2L));
    }

    @Test
    void anAsyncVersionedPutWhoseAnswerIsLostReportsItsOwnWrite() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        LOSE.arm("PutItem");
        Throwable e = outcome(async.put(a.withOwner("bob")));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "bob", 0, 2L));
    }

    @Test
    void anAsyncDeleteWithAnExpectedVersionWhoseAnswerIsLostSaysItsOwnAttemptMayHaveDeletedTheItem() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("DeleteItem");
        Throwable e = outcome(async.delete(DeleteItem.builder(Account.class, path).expectedVersion(1).build()));
        assertOutcomeUnknown(e, path);
        assertThat(stored(a)).isNull();
    }

    @Test
    void anAsyncUpdateWithAnExpectedVersionWhoseAnswerIsLostReportsItsOwnWrite() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("UpdateItem");
        Throwable e = outcome(async.update(Account.class, path,
                UpdateSpec.of(u -> u.set("owner", "bob").expectedVersion(1))));
        assertThat(e).isNull();
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "bob", 0, 2L));
    }

    @Test
    void aCreateOnlyPutWhoseAnswerIsLostReportsItsOwnWrite() {
        Note n = new Note(UUID.randomUUID().toString(), "first");
        LOSE.arm("PutItem");
        Throwable e = outcome(() -> table.put(PutItem.of(n, p -> p.mode(PutMode.CREATE_ONLY))));
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(plain.get(Note.class, KeyPath.of("note", n.noteId()))).contains(n);
    }

    @Test
    void aPutWithAGeneratedSequenceIdWhoseAnswerIsLostReportsItsOwnWriteOnce() {
        String book = UUID.randomUUID().toString();
        LOSE.arm("PutItem");
        Entry[] written = new Entry[1];
        Throwable e = outcome(() -> written[0] = table.put(new Entry(book, 0, "first")));
        assertThat(e).as("the caller's own write is stored").isNull();
        List<Entry> entries = plain.query(Entry.class, ItemQuery.of(q -> q.subtree(KeyPath.of("book", book)))).items();
        assertThat(entries).containsExactly(written[0]);
    }

    @Test
    void aPutWithAGeneratedIdWhoseItemWasReplacedBeforeTheResendIsUnknownAndNamesTheId() {
        String book = UUID.randomUUID().toString();
        LOSE.arm("PutItem").afterLoss(request -> {
            Map<String, AttributeValue> replaced = new HashMap<>(((PutItemRequest) request).item());
            replaced.put("text", AttributeValue.fromS("theirs"));
            plain.client().putItem(p -> p.tableName(plain.tableName()).item(replaced));
        });
        Throwable e = outcome(() -> table.put(new Entry(book, 0, "mine")));
        KeyPath generated = KeyPath.of("book", book).then("entry", 1);
        assertOutcomeUnknown(e, generated);
        assertThat(e).hasMessageContaining("entry-1");
        assertThat(plain.get(Entry.class, generated).orElseThrow().text()).isEqualTo("theirs");
    }

    @Test
    void aVersionedUpdateWithAnExpectedVersionWhoseAnswerIsLostReportsItsOwnWrite() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> table.update(Account.class, path,
                UpdateSpec.of(u -> u.set("owner", "bob").expectedVersion(1))));
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "bob", 0, 2L));
    }

    @Test
    void aDeleteWithAnExpectedVersionWhoseAnswerIsLostSaysItsOwnAttemptMayHaveDeletedTheItem() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("DeleteItem");
        Throwable e = outcome(() -> table.delete(DeleteItem.builder(Account.class, path).expectedVersion(1).build()));
        assertOutcomeUnknown(e, path);
        assertThat(e).hasMessageContaining("may have deleted");
        assertThat(stored(a)).isNull();
    }

    @Test
    void anIncrementWhoseAnswerIsLostIsAppliedOnceAndReportedAsUnknown() {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> table.update(Tally.class, path, UpdateSpec.of(u -> u.increment("count", 1))));
        assertThat(plain.get(Tally.class, path).orElseThrow().count()).as("applied once").isEqualTo(1);
        assertOutcomeUnknown(e, path);
    }

    @Test
    void anIncrementOfAVersionedItemWithoutAnExpectedVersionIsAppliedOnceAndReportedAsUnknown() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> table.update(Account.class, path, UpdateSpec.of(u -> u.add("balance", 5))));
        assertThat(stored(a).balance()).as("applied once").isEqualTo(5);
        assertOutcomeUnknown(e, path);
    }

    @Test
    void anAsyncIncrementWhoseAnswerIsLostIsAppliedOnceAndReportedAsUnknown() {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        LOSE.arm("UpdateItem");
        Throwable e = outcome(async.update(Tally.class, path, UpdateSpec.of(u -> u.increment("count", 1))));
        assertThat(plain.get(Tally.class, path).orElseThrow().count()).as("applied once").isEqualTo(1);
        assertOutcomeUnknown(e, path);
    }

    @Test
    void anIncrementWithAnExpectedVersionWhoseAnswerIsLostIsAppliedOnce() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> table.update(Account.class, path,
                UpdateSpec.of(u -> u.increment("balance", 5).expectedVersion(1))));
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "ann", 5, 2L));
        assertOutcomeUnknown(e, path);
    }

    @Test
    void aTransactionWhoseAnswerIsLostIsAppliedOnceUnderOneToken() {
        String name = UUID.randomUUID().toString();
        KeyPath tally = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        Note n = new Note(UUID.randomUUID().toString(), "tx");
        LOSE.arm("TransactWriteItems");
        Throwable e = outcome(() -> table.transact(tx -> tx.put(n, PutMode.CREATE_ONLY)
                .update(Tally.class, tally, UpdateSpec.of(u -> u.increment("count", 1)))));
        assertThat(e).isNull();
        assertThat(plain.get(Tally.class, tally).orElseThrow().count()).isEqualTo(1);
        assertThat(LOSE.transactionTokens()).hasSize(2).containsOnly(LOSE.transactionTokens().get(0));
    }

    @Test
    void aTransactionStillInProgressIsSentAgainUnderItsTokenAndAppliedOnce() {
        String name = UUID.randomUUID().toString();
        KeyPath tally = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        LOSE.arm("TransactWriteItems").answerSecondWith(LostFirstAnswer.TRANSACTION_IN_PROGRESS);
        Throwable e = outcome(() -> table.transact(tx -> tx.update(Tally.class, tally,
                UpdateSpec.of(u -> u.increment("count", 1)))));
        assertThat(e).isNull();
        assertThat(plain.get(Tally.class, tally).orElseThrow().count()).isEqualTo(1);
        assertThat(LOSE.transactionTokens()).hasSizeGreaterThanOrEqualTo(3)
                .containsOnly(LOSE.transactionTokens().get(0));
    }

    @Test
    void aPutWithUniqueKeyPathsStillInProgressIsSentAgainUnderItsToken() {
        Member m = new Member(UUID.randomUUID(), UUID.randomUUID() + "@example.com", null);
        LOSE.arm("TransactWriteItems").answerSecondWith(LostFirstAnswer.TRANSACTION_IN_PROGRESS);
        Throwable e = outcome(async.put(m));
        assertThat(e).isNull();
        assertThat(plain.getByAlias(Member.class, KeyPath.of("email", m.email())).orElseThrow().version())
                .isEqualTo(1);
        assertThat(LOSE.transactionTokens()).hasSizeGreaterThanOrEqualTo(3)
                .containsOnly(LOSE.transactionTokens().get(0));
    }

    @Test
    void aPutWithUniqueKeyPathsWhoseAnswerIsLostIsAppliedOnce() {
        Member m = new Member(UUID.randomUUID(), UUID.randomUUID() + "@example.com", null);
        LOSE.arm("TransactWriteItems");
        Throwable e = outcome(() -> table.put(m));
        assertThat(e).isNull();
        assertThat(plain.getByAlias(Member.class, KeyPath.of("email", m.email())).orElseThrow().version())
                .isEqualTo(1);
    }

    @Test
    void aReadModifyWriteWhoseAnswerIsLostIsAppliedOnce() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        LOSE.arm("TransactWriteItems");
        Throwable e = outcome(() -> table.readModifyWrite(tx -> tx.put(tx.read(Account.class, path).orElseThrow()
                .plus(10))));
        assertThat(e).isNull();
        assertThat(stored(a)).isEqualTo(new Account(a.accountId(), "ann", 10, 2L));
    }

    @Test
    void aFailedVersionCheckWithACallerConditionIsAPublicVersionConflict() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        KeyPath path = KeyPath.of("account", a.accountId());
        Throwable e = outcome(() -> table.update(Account.class, path, UpdateSpec.of(u -> u.set("owner", "bob")
                .expectedVersion(7).condition(Condition.attributeEquals("owner", "ann")))));
        assertThat(e).isInstanceOf(VersionConflictException.class);
        assertThat(e.getClass()).as("a public exception class, not an anonymous one")
                .isEqualTo(VersionConflictException.class);
        assertThat(((VersionConflictException) e).keyPath()).contains(path);
    }

    @Test
    void aRetriedVersionedPutThatFindsAnotherWritersVersionIsAConflict() {
        Account a = plain.put(new Account(UUID.randomUUID(), "ann", 0, null));
        plain.put(a.withOwner("other"));
        LOSE.arm("PutItem");
        Throwable e = outcome(() -> table.put(a.withOwner("bob")));
        assertThat(e).isInstanceOf(VersionConflictException.class);
        assertThat(stored(a).owner()).isEqualTo("other");
    }

    @Test
    void anIncrementWithAnExpectedVersionAndARequestTokenWhoseAnswerIsLostReportsItsOwnWriteOnce() {
        Wallet w = plain.put(new Wallet(UUID.randomUUID(), 0, null, null));
        KeyPath path = KeyPath.of("wallet", w.walletId());
        UpdateItem<Wallet> deposit = UpdateItem.builder(Wallet.class, path, UpdateSpec.of(u -> u.increment("balance", 5)
                .expectedVersion(1).requestToken("lastRequest", "deposit-1"))).returning(UpdateItem.Returning.NEW).build();
        LOSE.arm("UpdateItem");
        Wallet[] after = new Wallet[1];
        Throwable e = outcome(() -> after[0] = table.update(deposit));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).isNull();
        Wallet expected = new Wallet(w.walletId(), 5, "deposit-1", 2L);
        assertThat(after[0]).as("the item as stored").isEqualTo(expected);
        assertThat(plain.get(Wallet.class, path)).contains(expected);

        assertThat(table.update(deposit)).as("the same request again: already applied").isEqualTo(expected);
        assertThat(plain.get(Wallet.class, path)).contains(expected);
    }

    @Test
    void anUnversionedIncrementWithARequestTokenIsNotResentButItsRepeatIsRecognised() {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("meter", name);
        plain.put(new Meter(name, 0, null));
        UpdateSpec read = UpdateSpec.of(u -> u.add("reading", 3).requestToken("lastRequest", "r-1"));
        LOSE.arm("UpdateItem");
        assertOutcomeUnknown(outcome(() -> table.update(Meter.class, path, read)), path);
        assertThat(plain.get(Meter.class, path).orElseThrow().reading()).as("applied once").isEqualTo(3);

        assertThat(outcome(() -> table.update(Meter.class, path, read))).as("repeated with its token").isNull();
        assertThat(plain.get(Meter.class, path)).contains(new Meter(name, 3, "r-1"));
        assertThat(outcome(() -> table.update(Meter.class, path, UpdateSpec.of(u -> u.add("reading", 3)
                .requestToken("lastRequest", "r-2"))))).as("a new request").isNull();
        assertThat(plain.get(Meter.class, path)).contains(new Meter(name, 6, "r-2"));
    }

    @Test
    void anUpdateAppliedByALostAttemptCannotReturnTheItemBeforeIt() {
        Wallet w = plain.put(new Wallet(UUID.randomUUID(), 0, null, null));
        KeyPath path = KeyPath.of("wallet", w.walletId());
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> table.update(UpdateItem.builder(Wallet.class, path, UpdateSpec.of(u -> u
                .increment("balance", 5).expectedVersion(1).requestToken("lastRequest", "t")))
                .returning(UpdateItem.Returning.OLD).build()));
        assertOutcomeUnknown(e, path);
        assertThat(e).hasMessageContaining("applied by an earlier attempt").hasMessageContaining("OLD");
        assertThat(plain.get(Wallet.class, path).orElseThrow().balance()).isEqualTo(5);
    }

    @Test
    void anIncrementOnAClientWithALegacyRetryPolicyIsNotResent() {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        try (DynamoDbClient legacy = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(LOSE)
                .retryPolicy(software.amazon.awssdk.core.retry.RetryMode.STANDARD)).build()) {
            KeyPathTable t = KeyPathTables.builder().client(legacy).tableName(plain.tableName())
                    .register(LostAnswerModel.TYPES).build();
            LOSE.arm("UpdateItem");
            Throwable e = outcome(() -> t.update(Tally.class, path, UpdateSpec.of(u -> u.increment("count", 1))));
            assertOutcomeUnknown(e, path);
            assertThat(plain.get(Tally.class, path).orElseThrow().count()).as("applied once").isEqualTo(1);
            LOSE.arm("PutItem");
            Note n = new Note(UUID.randomUUID().toString(), "legacy");
            assertThat(outcome(() -> t.put(PutItem.of(n, p -> p.mode(PutMode.CREATE_ONLY))))).isNull();
        }
    }

    /** A lease at version 3, written at {@link #T0}, expired at {@link #NOW} but still stored. */
    private static Lease staleLease(String id) {
        Lease l = before.put(new Lease(id, "v1", EXPIRY, null));
        l = before.put(new Lease(id, "v2", EXPIRY, l.version()));
        l = before.put(new Lease(id, "v3", EXPIRY, l.version()));
        assertThat(afterwards.get(Lease.class, KeyPath.of("lease", id))).as("expired to reads").isEmpty();
        assertThat(raw(KeyPath.of("lease", id))).as("still stored").isNotEmpty();
        return l;
    }

    /** The item stored at {@code keyPath}, expired or not, read without keypath. */
    private static Map<String, AttributeValue> raw(KeyPath keyPath) {
        var r = plain.client().getItem(b -> b.tableName(plain.tableName()).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(keyPath.sortKey())))));
        return r.hasItem() ? r.item() : Map.of();
    }

    @Test
    void aCreateOnlyPutOverAnExpiredItemWhoseAnswerIsLostReportsItsOwnWrite() {
        String id = UUID.randomUUID().toString();
        before.put(new Pass(id, "stale", 7, EXPIRY));
        Pass fresh = new Pass(id, "fresh", 0, LATER);
        LOSE.arm("PutItem");
        Throwable e = outcome(() -> expiring.put(PutItem.of(fresh, p -> p.mode(PutMode.CREATE_ONLY))));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).as("the caller's own write replaced the expired item").isNull();
        assertThat(afterwards.get(Pass.class, KeyPath.of("pass", id))).contains(fresh);
    }

    @Test
    void anAsyncFirstVersionedPutOverAnExpiredItemWhoseAnswerIsLostIsVersionOne() {
        String id = UUID.randomUUID().toString();
        staleLease(id);
        LOSE.arm("PutItem");
        Throwable e = outcome(asyncExpiring.put(new Lease(id, "fresh", LATER, null)));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).as("the caller's own write replaced the expired item").isNull();
        assertThat(afterwards.get(Lease.class, KeyPath.of("lease", id))).contains(new Lease(id, "fresh", LATER, 1L));
    }

    /**
     * The caller's condition fails on the expired item, which is deleted; the put is sent again and applied. Both
     * answers are lost: the failed condition's (a 500, after which the SDK resends and the expired item comes back
     * with the failure) and the applied resend's (whose own resend then finds the put's own item).
     */
    @Test
    void aPutSentAgainAfterAnExpiredItemIsDeletedReportsItsOwnWriteWhenBothAnswersAreLost() {
        String id = UUID.randomUUID().toString();
        before.put(new Pass(id, "stale", 7, EXPIRY));
        Pass fresh = new Pass(id, "fresh", 0, LATER);
        LOSE.arm("PutItem", 2);
        Throwable e = outcome(() -> expiring.put(PutItem.builder(fresh)
                .condition(Condition.of("attribute_not_exists(#n)", Map.of("#n", "note"), Map.of())).build()));
        assertThat(LOSE.lost()).isEqualTo(2);
        assertThat(e).as("the caller's own write is stored").isNull();
        assertThat(afterwards.get(Pass.class, KeyPath.of("pass", id))).contains(fresh);
    }

    @Test
    void aVersionedUpdateOfAnExpiredItemWhoseFailureIsLostIsAConflictAndRevivesNothing() {
        String id = UUID.randomUUID().toString();
        Lease stale = staleLease(id);
        KeyPath path = KeyPath.of("lease", id);
        LOSE.arm("UpdateItem");
        Throwable e = outcome(() -> expiring.update(Lease.class, path,
                UpdateSpec.of(u -> u.set("note", "revived").expectedVersion(stale.version()))));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).as("as on no item: the resend after the delete is a new send, and it surely failed")
                .isExactlyInstanceOf(VersionConflictException.class);
        assertThat(((VersionConflictException) e).keyPath()).contains(path);
        assertThat(raw(path)).as("deleted while expired, not revived").isEmpty();
    }

    @Test
    void anAsyncVersionedUpdateOfAnExpiredItemWhoseFailureIsLostIsAConflictAndRevivesNothing() {
        String id = UUID.randomUUID().toString();
        Lease stale = staleLease(id);
        KeyPath path = KeyPath.of("lease", id);
        LOSE.arm("UpdateItem");
        Throwable e = outcome(asyncExpiring.update(Lease.class, path,
                UpdateSpec.of(u -> u.set("note", "revived").expectedVersion(stale.version()))));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).isExactlyInstanceOf(VersionConflictException.class);
        assertThat(raw(path)).as("deleted while expired, not revived").isEmpty();
    }

    @Test
    void anIncrementingUpsertOverAnExpiredItemWhoseResendIsLostIsAppliedOnceAndReportedAsUnknown() {
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("pass", id);
        before.put(new Pass(id, "stale", 7, EXPIRY));
        LOSE.armAfter("DeleteItem", "UpdateItem"); // the send after the expired item is deleted loses its answer
        Throwable e = outcome(() -> expiring.update(UpdateItem.upsert(Pass.class, path,
                UpdateSpec.of(u -> u.increment("uses", 1).set("expiresAt", LATER)))));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertOutcomeUnknown(e, path);
        Pass after = afterwards.get(Pass.class, path).orElseThrow();
        assertThat(after.uses()).as("applied once, to a fresh item").isEqualTo(1);
        assertThat(after.note()).as("nothing of the expired item").isNull();
    }

    @Test
    void aTransactionSentAgainAfterAnExpiredItemIsDeletedKeepsItsNewTokenWhenItsAnswerIsLost() {
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("pass", id);
        before.put(new Pass(id, "stale", 7, EXPIRY));
        String name = UUID.randomUUID().toString();
        KeyPath tally = KeyPath.of("tally", name);
        plain.put(new Tally(name, 0));
        LOSE.armAfter("DeleteItem", "TransactWriteItems");
        Throwable e = outcome(() -> expiring.transact(tx -> tx
                .update(UpdateItem.upsert(Pass.class, path, UpdateSpec.of(u -> u.set("note", "fresh"))))
                .update(Tally.class, tally, UpdateSpec.of(u -> u.increment("count", 1)))));
        assertThat(e).isNull();
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(plain.get(Tally.class, tally).orElseThrow().count()).as("applied once").isEqualTo(1);
        Pass after = afterwards.get(Pass.class, path).orElseThrow();
        assertThat(after.note()).isEqualTo("fresh");
        assertThat(after.uses()).as("nothing of the expired item").isZero();
        List<String> tokens = LOSE.transactionTokens();
        assertThat(tokens).as("cancelled by the expired item, sent again, its answer lost, resent").hasSize(3);
        assertThat(tokens.get(1)).as("a new token after the cancellation, kept by the SDK's resend")
                .isNotEqualTo(tokens.get(0)).isEqualTo(tokens.get(2));
    }

    @Test
    void aPutTakingOverAnExpiredHoldersUniqueKeyWhoseAnswersAreLostIsAppliedOnce() {
        String code = "c-" + UUID.randomUUID();
        Badge expired = before.put(new Badge(UUID.randomUUID(), code, EXPIRY, null));
        Badge mine = new Badge(UUID.randomUUID(), code, LATER, null);
        LOSE.arm("TransactWriteItems", 2);
        Throwable e = outcome(() -> expiring.put(mine));
        assertThat(LOSE.lost()).as("the cancellation's answer, then the take-over's").isEqualTo(2);
        assertThat(e).isNull();
        assertThat(afterwards.getByAlias(Badge.class, KeyPath.of("badgecode", code)))
                .contains(new Badge(mine.badgeId(), code, LATER, 1L));
        assertThat(afterwards.get(Badge.class, afterwards.keyPathOf(expired))).isEmpty();

        LOSE.arm("UpdateItem");
        Throwable revived = outcome(() -> expiring.update(Badge.class, afterwards.keyPathOf(expired),
                UpdateSpec.of(u -> u.set("expiresAt", LATER).expectedVersion(1))));
        assertThat(revived).as("the expired holder is absent").isInstanceOf(VersionConflictException.class);
        assertThat(afterwards.get(Badge.class, afterwards.keyPathOf(expired))).isEmpty();
        assertThat(afterwards.getByAlias(Badge.class, KeyPath.of("badgecode", code))).map(Badge::badgeId)
                .contains(mine.badgeId());
    }

    @Test
    void aUniqueKeyConflictWhoseAnswerIsLostNamesTheLiveHolder() {
        String code = "c-" + UUID.randomUUID();
        Badge holder = afterwards.put(new Badge(UUID.randomUUID(), code, LATER, null));
        LOSE.arm("TransactWriteItems");
        Throwable e = outcome(() -> expiring.put(new Badge(UUID.randomUUID(), code, LATER, null)));
        assertThat(LOSE.lost()).isEqualTo(1);
        assertThat(e).isExactlyInstanceOf(UniqueKeyConflictException.class);
        assertThat(((UniqueKeyConflictException) e).holder()).contains(afterwards.keyPathOf(holder));
    }
}
