package dev.keypath.test.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.faults.History.Kind;
import dev.keypath.test.faults.History.Op;
import dev.keypath.test.faults.History.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A history of concurrent operations under injected faults, checked against the final table
 * ({@link HistoryChecker}). Half the clients go through the synchronous table, half through the asynchronous one,
 * all through one {@link FaultProxy} that loses answers after the engine applied the request, answers 5xx before
 * or after it, throttles, drops requests and delays answers past the clients' attempt timeout; the SDK's standard
 * retries resend what they may. The final table is read past the proxy.
 *
 * <p>CI runs {@value #DEFAULT_OPERATIONS} operations by {@value #DEFAULT_CLIENTS} clients. A long run:
 * {@code -Dkeypath.history.operations=100000} (and {@code keypath.history.clients}, {@code keypath.history.seed}).
 */
@KeyPathDynamoDb(types = {HistoryModel.Register.class, HistoryModel.Member.class, HistoryModel.Slip.class,
    HistoryModel.Counter.class, HistoryModel.Receipt.class, HistoryModel.Tally.class})
class HistoryTest {
    static final int DEFAULT_OPERATIONS = 1_200;
    static final int DEFAULT_CLIENTS = 16;
    private static final int OPERATIONS = Integer.getInteger("keypath.history.operations", DEFAULT_OPERATIONS);
    private static final int CLIENTS = Integer.getInteger("keypath.history.clients", DEFAULT_CLIENTS);
    private static final long SEED = Long.getLong("keypath.history.seed", 26);

    @Injected
    private static TestDynamoDb engine;
    @Injected
    private static KeyPathTable plain;
    @Injected
    private static DynamoDbClient raw;

    @Test
    void concurrentClientsUnderLostAnswersErrorsAndThrottlesLeaveNothingDoubledLostOrMisreported() throws Exception {
        HistoryWorld world = new HistoryWorld(OPERATIONS);
        world.create(plain);
        FaultPlan plan = FaultPlan.builder().seed(SEED)
                .probability(Fault.LOST_ANSWER, 0.10).probability(Fault.ERROR_AFTER_APPLY, 0.02)
                .probability(Fault.DELAYED_ANSWER, 0.003).probability(Fault.ERROR, 0.02)
                .probability(Fault.THROTTLE, 0.05).probability(Fault.DROPPED_REQUEST, 0.01)
                .delay(Duration.ofMillis(1500)).build();
        History history = new History();
        long start = System.nanoTime();
        FaultCounts faults;
        try (FaultProxy proxy = FaultProxy.start(engine.endpoint(), plan);
             DynamoDbClient client = FaultyClients.sync(proxy, 10, Duration.ofSeconds(1));
             DynamoDbAsyncClient asyncClient = FaultyClients.async(proxy, 10, Duration.ofSeconds(1))) {
            KeyPathTable sync = KeyPathTables.builder().client(client).tableName(plain.tableName())
                    .register(HistoryModel.TYPES).build();
            KeyPathAsyncTable async = KeyPathTables.asyncBuilder().client(asyncClient).tableName(plain.tableName())
                    .register(HistoryModel.TYPES).build();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<?>> runs = new ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    int share = OPERATIONS / CLIENTS + (i < OPERATIONS % CLIENTS ? 1 : 0);
                    runs.add(pool.submit(new HistoryClient(i, sync, i % 2 == 1 ? async : null, world, history, share,
                            SEED)));
                }
                for (Future<?> run : runs) {
                    run.get(2, TimeUnit.HOURS);
                }
            } finally {
                pool.shutdownNow();
            }
            faults = proxy.counts();
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        List<String> anomalies = new HistoryChecker(history, plain, raw, world).check();
        System.out.println(summary(history, faults, seconds, anomalies));

        assertThat(anomalies.size()).as("anomalies, the first 30: %s", anomalies.subList(0,
                Math.min(30, anomalies.size()))).isZero();
        Map<Outcome, Long> outcomes = history.outcomes();
        assertThat(outcomes.get(Outcome.OK) + outcomes.get(Outcome.FAILED) + outcomes.get(Outcome.UNKNOWN))
                .as("operations invoked").isGreaterThan(OPERATIONS * 9L / 10);
        assertThat(outcomes).as("every outcome happened").allSatisfy((o, n) -> assertThat(n).isPositive());
        double lost = lostShare(faults);
        assertThat(lost).as("answers lost after the engine applied the request").isGreaterThan(0.08);
    }

    /** The share of requests whose answer was lost after the engine applied it (lost, 5xx, delayed past the timeout). */
    private static double lostShare(FaultCounts faults) {
        return (faults.of(Fault.LOST_ANSWER) + faults.of(Fault.ERROR_AFTER_APPLY) + faults.of(Fault.DELAYED_ANSWER))
                / (double) faults.requests();
    }

    private static String summary(History history, FaultCounts faults, long seconds, List<String> anomalies) {
        Map<Kind, Map<Outcome, Integer>> byKind = new EnumMap<>(Kind.class);
        for (Op op : history.ops()) {
            byKind.computeIfAbsent(op.kind(), k -> new EnumMap<>(Outcome.class)).merge(op.outcome(), 1, Integer::sum);
        }
        StringBuilder s = new StringBuilder("History run: ").append(history.ops().size()).append(" operations by ")
                .append(CLIENTS).append(" clients in ").append(seconds).append(" s, seed ").append(SEED)
                .append("\n  outcomes ").append(history.outcomes())
                .append("\n  requests ").append(faults)
                .append(String.format("%n  answers lost after the engine applied the request: %.1f %%",
                        100 * lostShare(faults)));
        byKind.forEach((k, o) -> s.append("\n  ").append(k).append(' ').append(o));
        s.append("\n  anomalies ").append(anomalies.size());
        anomalies.stream().limit(30).forEach(a -> s.append("\n    ").append(a));
        return s.toString();
    }
}
