package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationObserver;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.micrometer.Blog.Post;
import dev.keypath.micrometer.Blog.User;
import dev.keypath.test.TestDynamoDb;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.NamingConvention;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * keypath's meters on Prometheus, whose registry keeps one set of tag keys per meter name and leaves out of its
 * scrape every later meter of that name with other keys: operations with and without an index, succeeding and
 * failing, observed (timers through Micrometer's {@code DefaultMeterObservationHandler}, requests observed too) or
 * metered alone, through both tables; each one's timer and counters are in the scrape, and every meter they made.
 * On DynamoDB Local, the failures injected by an SDK interceptor.
 */
class PrometheusScrapeTest {
    private static final FailingApi FAULTS = new FailingApi();
    private static DynamoDbClient client;
    private static DynamoDbAsyncClient asyncClient;
    private static String name;

    /** How the operations are watched. */
    enum Watch { OBSERVATIONS, METERS }

    enum Kind { SYNC, ASYNC }

    @BeforeAll
    static void setUp() {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.clientBuilder().overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS)).build();
        asyncClient = engine.asyncClientBuilder().httpClientBuilder(NettyNioAsyncHttpClient.builder())
                .overrideConfiguration(o -> o.addExecutionInterceptor(FAULTS)).build();
        name = TestDynamoDb.uniqueTableName("prometheus");
        KeyPathTables.builder().client(client).tableName(name).register(Blog.TYPES).build().bootstrap();
    }

    @AfterAll
    static void tearDown() {
        client.close();
        asyncClient.close();
    }

    static Stream<Arguments> watchesAndTables() {
        return Stream.of(Watch.values()).flatMap(w -> Stream.of(Kind.values()).map(k -> Arguments.of(w, k)));
    }

    @ParameterizedTest
    @MethodSource("watchesAndTables")
    void everyOperationsTimerAndCountersAreScraped(Watch watch, Kind kind) {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        List<Meter.Id> made = new CopyOnWriteArrayList<>();
        List<String> refused = new CopyOnWriteArrayList<>();
        prometheus.config().onMeterAdded(meter -> made.add(meter.getId()))
                .onMeterRegistrationFailed((id, reason) -> refused.add(id + ": " + reason));
        Tables tables = new Tables(kind, observer(watch, prometheus));

        UUID author = UUID.randomUUID();
        User user = tables.call(t -> t.put(new User(author, "ann")), t -> t.put(new User(author, "ann")));
        Post post = new Post(author, 1, "first", "news");
        tables.call(t -> t.put(post), t -> t.put(post));
        KeyPath userPath = KeyPath.of("user", author);
        tables.call(t -> t.get(User.class, userPath), t -> t.get(User.class, userPath));
        ItemQuery byTag = ItemQuery.of(q -> q.index("gsi1").subtree(KeyPath.of("tag", "news")));
        tables.call(t -> t.query(Post.class, byTag), t -> t.query(Post.class, byTag));
        assertThatThrownBy(() -> tables.call(t -> t.put(user, PutMode.CREATE_ONLY),
                t -> t.put(user, PutMode.CREATE_ONLY))).isInstanceOf(RuntimeException.class);
        FAULTS.failing("Query", () -> assertThatThrownBy(() -> tables.call(t -> t.query(Post.class, byTag),
                t -> t.query(Post.class, byTag))).isInstanceOf(RuntimeException.class));
        FAULTS.failing("GetItem", () -> assertThatThrownBy(() -> tables.call(t -> t.get(User.class, userPath),
                t -> t.get(User.class, userPath))).isInstanceOf(RuntimeException.class));

        String text = prometheus.scrape();
        Scrape scrape = new Scrape(text);
        List<Map<String, String>> timers = scrape.samples("keypath_operation_seconds_count");
        assertThat(timers).as("a timer per operation, outcome and index").anySatisfy(
                        labels -> assertThat(labels).containsEntry("db_operation_name", "put")
                                .containsEntry("keypath_outcome", "success"))
                .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "get")
                        .containsEntry("keypath_outcome", "success"))
                .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "query")
                        .containsEntry("aws_dynamodb_index_name", "gsi1").containsEntry("keypath_outcome", "success"))
                .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "put")
                        .containsEntry("keypath_outcome", "condition_failed")
                        .containsEntry("error_type", "dev.keypath.dynamodb.ConditionFailedException"))
                .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "query")
                        .containsEntry("aws_dynamodb_index_name", "gsi1").containsEntry("keypath_outcome", "error"))
                .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "get")
                        .containsEntry("keypath_outcome", "error"));
        assertThat(scrape.samples("keypath_capacity_read_capacity_units_total")).as("the index's read units")
                .anySatisfy(labels -> assertThat(labels).containsEntry("aws_dynamodb_index_name", "gsi1"));
        assertThat(scrape.samples("keypath_items_read_items_total")).as("the items the query read")
                .anySatisfy(labels -> assertThat(labels).containsEntry("aws_dynamodb_index_name", "none")
                        .hasEntrySatisfying("keypath_access_pattern", p -> assertThat(p).startsWith("query")));
        if (watch == Watch.OBSERVATIONS) {
            assertThat(scrape.samples("keypath_request_seconds_count")).as("a timer per request")
                    .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "Query")
                            .containsEntry("aws_dynamodb_index_name", "gsi1").containsKey("error_type"))
                    .anySatisfy(labels -> assertThat(labels).containsEntry("db_operation_name", "GetItem")
                            .containsEntry("error_type", DynamoDbException.class.getName()));
        }
        assertThat(refused).as("meters Prometheus refused").isEmpty();
        scrape.byMetric().forEach((metric, samples) -> assertThat(samples).as("the label names of " + metric)
                .extracting(Map::keySet).containsOnly(samples.get(0).keySet()));
        NamingConvention naming = prometheus.config().namingConvention();
        assertThat(made).as("what the operations made").isNotEmpty().allSatisfy(id -> assertThat(
                scrape.samplesStartingWith(metricName(naming.name(id.getName(), id.getType(), id.getBaseUnit()))))
                .as("the samples of " + id).anySatisfy(labels -> assertThat(labels).containsAllEntriesOf(
                        labels(id, naming))));
    }

    private static OperationObserver observer(Watch watch, PrometheusMeterRegistry prometheus) {
        if (watch == Watch.METERS) {
            return KeyPathObservations.builder(ObservationRegistry.NOOP).meterRegistry(prometheus).longTaskTimer(true)
                    .build();
        }
        ObservationRegistry observations = TestObservationRegistry.builder()
                .validateObservationsWithTheSameNameHavingTheSameSetOfLowCardinalityKeys(true).build();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(prometheus));
        return KeyPathObservations.builder(observations).meterRegistry(prometheus).requestObservations(true).build();
    }

    /** A name as the scrape writes it: the naming convention's, each character Prometheus does not allow an '_'. */
    private static String metricName(String conventionName) {
        return conventionName.replaceAll("[^a-zA-Z0-9_:]", "_");
    }

    private static Map<String, String> labels(Meter.Id id, NamingConvention naming) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (Tag tag : id.getTagsAsIterable()) {
            labels.put(naming.tagKey(tag.getKey()), tag.getValue());
        }
        return labels;
    }

    /** The sync or async table of the shared table, with the observer under test. */
    private static final class Tables {
        private final Kind kind;
        private final KeyPathTable table;
        private final KeyPathAsyncTable asyncTable;

        Tables(Kind kind, OperationObserver observer) {
            this.kind = kind;
            this.table = KeyPathTables.builder().client(client).tableName(name).register(Blog.TYPES)
                    .operationObserver(observer).build();
            this.asyncTable = KeyPathTables.asyncBuilder().client(asyncClient).tableName(name).register(Blog.TYPES)
                    .operationObserver(observer).build();
        }

        <T> T call(Function<KeyPathTable, T> sync, Function<KeyPathAsyncTable, CompletableFuture<T>> async) {
            if (kind == Kind.SYNC) {
                return sync.apply(table);
            }
            try {
                return async.apply(asyncTable).get(60, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }
    }

    /** The samples of a Prometheus text scrape, by metric name, each as its labels. */
    private static final class Scrape {
        private final Map<String, List<Map<String, String>>> samples = new LinkedHashMap<>();

        Scrape(String text) {
            for (String line : text.split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int open = line.indexOf('{');
                int space = line.indexOf(' ');
                if (open < 0 || open > space) {
                    samples.computeIfAbsent(line.substring(0, space), n -> new ArrayList<>()).add(Map.of());
                } else {
                    samples.computeIfAbsent(line.substring(0, open), n -> new ArrayList<>())
                            .add(labels(line, open + 1));
                }
            }
        }

        Map<String, List<Map<String, String>>> byMetric() {
            return samples;
        }

        List<Map<String, String>> samples(String metric) {
            return samples.getOrDefault(metric, List.of());
        }

        /** The samples of every metric {@code name} exposes: its own and its suffixed ones. */
        List<Map<String, String>> samplesStartingWith(String name) {
            List<Map<String, String>> out = new ArrayList<>();
            samples.forEach((metric, of) -> {
                if (metric.equals(name) || metric.startsWith(name + "_")) {
                    out.addAll(of);
                }
            });
            return out;
        }

        private static Map<String, String> labels(String line, int from) {
            Map<String, String> labels = new LinkedHashMap<>();
            int i = from;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                String key = line.substring(i, eq);
                StringBuilder value = new StringBuilder();
                int j = eq + 2; // past ="
                for (; line.charAt(j) != '"'; j++) {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                }
                labels.put(key, value.toString());
                i = line.charAt(j + 1) == ',' ? j + 2 : j + 1;
            }
            return labels;
        }
    }

    /** Fails every request of one API while armed, as DynamoDB refusing it would (not retried). */
    private static final class FailingApi implements ExecutionInterceptor {
        private static final Set<String> NONE = Set.of();
        private volatile Set<String> failing = NONE;

        void failing(String api, Runnable during) {
            failing = Set.of(api);
            try {
                during.run();
            } finally {
                failing = NONE;
            }
        }

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (failing.contains(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))) {
                throw DynamoDbException.builder().message("refused by the test").statusCode(400).build();
            }
        }
    }
}
