package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AsyncReadCheckedTransaction;
import dev.keypath.dynamodb.AsyncReadModifyWrite;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.ReadCheckedTransaction;
import dev.keypath.dynamodb.ReadConflictException;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/**
 * Read-checked transactions on both tables: a commit applies only if every item the unit read is unchanged
 * (versioned, unversioned, absent items), names the items that changed, and concurrent read-modify-write units
 * lose no update.
 */
@KeyPathDynamoDb(types = {ReadCheckedTransactionTest.Account.class, ReadCheckedTransactionTest.VersionedAccount.class,
    ReadCheckedTransactionTest.Profile.class})
class ReadCheckedTransactionTest {
    private static final int THREADS = 16;
    private static final int TRANSFERS_PER_THREAD = 5;
    private static final int MAX_ATTEMPTS = 200;

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /** An unversioned balance: its check compares every attribute. */
    @ItemType(keyPath = "/bank-{bank}/account-{accountId}")
    record Account(String bank, long accountId, long balance, String note) {
        Account plus(long amount) {
            return new Account(bank, accountId, balance + amount, note);
        }
    }

    /** A versioned balance: its check compares the version. */
    @ItemType(keyPath = "/vbank-{bank}/account-{accountId}")
    record VersionedAccount(String bank, long accountId, long balance, @Version Long version) {
        VersionedAccount plus(long amount) {
            return new VersionedAccount(bank, accountId, balance + amount, version);
        }
    }

    /** Every kind of attribute value an unversioned check must compare as stored. */
    @ItemType(keyPath = "/profile-{id}")
    record Profile(UUID id, String name, String missing, List<String> tags, Map<String, Object> meta,
                   Set<String> roles, byte[] avatar, BigDecimal score, boolean active, Address address) {
    }

    record Address(String street, int number) {
    }

    private static KeyPath account(String bank, long id) {
        return KeyPath.of("bank", bank).then("account", id);
    }

    private static KeyPath versioned(String bank, long id) {
        return KeyPath.of("vbank", bank).then("account", id);
    }

