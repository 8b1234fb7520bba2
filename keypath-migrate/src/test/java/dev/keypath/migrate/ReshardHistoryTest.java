package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.migrate.TransitionChecker.Final;
import dev.keypath.migrate.TransitionHistory.Instance;
import dev.keypath.migrate.TransitionHistory.Outcome;
import dev.keypath.migrate.TransitionHistory.Read;
import dev.keypath.migrate.TransitionHistory.Write;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.Fault;
import dev.keypath.test.faults.FaultCounts;
import dev.keypath.test.faults.FaultPlan;
import dev.keypath.test.faults.FaultProxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The history checker across a re-shard from 4 shards to 16 (docs/HOT-PARTITIONS.md, "Changing N"): instances of the
 * running declaration ({@code count = 4}) and of the deployed one ({@code formerCount = 4}), through synchronous and
 * asynchronous tables, all through one {@link FaultProxy} that loses answers after the engine applied the request,
 * answers 5xx before or after it and throttles, put and update contended accounts and read them by key path and by
 * query, while {@code Reshard} announces the switch, moves and records the re-shard finished. Each round is one
 * re-shard on a table of its own. {@link TransitionChecker} then judges every write (applied exactly once when
 * acknowledged, not at all when reported failed, a refusal of the running declaration's writes after the
 * announcement included) and every read (a state the account went through, holding every write acknowledged before
 * it began; reads of the running declaration are held to that only when they returned before the switch's margin,
 * as after it the items are moved where that declaration does not look).
 *
 * <p>CI runs {@value #DEFAULT_OPERATIONS} operations in one round. A long run:
 * {@code -Dkeypath.history.operations=100000} (rounds of {@code keypath.history.round}, default
 * {@value #DEFAULT_ROUND} operations; {@code keypath.history.seed}).
 */
class ReshardHistoryTest {
    static final int DEFAULT_OPERATIONS = 600;
    static final int DEFAULT_ROUND = 2_500;
    private static final int OPERATIONS = Integer.getInteger("keypath.history.operations", DEFAULT_OPERATIONS);
    private static final int ROUND = Integer.getInteger("keypath.history.round", DEFAULT_ROUND);
    private static final long SEED = Long.getLong("keypath.history.seed", 39);
    private static final int CLIENTS = 8;
    private static final int ACCOUNTS = 24;
    private static final String BANK = "b";
    private static final KeyPath BANK_PATH = KeyPath.of("bank", BANK);
    private static final Duration REFRESH = Duration.ofMillis(100);
    private static final Duration MARGIN = Duration.ofMillis(50);

    /** An account of either declaration. */
    interface Account {
        long accountId();

        long balance();

        List<String> ops();

        Long version();
    }

    @ItemType(name = "Account", keyPath = "/bank-{bank}/account-{accountId}")
    @Sharded(count = 4, by = "accountId")
    record AccountAt4(String bank, long accountId, long balance, List<String> ops, @Version Long version)
            implements Account {
    }

    @ItemType(name = "Account", keyPath = "/bank-{bank}/account-{accountId}")
    @Sharded(count = 16, by = "accountId", formerCount = 4)
    record AccountFrom4To16(String bank, long accountId, long balance, List<String> ops, @Version Long version)
            implements Account {
    }

    @ItemType(name = "Account", keyPath = "/bank-{bank}/account-{accountId}")
    @Sharded(count = 16, by = "accountId")
    record AccountAt16(String bank, long accountId, long balance, List<String> ops, @Version Long version)
            implements Account {
    }

    /** The totals of every round. */
    private static final class Totals {
        final Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        final Map<String, Long> byKind = new HashMap<>();
        final List<String> anomalies = new ArrayList<>();
        long operations;
        long writes;
        long reads;
        long judgedReads;
        long refused;
        long moved;
        long requests;
        long lostAfterApply;
        final Map<String, Long> attemptsBefore = ProxiedClients.attempts();
    }

    @Test
    void oldAndNewInstancesUnderFaultsDuringAReshardLoseNothingAndEveryReadSeesWhatWasAcknowledged()
            throws Exception {
        Totals totals = new Totals();
        long start = System.nanoTime();
        int rounds = Math.max(1, (OPERATIONS + ROUND - 1) / ROUND);
        for (int round = 0; round < rounds; round++) {
            int share = OPERATIONS / rounds + (round < OPERATIONS % rounds ? 1 : 0);
            round(round, share, totals);
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        System.out.println(summary(rounds, totals, seconds));

        assertThat(totals.anomalies).as("anomalies, the first 30: %s",
                totals.anomalies.subList(0, Math.min(30, totals.anomalies.size()))).isEmpty();
        assertThat(totals.writes).as("writes invoked").isGreaterThan(OPERATIONS / 5);
        assertThat(totals.outcomes).as("every outcome happened").allSatisfy((o, n) -> assertThat(n).isPositive());
        assertThat(totals.refused).as("writes of the running declaration refused once the switch was announced")
                .isPositive();
        assertThat(totals.judgedReads).isPositive();
        assertThat(totals.lostAfterApply).as("answers lost after the engine applied the request").isPositive();
    }

    private static void round(int round, int operations, Totals totals) throws Exception {
        String name = TestDynamoDb.uniqueTableName("reshard-history");
        DynamoDbClient direct = TestDynamoDb.get().client();
        KeyPathTable first = KeyPathTables.builder().client(direct).tableName(name).register(AccountAt4.class)
                .layoutRefresh(REFRESH).build();
        first.bootstrap();
        for (long id = 0; id < ACCOUNTS; id++) {
            first.put(new AccountAt4(BANK, id, 0, List.of(), null));
        }
        FaultPlan plan = FaultPlan.builder().seed(SEED * 1_000 + round)
                .probability(Fault.LOST_ANSWER, 0.06).probability(Fault.ERROR_AFTER_APPLY, 0.02)
                .probability(Fault.ERROR, 0.02).probability(Fault.THROTTLE, 0.03).build();
        TransitionHistory history = new TransitionHistory();
        AtomicInteger done = new AtomicInteger();
        int switchAfter = operations / 5 + new SplittableRandom(SEED + round).nextInt(Math.max(1, operations / 5));
        ReshardRun run;
        FaultCounts faults;
        try (FaultProxy proxy = FaultProxy.start(TestDynamoDb.get().endpoint(), plan);
             DynamoDbClient client = ProxiedClients.sync(proxy);
             DynamoDbAsyncClient asyncClient = ProxiedClients.async(proxy)) {
            KeyPathTable oldSync = tableOf(client, name, AccountAt4.class);
            KeyPathAsyncTable oldAsync = asyncOf(asyncClient, name, AccountAt4.class);
            KeyPathTable newSync = tableOf(client, name, AccountFrom4To16.class);
            KeyPathAsyncTable newAsync = asyncOf(asyncClient, name, AccountFrom4To16.class);
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS + 1);
            try {
                List<Future<?>> clients = new ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    int share = operations / CLIENTS + (i < operations % CLIENTS ? 1 : 0);
                    boolean viaAsync = i / 2 % 2 == 1;
                    Accounts accounts = i % 2 == 0
                            ? new Accounts(Instance.OLD, AccountAt4.class, oldSync, viaAsync ? oldAsync : null)
                            : new Accounts(Instance.NEW, AccountFrom4To16.class, newSync, viaAsync ? newAsync : null);
                    clients.add(pool.submit(new TransitionClient(i, accounts, ACCOUNTS, history, share, done,
                            new AtomicLong(), SEED * 1_000_003L + round * 31L + i)));
                }
                Future<ReshardRun> reshard = pool.submit(() -> {
                    while (done.get() < switchAfter && clients.stream().anyMatch(c -> !c.isDone())) {
                        Thread.sleep(5);
                    }
                    return Reshard.builder().client(client).table(name)
                            .type(newSync.schema(AccountFrom4To16.class)).segments(2).pageSize(10)
                            .clockMargin(MARGIN).build().run();
                });
                for (Future<?> c : clients) {
                    c.get(1, TimeUnit.HOURS);
                }
                run = reshard.get(1, TimeUnit.HOURS);
            } finally {
                pool.shutdownNow();
            }
            faults = proxy.counts();
        }
        // read past the proxy, by the declaration that may start once the re-shard is finished
        KeyPathTable after = KeyPathTables.builder().client(direct).tableName(name).register(AccountAt16.class)
                .build();
        after.bootstrap();
        Map<Long, Final> finals = new HashMap<>();
        for (long id = 0; id < ACCOUNTS; id++) {
            AccountAt16 a = after.get(AccountAt16.class, BANK_PATH.then("account", id), ReadConsistency.STRONG)
                    .orElse(null);
            if (a != null) {
                finals.put(id, new Final(a.ops(), a.version(), a.balance()));
            }
        }
        Instant switchAt = run.switchAt();
        long switchNanos = System.nanoTime() - Duration.between(switchAt.minus(MARGIN), Instant.now()).toNanos();
        List<String> anomalies = new TransitionChecker(history).check(finals,
                r -> r.instance() == Instance.NEW || r.returned() < switchNanos);
        List<Map<String, AttributeValue>> stored = direct.scanPaginator(r -> r.tableName(name).consistentRead(true))
                .items().stream().filter(i -> "Account".equals(i.get("_type").s())).toList();
        if (stored.size() != ACCOUNTS) {
            anomalies.add(stored.size() + " stored accounts, not " + ACCOUNTS);
        }
        for (Map<String, AttributeValue> i : stored) {
            KeyPath path = ShardKeys.keyPath(i.get("pk").b().asByteArray(), i.get("sk").b().asByteArray());
            if (!ShardKeys.isSharded(i.get("pk").b().asByteArray())) {
                anomalies.add(path + " is stored unsharded");
            }
        }
        direct.deleteTable(r -> r.tableName(name));

        history.outcomes().forEach((o, n) -> totals.outcomes.merge(o, n, Long::sum));
        for (Write w : history.writes()) {
            totals.byKind.merge(w.instance() + " " + w.kind() + " " + w.outcome(), 1L, Long::sum);
        }
        totals.operations += operations;
        totals.writes += history.writes().size();
        for (Read r : history.reads()) {
            boolean judged = r.instance() == Instance.NEW || r.returned() < switchNanos;
            totals.byKind.merge(r.instance() + " " + r.how() + (judged ? "" : " (after the switch)"), 1L, Long::sum);
            totals.judgedReads += judged ? 1 : 0;
        }
        totals.reads += history.reads().size();
        totals.refused += history.refusedByLayout();
        totals.moved += run.moved();
        totals.requests += faults.requests();
        totals.lostAfterApply += faults.of(Fault.LOST_ANSWER) + faults.of(Fault.ERROR_AFTER_APPLY);
        anomalies.forEach(a -> totals.anomalies.add("round " + round + ": " + a));
    }

    private static KeyPathTable tableOf(DynamoDbClient client, String name, Class<?> type) {
        return KeyPathTables.builder().client(client).tableName(name).register(type).layoutRefresh(REFRESH).build();
    }

    private static KeyPathAsyncTable asyncOf(DynamoDbAsyncClient client, String name, Class<?> type) {
        return KeyPathTables.asyncBuilder().client(client).tableName(name).register(type).layoutRefresh(REFRESH)
                .build();
    }

    /** Accounts as one declaration reads and writes them. */
    private record Accounts(Instance instance, Class<? extends Account> type, KeyPathTable sync,
                            KeyPathAsyncTable asyncTable) implements TransitionItems {
        @Override
        public boolean async() {
            return asyncTable != null;
        }

        private static KeyPath path(long id) {
            return BANK_PATH.then("account", id);
        }

        private static Snapshot snapshot(Account a) {
            return new Snapshot(a.accountId(), a.ops(), a.version(), a.balance());
        }

        @Override
        public Optional<Snapshot> get(long id) {
            Optional<? extends Account> read = TransitionItems.call(async(),
                    () -> sync.get(type, path(id), ReadConsistency.STRONG),
                    () -> asyncTable.get(type, path(id), ReadConsistency.STRONG));
            return read.map(Accounts::snapshot);
        }

        @Override
        public List<Snapshot> query() {
            ItemQuery query = ItemQuery.of(q -> q.subtree(BANK_PATH).consistency(ReadConsistency.STRONG)
                    .limit(ACCOUNTS * 2));
            List<? extends Account> found = TransitionItems.call(async(), () -> sync.stream(type, query).toList(),
                    () -> CompletableFuture.completedFuture(TransitionItems.allPages(asyncTable, type, query)));
            return found.stream().map(Accounts::snapshot).toList();
        }

        @Override
        public void put(Snapshot read, String op, long amount) {
            List<String> ops = new ArrayList<>(read.ops());
            ops.add(op);
            Object next = instance == Instance.OLD
                    ? new AccountAt4(BANK, read.id(), read.balance() + amount, ops, read.version())
                    : new AccountFrom4To16(BANK, read.id(), read.balance() + amount, ops, read.version());
            TransitionItems.call(async(), () -> sync.put(next), () -> asyncTable.put(next));
        }

        @Override
        public void update(Snapshot read, String op, long amount) {
            UpdateItem<? extends Account> update = UpdateItem.builder(type, path(read.id()), UpdateSpec.of(u -> u
                    .increment("balance", amount).append("ops", List.of(op)).expectedVersion(read.version())))
                    .build();
            TransitionItems.call(async(), () -> sync.update(update), () -> asyncTable.update(update));
        }
    }

    private static String summary(int rounds, Totals totals, long seconds) {
        StringBuilder s = new StringBuilder("Re-shard history: ").append(totals.operations)
                .append(" operations (").append(totals.writes).append(" writes, ").append(totals.reads)
                .append(" item reads) in ").append(rounds).append(" re-shards of ").append(ACCOUNTS)
                .append(" accounts by ").append(CLIENTS).append(" clients in ").append(seconds).append(" s, seed ")
                .append(SEED)
                .append("\n  write outcomes ").append(totals.outcomes)
                .append("\n  writes refused by the layout record ").append(totals.refused)
                .append("\n  item reads judged ").append(totals.judgedReads)
                .append("\n  moved by the runs ").append(totals.moved)
                .append("\n  async query pages short of their limit with a next-page token ")
                .append(TransitionItems.SHORT_PAGES.get())
                .append("\n  requests ").append(totals.requests).append(", answers lost after the engine applied ")
                .append(totals.lostAfterApply);
        totals.byKind.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> s.append("\n  ").append(e.getKey()).append(' ').append(e.getValue()));
        s.append("\n  attempts sent by API ").append(ProxiedClients.attemptsSince(totals.attemptsBefore));
        s.append("\n  anomalies ").append(totals.anomalies.size());
        totals.anomalies.stream().limit(30).forEach(a -> s.append("\n    ").append(a));
        return s.toString();
    }
}
