package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.NewerItemVersionException;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
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
 * The history checker across a schema upgrade (docs/EVOLVING.md): instances of the running declaration (version 1)
 * and of the deployed one (version 2, a field renamed and one added, with {@code upgradeOnWrite}), through
 * synchronous and asynchronous tables, all through one {@link FaultProxy} that loses answers after the engine
 * applied the request, answers 5xx before or after it and throttles, put and update contended wallets and read them
 * by key path and by query while {@link SchemaRewrite} passes run over the table again and again. Each round starts
 * from wallets stored at version 1 in a table of its own and ends with a last pass. {@link TransitionChecker} then
 * judges every write (applied exactly once when acknowledged, not at all when reported failed) and every read (a
 * state the wallet went through, holding every write acknowledged before it began); a read of the version-1
 * declaration that meets a version-2 item is refused ({@link UnreadableItemException}), counted and not judged. An
 * update of the version-1 declaration that meets a wallet the rewrite (or a new instance) has just raised to
 * version 2 is refused before it applies anything ({@link NewerItemVersionException}): a failed write, judged as
 * every other (no trace of it in the wallet); any other exception of a write is an anomaly.
 *
 * <p>CI runs {@value #DEFAULT_OPERATIONS} operations in one round. A long run:
 * {@code -Dkeypath.history.operations=100000} (rounds of {@code keypath.history.round}, default
 * {@value #DEFAULT_ROUND} operations; {@code keypath.history.seed}).
 */
class SchemaUpgradeHistoryTest {
    static final int DEFAULT_OPERATIONS = 600;
    static final int DEFAULT_ROUND = 2_500;
    private static final int OPERATIONS = Integer.getInteger("keypath.history.operations", DEFAULT_OPERATIONS);
    private static final int ROUND = Integer.getInteger("keypath.history.round", DEFAULT_ROUND);
    private static final long SEED = Long.getLong("keypath.history.seed", 39);
    private static final int CLIENTS = 8;
    private static final int WALLETS = 24;
    /** Between two passes of the background rewrite. */
    private static final Duration PAUSE = Duration.ofMillis(100);
    private static final String OWNER = "o";
    private static final KeyPath OWNER_PATH = KeyPath.of("owner", OWNER);

    /** A wallet of either declaration. */
    interface Wallet {
        long walletId();

        long balance();

        List<String> ops();

        Long version();
    }

    @ItemType(name = "Wallet", keyPath = "/owner-{owner}/wallet-{walletId}")
    record WalletV1(String owner, long walletId, String name, long balance, List<String> ops,
                    @Version Long version) implements Wallet {
    }

    @ItemType(name = "Wallet", keyPath = "/owner-{owner}/wallet-{walletId}", version = 2)
    record WalletV2(String owner, long walletId, String title, long balance, List<String> ops, boolean archived,
                    @Version Long version) implements Wallet {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("name", "title")
                    .added("archived", AttributeValue.fromBool(false))));
        }
    }

    /** The totals of every round. */
    private static final class Totals {
        final Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        final Map<String, Long> byKind = new HashMap<>();
        final List<String> anomalies = new ArrayList<>();
        final AtomicLong unreadable = new AtomicLong();
        long operations;
        long writes;
        long reads;
        long passes;
        long refusedOnNewer;
        long rewritten;
        long requests;
        long lostAfterApply;
        final Map<String, Long> attemptsBefore = ProxiedClients.attempts();
    }

    @Test
    void oldAndNewInstancesUnderFaultsDuringAnUpgradeAndItsRewriteLoseNothingAndEveryReadSeesWhatWasAcknowledged()
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
        assertThat(totals.rewritten).as("items the background rewrite upgraded").isPositive();
        assertThat(totals.byKind.keySet()).as("writes of the running declaration acknowledged")
                .containsAnyOf("OLD put OK", "OLD update OK");
        assertThat(totals.lostAfterApply).as("answers lost after the engine applied the request").isPositive();
    }

    private static void round(int round, int operations, Totals totals) throws Exception {
        String name = TestDynamoDb.uniqueTableName("upgrade-history");
        DynamoDbClient direct = TestDynamoDb.get().client();
        KeyPathTable first = KeyPathTables.builder().client(direct).tableName(name).register(WalletV1.class).build();
        first.bootstrap();
        for (long id = 0; id < WALLETS; id++) {
            first.put(new WalletV1(OWNER, id, "wallet " + id, 0, List.of(), null));
        }
        FaultPlan plan = FaultPlan.builder().seed(SEED * 1_000 + round)
                .probability(Fault.LOST_ANSWER, 0.06).probability(Fault.ERROR_AFTER_APPLY, 0.02)
                .probability(Fault.ERROR, 0.02).probability(Fault.THROTTLE, 0.03).build();
        TransitionHistory history = new TransitionHistory();
        AtomicInteger done = new AtomicInteger();
        FaultCounts faults;
        long rewritten = 0;
        long passes = 0;
        try (FaultProxy proxy = FaultProxy.start(TestDynamoDb.get().endpoint(), plan);
             DynamoDbClient client = ProxiedClients.sync(proxy);
             DynamoDbAsyncClient asyncClient = ProxiedClients.async(proxy)) {
            KeyPathTable oldSync = KeyPathTables.builder().client(client).tableName(name).register(WalletV1.class)
                    .build();
            KeyPathAsyncTable oldAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                    .register(WalletV1.class).build();
            KeyPathTable newSync = KeyPathTables.builder().client(client).tableName(name).register(WalletV2.class)
                    .upgradeOnWrite(WalletV2.class).build();
            KeyPathAsyncTable newAsync = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name)
                    .register(WalletV2.class).upgradeOnWrite(WalletV2.class).build();
            SchemaRewrite rewrite = SchemaRewrite.builder().client(client).table(name)
                    .type(newSync.schema(WalletV2.class)).segments(2).pageSize(10).build();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<?>> clients = new ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    int share = operations / CLIENTS + (i < operations % CLIENTS ? 1 : 0);
                    boolean viaAsync = i / 2 % 2 == 1;
                    Wallets wallets = i % 2 == 0
                            ? new Wallets(Instance.OLD, WalletV1.class, oldSync, viaAsync ? oldAsync : null)
                            : new Wallets(Instance.NEW, WalletV2.class, newSync, viaAsync ? newAsync : null);
                    clients.add(pool.submit(new TransitionClient(i, wallets, WALLETS, history, share, done,
                            totals.unreadable, SEED * 1_000_003L + round * 31L + i)));
                }
                while (clients.stream().anyMatch(c -> !c.isDone())) {
                    rewritten += rewrite.run().rewrittenNow();
                    passes++;
                    Thread.sleep(PAUSE.toMillis());
                }
                for (Future<?> c : clients) {
                    c.get(1, TimeUnit.HOURS);
                }
            } finally {
                pool.shutdownNow();
            }
            faults = proxy.counts();
        }
        // a last pass and the reads of the end, past the proxy, by the new declaration
        KeyPathTable after = KeyPathTables.builder().client(direct).tableName(name).register(WalletV2.class).build();
        rewritten += SchemaRewrite.builder().client(direct).table(name).type(after.schema(WalletV2.class)).build()
                .run().rewrittenNow();
        passes++;
        Map<Long, Final> finals = new HashMap<>();
        for (long id = 0; id < WALLETS; id++) {
            after.get(WalletV2.class, OWNER_PATH.then("wallet", id), ReadConsistency.STRONG)
                    .ifPresent(w -> finals.put(w.walletId(), new Final(w.ops(), w.version(), w.balance())));
        }
        List<String> anomalies = new TransitionChecker(history).check(finals, r -> true);
        direct.scanPaginator(r -> r.tableName(name).consistentRead(true)).items().stream()
                .filter(i -> "Wallet".equals(i.get("_type").s()))
                .filter(i -> i.get("_kp_v") == null || !"2".equals(i.get("_kp_v").n()))
                .forEach(i -> anomalies.add("after the last rewrite, a wallet is stored at version "
                        + (i.get("_kp_v") == null ? "1" : i.get("_kp_v").n())));
        direct.deleteTable(r -> r.tableName(name));

        history.outcomes().forEach((o, n) -> totals.outcomes.merge(o, n, Long::sum));
        for (Write w : history.writes()) {
            totals.byKind.merge(w.instance() + " " + w.kind() + " " + w.outcome(), 1L, Long::sum);
        }
        for (Read r : history.reads()) {
            totals.byKind.merge(r.instance() + " " + r.how(), 1L, Long::sum);
        }
        totals.operations += operations;
        totals.writes += history.writes().size();
        for (Write w : history.writes()) {
            boolean refused = w.error() != null
                    && w.error().startsWith(NewerItemVersionException.class.getSimpleName());
            if (refused && (w.instance() != Instance.OLD || w.outcome() != Outcome.FAILED)) {
                anomalies.add(w.id() + " (" + w.instance() + " " + w.kind() + "): " + w.outcome() + ", " + w.error());
            }
            totals.refusedOnNewer += refused ? 1 : 0;
        }
        totals.reads += history.reads().size();
        totals.passes += passes;
        totals.rewritten += rewritten;
        totals.requests += faults.requests();
        totals.lostAfterApply += faults.of(Fault.LOST_ANSWER) + faults.of(Fault.ERROR_AFTER_APPLY);
        anomalies.forEach(a -> totals.anomalies.add("round " + round + ": " + a));
    }

    /** Wallets as one declaration reads and writes them. */
    private record Wallets(Instance instance, Class<? extends Wallet> type, KeyPathTable sync,
                           KeyPathAsyncTable asyncTable) implements TransitionItems {
        @Override
        public boolean async() {
            return asyncTable != null;
        }

        private static KeyPath path(long id) {
            return OWNER_PATH.then("wallet", id);
        }

        private static Snapshot snapshot(Wallet w) {
            return new Snapshot(w.walletId(), w.ops(), w.version(), w.balance());
        }

        @Override
        public Optional<Snapshot> get(long id) {
            Optional<? extends Wallet> read = TransitionItems.call(async(),
                    () -> sync.get(type, path(id), ReadConsistency.STRONG),
                    () -> asyncTable.get(type, path(id), ReadConsistency.STRONG));
            return read.map(Wallets::snapshot);
        }

        @Override
        public List<Snapshot> query() {
            ItemQuery query = ItemQuery.of(q -> q.subtree(OWNER_PATH).consistency(ReadConsistency.STRONG)
                    .limit(WALLETS * 2));
            List<? extends Wallet> found = TransitionItems.call(async(), () -> sync.stream(type, query).toList(),
                    () -> CompletableFuture.completedFuture(TransitionItems.allPages(asyncTable, type, query)));
            return found.stream().map(Wallets::snapshot).toList();
        }

        @Override
        public void put(Snapshot read, String op, long amount) {
            List<String> ops = new ArrayList<>(read.ops());
            ops.add(op);
            Object next = instance == Instance.OLD
                    ? new WalletV1(OWNER, read.id(), "wallet " + read.id(), read.balance() + amount, ops,
                            read.version())
                    : new WalletV2(OWNER, read.id(), "wallet " + read.id(), read.balance() + amount, ops, false,
                            read.version());
            TransitionItems.call(async(), () -> sync.put(next), () -> asyncTable.put(next));
        }

        @Override
        public void update(Snapshot read, String op, long amount) {
            UpdateItem<? extends Wallet> update = UpdateItem.builder(type, path(read.id()), UpdateSpec.of(u -> u
                    .increment("balance", amount).append("ops", List.of(op)).expectedVersion(read.version())))
                    .build();
            TransitionItems.call(async(), () -> sync.update(update), () -> asyncTable.update(update));
        }

        @Override
        public boolean cannotRead(Throwable e) {
            return instance == Instance.OLD && e instanceof UnreadableItemException u
                    && u.getMessage().contains("newer than version 1");
        }
    }

    private static String summary(int rounds, Totals totals, long seconds) {
        StringBuilder s = new StringBuilder("Schema upgrade history: ").append(totals.operations)
                .append(" operations (").append(totals.writes).append(" writes, ").append(totals.reads)
                .append(" item reads) in ").append(rounds).append(" upgrades of ").append(WALLETS)
                .append(" wallets by ").append(CLIENTS).append(" clients in ").append(seconds).append(" s, seed ")
                .append(SEED)
                .append("\n  write outcomes ").append(totals.outcomes)
                .append("\n  reads of the version-1 declaration refused (a version-2 item) ")
                .append(totals.unreadable.get())
                .append("\n  updates of the version-1 declaration refused on a version-2 item, not applied ")
                .append(totals.refusedOnNewer)
                .append("\n  rewrite passes ").append(totals.passes).append(", items they upgraded ")
                .append(totals.rewritten)
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