    @Test
    void concurrentTransfersBetweenUnversionedItemsLoseNoUpdate() throws Exception {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 1_000, "a"));
        table.put(new Account(bank, 2, 1_000, "b"));
        int done = inThreads(() -> table.readModifyWrite(MAX_ATTEMPTS, tx -> {
            Account from = tx.read(Account.class, account(bank, 1)).orElseThrow();
            Account to = tx.read(Account.class, account(bank, 2)).orElseThrow();
            tx.put(from.plus(-1)).put(to.plus(1));
            return null;
        }));
        long a = table.get(Account.class, account(bank, 1)).orElseThrow().balance();
        long b = table.get(Account.class, account(bank, 2)).orElseThrow().balance();
        assertThat(a + b).isEqualTo(2_000);
        assertThat(b - 1_000).isEqualTo(done);
        assertThat(done).isEqualTo(THREADS * TRANSFERS_PER_THREAD);
    }

    @Test
    void concurrentTransfersBetweenVersionedItemsLoseNoUpdate() throws Exception {
        String bank = UUID.randomUUID().toString();
        table.put(new VersionedAccount(bank, 1, 1_000, null));
        table.put(new VersionedAccount(bank, 2, 1_000, null));
        int done = inThreads(() -> table.readModifyWrite(MAX_ATTEMPTS, tx -> {
            VersionedAccount from = tx.read(VersionedAccount.class, versioned(bank, 1)).orElseThrow();
            VersionedAccount to = tx.read(VersionedAccount.class, versioned(bank, 2)).orElseThrow();
            tx.put(from.plus(-1)).put(to.plus(1));
            return null;
        }));
        VersionedAccount a = table.get(VersionedAccount.class, versioned(bank, 1)).orElseThrow();
        VersionedAccount b = table.get(VersionedAccount.class, versioned(bank, 2)).orElseThrow();
        assertThat(a.balance() + b.balance()).isEqualTo(2_000);
        assertThat(b.balance() - 1_000).isEqualTo(done).isEqualTo(THREADS * TRANSFERS_PER_THREAD);
        assertThat(b.version()).isEqualTo(1L + done);
    }

    @Test
    void concurrentAsyncTransfersLoseNoUpdate() throws Exception {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 1_000, "a"));
        table.put(new VersionedAccount(bank, 2, 1_000, null));
        AtomicInteger done = new AtomicInteger();
        AsyncReadModifyWrite<Void> transfer = tx -> {
            CompletableFuture<Optional<Account>> from = tx.read(Account.class, account(bank, 1));
            CompletableFuture<Optional<VersionedAccount>> to = tx.read(VersionedAccount.class, versioned(bank, 2));
            return from.thenCombine(to, (f, t) -> {
                tx.put(f.orElseThrow().plus(-1)).put(t.orElseThrow().plus(1));
                return null;
            });
        };
        List<CompletableFuture<Void>> runs = new ArrayList<>();
        for (int chain = 0; chain < THREADS; chain++) { // 16 concurrent chains of transfers, one after another
            CompletableFuture<Void> c = CompletableFuture.completedFuture(null);
            for (int i = 0; i < TRANSFERS_PER_THREAD; i++) {
                c = c.thenCompose(ignored -> async.readModifyWrite(MAX_ATTEMPTS, transfer))
                        .thenRun(done::incrementAndGet);
            }
            runs.add(c);
        }
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        long a = table.get(Account.class, account(bank, 1)).orElseThrow().balance();
        long b = table.get(VersionedAccount.class, versioned(bank, 2)).orElseThrow().balance();
        assertThat(a + b).isEqualTo(2_000);
        assertThat(b - 1_000).isEqualTo(done.get()).isEqualTo(THREADS * TRANSFERS_PER_THREAD);
    }

    @Test
    void aChangedReadItemCancelsTheCommitAndIsNamed() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        table.put(new Account(bank, 2, 100, "b"));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
        Account b = tx.read(Account.class, account(bank, 2)).orElseThrow();
        tx.put(b.plus(a.balance()));
        table.put(a.plus(5)); // another writer changes the item only read

        assertThatThrownBy(tx::commit).isInstanceOfSatisfying(ReadConflictException.class, e -> {
            assertThat(e.changedItems()).containsExactly(account(bank, 1));
            assertThat(e.getMessage()).contains(account(bank, 1).toString());
        });
        assertThat(table.get(Account.class, account(bank, 2)).orElseThrow().balance()).isEqualTo(100);
    }

    @Test
    void aChangedItemThatIsAlsoWrittenIsAReadConflict() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
        tx.put(a.plus(1));
        table.put(new Account(bank, 1, 100, "renamed"));

        assertThatThrownBy(tx::commit).isInstanceOfSatisfying(ReadConflictException.class,
                e -> assertThat(e.changedItems()).containsExactly(account(bank, 1)));
        assertThat(table.get(Account.class, account(bank, 1)).orElseThrow().note()).isEqualTo("renamed");
    }

    @Test
    void aVersionedItemChangedSinceReadIsAReadConflictEvenWithItsOwnVersionCheck() {
        String bank = UUID.randomUUID().toString();
        VersionedAccount stored = table.put(new VersionedAccount(bank, 1, 100, null));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        VersionedAccount a = tx.read(VersionedAccount.class, versioned(bank, 1)).orElseThrow();
        tx.put(a.plus(1));
        table.put(stored.plus(50));

        assertThatThrownBy(tx::commit).isInstanceOfSatisfying(ReadConflictException.class,
                e -> assertThat(e.changedItems()).containsExactly(versioned(bank, 1)));
        assertThat(table.get(VersionedAccount.class, versioned(bank, 1)).orElseThrow().balance()).isEqualTo(150);
    }

    @Test
    void anItemReadAsAbsentMustStillBeAbsent() {
        String bank = UUID.randomUUID().toString();
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        assertThat(tx.read(Account.class, account(bank, 9))).isEmpty();
        tx.put(new Account(bank, 10, 1, "x"));
        table.put(new Account(bank, 9, 1, "appeared"));

        assertThatThrownBy(tx::commit).isInstanceOfSatisfying(ReadConflictException.class,
                e -> assertThat(e.changedItems()).containsExactly(account(bank, 9)));
        assertThat(table.get(Account.class, account(bank, 10))).isEmpty();
    }

    @Test
    void aDeletedReadItemIsAReadConflict() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        assertThat(tx.read(Account.class, account(bank, 1))).isPresent();
        tx.put(new Account(bank, 2, 1, "b"));
        table.delete(Account.class, account(bank, 1));

        assertThatThrownBy(tx::commit).isInstanceOf(ReadConflictException.class);
    }

    @Test
    void theWritesOwnFailedConditionIsNotAReadConflict() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
        tx.put(a.plus(1), Condition.attributeEquals("note", "not-a"));

        assertThatThrownBy(tx::commit).isInstanceOf(TransactionFailedException.class)
                .isNotInstanceOf(ReadConflictException.class)
                .satisfies(e -> assertThat(((TransactionFailedException) e).hasConditionFailure()).isTrue());
        assertThat(table.get(Account.class, account(bank, 1)).orElseThrow().balance()).isEqualTo(100);
    }

    @Test
    void anUnchangedItemOfEveryAttributeKindPassesItsCheckAndAnyChangeFailsIt() {
        UUID id = UUID.randomUUID();
        Profile p = new Profile(id, "ada", null, List.of("x", "y"), Map.of("views", 3, "nested", Map.of("ok", true)),
                Set.of("admin", "dev"), new byte[] {0, 1, 2}, new BigDecimal("12.50"), true,
                new Address("Main St", 12));
        table.put(p);
        String bank = UUID.randomUUID().toString();
        table.readModifyWrite(tx -> {
            assertThat(tx.read(Profile.class, KeyPath.of("profile", id))).isPresent();
            return tx.put(new Account(bank, 1, 1, "written"));
        });
        assertThat(table.get(Account.class, account(bank, 1))).isPresent();

        ReadCheckedTransaction tx = table.readCheckedTransaction();
        assertThat(tx.read(Profile.class, KeyPath.of("profile", id))).isPresent();
        tx.put(new Account(bank, 2, 1, "not written"));
        table.put(new Profile(id, "ada", null, p.tags(), p.meta(), p.roles(), p.avatar(), p.score(), true,
                new Address("Main St", 13))); // only a nested value differs
        assertThatThrownBy(tx::commit).isInstanceOf(ReadConflictException.class);
        assertThat(table.get(Account.class, account(bank, 2))).isEmpty();
    }

    @Test
    void aNullFieldOfAnUnversionedItemThatAnotherWriterSetsIsAReadConflict() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, null));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
        assertThat(a.note()).isNull();
        tx.put(new Account(bank, 2, a.balance(), "copied"));
        table.put(new Account(bank, 1, 100, "set meanwhile")); // the null field, stored as no attribute, is set

        assertThatThrownBy(tx::commit).isInstanceOfSatisfying(ReadConflictException.class,
                e -> assertThat(e.changedItems()).containsExactly(account(bank, 1)));
        assertThat(table.get(Account.class, account(bank, 2))).isEmpty();
    }

    @Test
    void anyStoredItemPassesItsUnchangedCheckAndFailsItOnceOneFieldChanges() {
        String bank = UUID.randomUUID().toString();
        AtomicInteger written = new AtomicInteger();
        QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.engineExamples", 25))
                .forAll(longs().all(), integers().between(0, 8)).checkAssert((seed, field) -> {
                    Profile p = randomProfile(new Random(seed));
                    table.put(p);
                    KeyPath path = KeyPath.of("profile", p.id());
                    long id = written.incrementAndGet();
                    table.readModifyWrite(tx -> tx.read(Profile.class, path).map(read ->
                            tx.put(new Account(bank, id, 1, "checked"))));
                    assertThat(table.get(Account.class, account(bank, id))).as("no false conflict").isPresent();

                    ReadCheckedTransaction tx = table.readCheckedTransaction();
                    assertThat(tx.read(Profile.class, path)).isPresent();
                    tx.put(new Account(bank, -id, 1, "not written"));
                    table.put(changed(p, field));
                    assertThatThrownBy(tx::commit).isInstanceOf(ReadConflictException.class);
                });
    }

    /** A profile with random values of every kind, nulls and empty values included. */
    private static Profile randomProfile(Random r) {
        List<String> tags = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            tags.add(text(r));
        }
        Map<String, Object> meta = new java.util.LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            meta.put("k" + i, r.nextBoolean() ? (Object) r.nextInt() : Map.of("inner", text(r)));
        }
        Set<String> roles = new java.util.TreeSet<>();
        for (int i = r.nextInt(3); i > 0; i--) {
            roles.add(text(r));
        }
        byte[] avatar = new byte[r.nextInt(5)];
        r.nextBytes(avatar);
        return new Profile(UUID.randomUUID(), text(r), r.nextBoolean() ? null : text(r), tags, meta, roles, avatar,
                BigDecimal.valueOf(r.nextLong(), r.nextInt(4)), r.nextBoolean(),
                r.nextBoolean() ? null : new Address(text(r), r.nextInt()));
    }

    private static String text(Random r) {
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(6); i > 0; i--) {
            b.appendCodePoint(r.nextBoolean() ? 'a' + r.nextInt(26) : 0x00e0 + r.nextInt(0x2000));
        }
        return b.toString();
    }

    /** {@code p} with field number {@code field} changed. */
    private static Profile changed(Profile p, int field) {
        List<String> tags = new ArrayList<>(p.tags());
        tags.add("more");
        Map<String, Object> meta = new java.util.LinkedHashMap<>(p.meta());
        meta.put("added", 1);
        Set<String> roles = new java.util.TreeSet<>(p.roles());
        roles.add("another role");
        byte[] avatar = java.util.Arrays.copyOf(p.avatar(), p.avatar().length + 1);
        return switch (field) {
            case 0 -> new Profile(p.id(), p.name() + "!", p.missing(), p.tags(), p.meta(), p.roles(), p.avatar(),
                    p.score(), p.active(), p.address());
            case 1 -> new Profile(p.id(), p.name(), p.missing() == null ? "" : null, p.tags(), p.meta(), p.roles(),
                    p.avatar(), p.score(), p.active(), p.address());
            case 2 -> new Profile(p.id(), p.name(), p.missing(), tags, p.meta(), p.roles(), p.avatar(), p.score(),
                    p.active(), p.address());
            case 3 -> new Profile(p.id(), p.name(), p.missing(), p.tags(), meta, p.roles(), p.avatar(), p.score(),
                    p.active(), p.address());
            case 4 -> new Profile(p.id(), p.name(), p.missing(), p.tags(), p.meta(), roles, p.avatar(), p.score(),
                    p.active(), p.address());
            case 5 -> new Profile(p.id(), p.name(), p.missing(), p.tags(), p.meta(), p.roles(), avatar, p.score(),
                    p.active(), p.address());
            case 6 -> new Profile(p.id(), p.name(), p.missing(), p.tags(), p.meta(), p.roles(), p.avatar(),
                    p.score().add(BigDecimal.ONE), p.active(), p.address());
            case 7 -> new Profile(p.id(), p.name(), p.missing(), p.tags(), p.meta(), p.roles(), p.avatar(),
                    p.score(), !p.active(), p.address());
            default -> new Profile(p.id(), p.name(), p.missing(), p.tags(), p.meta(), p.roles(), p.avatar(),
                    p.score(), p.active(), p.address() == null ? new Address("new", 1)
                    : new Address(p.address().street(), p.address().number() + 1));
        };
    }

    @Test
    void aReadOnlyUnitChecksItsReadsAndARepeatedReadReturnsTheFirst() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        ReadCheckedTransaction tx = table.readCheckedTransaction();
        Account first = tx.read(Account.class, account(bank, 1)).orElseThrow();
        table.put(first.plus(1));
        assertThat(tx.read(Account.class, account(bank, 1))).contains(first);
        assertThatThrownBy(tx::commit).isInstanceOf(ReadConflictException.class);

        ReadCheckedTransaction unchanged = table.readCheckedTransaction();
        assertThat(unchanged.read(Account.class, account(bank, 1))).isPresent();
        assertThat(unchanged.commit()).isEmpty();
        assertThatThrownBy(unchanged::commit).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already committed");
    }

    @Test
    void retriesRereadAfterAConflictAndGiveUpAfterTheirAttempts() {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        AtomicInteger runs = new AtomicInteger();
        long balance = table.readModifyWrite(5, tx -> {
            Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
            if (runs.incrementAndGet() < 3) {
                table.put(a.plus(10)); // a concurrent writer, twice
            }
            tx.put(a.plus(1));
            return a.balance() + 1;
        });
        assertThat(runs).hasValue(3);
        assertThat(balance).isEqualTo(121);
        assertThat(table.get(Account.class, account(bank, 1)).orElseThrow().balance()).isEqualTo(121);

        AtomicInteger always = new AtomicInteger();
        assertThatThrownBy(() -> table.readModifyWrite(3, tx -> {
            Account a = tx.read(Account.class, account(bank, 1)).orElseThrow();
            always.incrementAndGet();
            table.put(a.plus(1));
            return tx.put(a.plus(100));
        })).isInstanceOf(ReadConflictException.class);
        assertThat(always).hasValue(3);
        assertThatThrownBy(() -> table.readModifyWrite(0, tx -> null)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * One conflict scenario run by the synchronous and the asynchronous table, compared: the same runs, the same
     * result and stored balance; the same failure once the attempts are used up, naming the same item; the same
     * refusal of bad attempts; no retry of a failure that is not a conflict.
     */
    @Test
    void theSameConflictScenarioRunsAlikeOnBothTables() throws Exception {
        Map<String, Object> sync = conflictScenario((attempts, unit) -> table.readModifyWrite(attempts, tx ->
                unit.apply(tx.read(Account.class, account(unit.bank(), 1)).orElseThrow(), tx::put)));
        Map<String, Object> asyncRun = conflictScenario((attempts, unit) -> {
            try {
                return async.readModifyWrite(attempts, tx -> tx.read(Account.class, account(unit.bank(), 1))
                        .thenApply(found -> unit.apply(found.orElseThrow(), tx::put))).get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw (RuntimeException) e.getCause();
            } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(sync.get("retried runs")).isEqualTo(3);
        assertThat(sync.get("result")).isEqualTo(121L);
        assertThat(sync.get("exhausted runs")).isEqualTo(3);
        assertThat(sync.get("exhausted")).isEqualTo(ReadConflictException.class.getName() + " "
                + List.of("changed"));
        assertThat(sync.get("other runs")).isEqualTo(1);
        assertThat(asyncRun).isEqualTo(sync);
    }

    /** A unit of {@link #conflictScenario}: reads account 1 of {@code bank}, writes through {@code put}. */
    private interface Unit {
        String bank();

        long apply(Account read, java.util.function.Consumer<Account> put);
    }

    /** Runs the scenario's units with {@code runner} (attempts, unit); what happened, by name. */
    private static Map<String, Object> conflictScenario(java.util.function.BiFunction<Integer, Unit, Long> runner) {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        Map<String, Object> seen = new java.util.LinkedHashMap<>();
        AtomicInteger runs = new AtomicInteger();
        seen.put("result", runner.apply(5, unit(bank, (a, put) -> {
            if (runs.incrementAndGet() < 3) {
                table.put(a.plus(10)); // a concurrent writer, twice
            }
            put.accept(a.plus(1));
            return a.balance() + 1;
        })));
        seen.put("retried runs", runs.get());
        seen.put("stored", table.get(Account.class, account(bank, 1)).orElseThrow().balance());

        AtomicInteger always = new AtomicInteger();
        Throwable exhausted = org.assertj.core.api.Assertions.catchThrowable(() -> runner.apply(3, unit(bank,
                (a, put) -> {
                    always.incrementAndGet();
                    table.put(a.plus(1));
                    put.accept(a.plus(100));
                    return 0L;
                })));
        seen.put("exhausted", exhausted.getClass().getName() + " " + (exhausted instanceof ReadConflictException r
                && r.changedItems().equals(List.of(account(bank, 1))) ? List.of("changed") : List.of()));
        seen.put("exhausted runs", always.get());

        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> runner.apply(0, unit(bank,
                (a, put) -> 0L)));
        seen.put("refused", refused.getClass().getName() + ": " + refused.getMessage());

        AtomicInteger other = new AtomicInteger();
        Throwable failed = org.assertj.core.api.Assertions.catchThrowable(() -> runner.apply(5, unit(bank,
                (a, put) -> {
                    other.incrementAndGet();
                    throw new IllegalStateException("not a conflict");
                })));
        seen.put("other", failed.getClass().getName() + ": " + failed.getMessage());
        seen.put("other runs", other.get());
        return seen;
    }

    private static Unit unit(String bank, java.util.function.BiFunction<Account, java.util.function.Consumer<Account>,
            Long> body) {
        return new Unit() {
            @Override
            public String bank() {
                return bank;
            }

            @Override
            public long apply(Account read, java.util.function.Consumer<Account> put) {
                return body.apply(read, put);
            }
        };
    }

    @Test
    void asyncReadConflictFailsTheFutureNamingTheItem() throws Exception {
        String bank = UUID.randomUUID().toString();
        table.put(new Account(bank, 1, 100, "a"));
        table.put(new Account(bank, 2, 100, "b"));
        AsyncReadCheckedTransaction tx = async.readCheckedTransaction();
        Account a = tx.read(Account.class, account(bank, 1)).get(30, TimeUnit.SECONDS).orElseThrow();
        Account b = tx.read(Account.class, account(bank, 2)).get(30, TimeUnit.SECONDS).orElseThrow();
        tx.put(b.plus(a.balance()));
        table.put(a.plus(1));

        assertThatThrownBy(() -> tx.commit().get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(ReadConflictException.class,
                        e -> assertThat(e.changedItems()).containsExactly(account(bank, 1)));
        assertThat(table.get(Account.class, account(bank, 2)).orElseThrow().balance()).isEqualTo(100);

        AtomicInteger runs = new AtomicInteger();
        Long after = async.readModifyWrite(4, t -> t.read(Account.class, account(bank, 2)).thenApply(found -> {
            Account acc = found.orElseThrow();
            if (runs.incrementAndGet() == 1) {
                table.put(acc.plus(7));
            }
            t.put(acc.plus(1));
            return acc.balance() + 1;
        })).get(30, TimeUnit.SECONDS);
        assertThat(runs).hasValue(2);
        assertThat(after).isEqualTo(108);
        assertThat(table.get(Account.class, account(bank, 2)).orElseThrow().balance()).isEqualTo(108);
    }

    /** Runs {@code transfer} {@link #TRANSFERS_PER_THREAD} times on each of {@link #THREADS} threads; counts successes. */
    private static int inThreads(Runnable transfer) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> all = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                all.add(pool.submit(() -> {
                    for (int i = 0; i < TRANSFERS_PER_THREAD; i++) {
                        transfer.run();
                        done.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : all) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        return done.get();
    }
}
