package dev.keypath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.micrometer.Blog.Post;
import dev.keypath.micrometer.Blog.User;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.OperationLowCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestHighCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.RequestLowCardinalityKeys;
import dev.keypath.micrometer.KeyPathObservationDocumentation.TypedKeyName;
import dev.keypath.micrometer.KeyPathObservationDocumentation.ValueType;
import dev.keypath.test.TestDynamoDb;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.CopyOnWriteArrayList;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * keypath's observations beside OpenTelemetry's semantic conventions for DynamoDB client calls
 * (opentelemetry.io/docs/specs/semconv/database/dynamodb), key by key: every key keypath declares has the
 * convention's name and type, a request's observation carries for each DynamoDB API the attributes the convention
 * lists for it (from the request as sent and from its response), with values of that type, and no key the
 * convention leaves out is set to a placeholder. On DynamoDB Local; the spans' types through
 * {@link KeyPathTracingObservationHandler}.
 */
class DynamoDbConventionTest {
    /** The convention's attributes keypath writes, with their types (OpenTelemetry's attribute registry). */
    private static final Map<String, ValueType> CONVENTION = Map.ofEntries(
            Map.entry("db.system.name", ValueType.STRING),
            Map.entry("db.operation.name", ValueType.STRING),
            Map.entry("db.collection.name", ValueType.STRING),
            Map.entry("rpc.system", ValueType.STRING),
            Map.entry("rpc.service", ValueType.STRING),
            Map.entry("rpc.method", ValueType.STRING),
            Map.entry("error.type", ValueType.STRING),
            Map.entry("aws.dynamodb.table_names", ValueType.STRING_ARRAY),
            Map.entry("aws.dynamodb.index_name", ValueType.STRING),
            Map.entry("aws.dynamodb.consumed_capacity", ValueType.STRING_ARRAY),
            Map.entry("aws.dynamodb.consistent_read", ValueType.BOOLEAN),
            Map.entry("aws.dynamodb.limit", ValueType.LONG),
            Map.entry("aws.dynamodb.projection", ValueType.STRING),
            Map.entry("aws.dynamodb.scan_forward", ValueType.BOOLEAN),
            Map.entry("aws.dynamodb.select", ValueType.STRING),
            Map.entry("aws.dynamodb.segment", ValueType.LONG),
            Map.entry("aws.dynamodb.total_segments", ValueType.LONG),
            Map.entry("aws.dynamodb.scanned_count", ValueType.LONG),
            Map.entry("aws.dynamodb.count", ValueType.LONG));

    /** What every DynamoDB call carries (the convention's AWS SDK and database client attributes). */
    private static final Set<String> EVERY_CALL = Set.of("db.system.name", "db.operation.name", "rpc.system",
            "rpc.service", "rpc.method", "aws.dynamodb.table_names", "db.collection.name");

    /** The contexts of the observations stopped since the last {@link #clear()}, in the order they stopped. */
    private static final List<Observation.Context> STOPPED = new CopyOnWriteArrayList<>();
    private static final ObservationRegistry OBSERVATIONS = ObservationRegistry.create();
    private static KeyPathTable table;
    private static String name;

    @BeforeAll
    static void setUp() {
        OBSERVATIONS.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                STOPPED.add(context);
            }
        });
        name = TestDynamoDb.uniqueTableName("conventions");
        table = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(name).register(Blog.TYPES)
                .operationObserver(KeyPathObservations.builder(OBSERVATIONS).requestObservations(true).build())
                .build();
        table.bootstrap();
    }

    @BeforeEach
    void clear() {
        STOPPED.clear();
    }

    /** Every key the observations declare, with its declared type. */
    private static Map<String, ValueType> declared() {
        return Stream.of(OperationLowCardinalityKeys.values(), OperationHighCardinalityKeys.values(),
                RequestLowCardinalityKeys.values(), RequestHighCardinalityKeys.values()).flatMap(Stream::of)
                .map(TypedKeyName.class::cast)
                .collect(Collectors.toMap(TypedKeyName::asString, TypedKeyName::valueType, (a, b) -> a));
    }

    @Test
    void everyDeclaredKeyHasTheConventionsNameAndType() {
        List<TypedKeyName> declared = Stream.of(OperationLowCardinalityKeys.values(),
                OperationHighCardinalityKeys.values(), RequestLowCardinalityKeys.values(),
                RequestHighCardinalityKeys.values()).flatMap(Stream::of).map(TypedKeyName.class::cast).toList();
        for (TypedKeyName key : declared) {
            if (!key.asString().startsWith("keypath.")) { // keypath's own keys are under keypath.
                assertThat(CONVENTION).as("a key of the convention: " + key.asString()).containsKey(key.asString());
                assertThat(key.valueType()).as(key.asString()).isEqualTo(CONVENTION.get(key.asString()));
            }
        }
    }

    @Test
    void eachCallCarriesTheAttributesTheConventionListsForIt() {
        UUID author = UUID.randomUUID();
        table.put(new User(author, "ann"));
        for (long id = 1; id <= 3; id++) {
            table.put(new Post(author, id, "post " + id, "news"));
        }
        table.get(User.class, KeyPath.of("user", author), ReadConsistency.STRONG);
        table.query(Post.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", author).then("post")).limit(2)
                .descending(true)));
        table.query(Post.class, ItemQuery.of(q -> q.index("gsi1").subtree(KeyPath.of("tag", "news"))));
        table.count(q -> q.subtree(KeyPath.of("user", author).then("post")));
        try (Stream<Object> all = table.scanInParallel(ItemScan.all(), 2)) {
            assertThat(all.count()).isPositive();
        }
        table.delete(Post.class, KeyPath.of("user", author).then("post", 3));

        Map<String, Map<String, String>> byApi = new LinkedHashMap<>();
        for (KeyPathRequestContext request : requests()) {
            Map<String, String> keys = keys(request);
            keys.forEach((key, value) -> assertValueOfType(key, value, CONVENTION.get(key)));
            assertThat(keys.keySet()).as(request.api()).containsAll(EVERY_CALL)
                    .doesNotContain("error.type").allSatisfy(key -> assertThat(CONVENTION).containsKey(key));
            assertThat(keys).as(request.api()).containsEntry("aws.dynamodb.table_names", name)
                    .containsEntry("db.collection.name", name).containsEntry("rpc.system", "aws-api")
                    .containsEntry("rpc.service", "DynamoDB").containsEntry("rpc.method", request.api())
                    .doesNotContainValue(KeyPathObservationDocumentation.NONE);
            byApi.merge(request.api() + (keys.containsKey("aws.dynamodb.segment") ? "#" + keys.get(
                    "aws.dynamodb.segment") : "") + (keys.containsKey("aws.dynamodb.select") ? " " + keys.get(
                    "aws.dynamodb.select") : "") + (keys.containsKey("aws.dynamodb.index_name") ? " index" : ""),
                    keys, (a, b) -> a);
        }
        assertThat(byApi.get("GetItem")).containsEntry("aws.dynamodb.consistent_read", "true")
                .containsKey("aws.dynamodb.consumed_capacity");
        assertThat(byApi.get("PutItem")).containsKey("aws.dynamodb.consumed_capacity");
        assertThat(byApi.get("DeleteItem")).containsKey("aws.dynamodb.consumed_capacity");
        assertThat(byApi.get("Query")).containsEntry("aws.dynamodb.scan_forward", "false")
                .containsKey("aws.dynamodb.limit").containsKey("aws.dynamodb.consumed_capacity")
                .containsKey("aws.dynamodb.scanned_count").doesNotContainKey("aws.dynamodb.index_name");
        assertThat(byApi.get("Query index")).containsEntry("aws.dynamodb.index_name", "gsi1");
        assertThat(byApi.get("Query COUNT")).containsEntry("aws.dynamodb.select", "COUNT");
        assertThat(byApi.get("Scan#0")).containsEntry("aws.dynamodb.total_segments", "2")
                .containsKey("aws.dynamodb.scanned_count");
        assertThat(byApi.get("Scan#1")).containsEntry("aws.dynamodb.total_segments", "2");
        for (KeyPathRequestContext request : requests()) { // each from the request as it was sent
            Map<String, String> keys = keys(request);
            if (request.request().orElseThrow() instanceof QueryRequest q) {
                assertThat(keys.get("aws.dynamodb.limit")).isEqualTo(string(q.limit()));
                assertThat(keys.get("aws.dynamodb.projection")).isEqualTo(q.projectionExpression());
                assertThat(keys.get("aws.dynamodb.consistent_read")).isEqualTo(string(q.consistentRead()));
                assertThat(keys.get("aws.dynamodb.index_name")).isEqualTo(q.indexName());
            } else if (request.request().orElseThrow() instanceof ScanRequest sc) {
                assertThat(keys.get("aws.dynamodb.segment")).isEqualTo(string(sc.segment()));
                assertThat(keys.get("aws.dynamodb.limit")).isEqualTo(string(sc.limit()));
            } else if (request.request().orElseThrow() instanceof GetItemRequest g) {
                assertThat(keys.get("aws.dynamodb.projection")).isEqualTo(g.projectionExpression());
            }
        }
        String capacity = byApi.get("PutItem").get("aws.dynamodb.consumed_capacity");
        assertThat(ConventionValues.elements(capacity)).singleElement().asString()
                .startsWith("{\"TableName\":\"" + name + "\",\"CapacityUnits\":").contains("\"WriteCapacityUnits\":");
    }

    @Test
    void aFailedCallCarriesItsErrorTypeAndAnOperationWithoutAnIndexNoIndexKey() {
        User stored = table.put(new User(UUID.randomUUID(), "kim"));
        clear();
        assertThatThrownBy(() -> table.put(stored, PutMode.CREATE_ONLY)).isInstanceOf(RuntimeException.class);
        Map<String, String> put = keys(requests().get(requests().size() - 1));
        assertThat(put).containsEntry("error.type",
                "software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException");
        KeyPathOperationContext operation = operations().get(0);
        Map<String, String> keys = keys(operation);
        assertThat(keys).containsEntry("error.type", "dev.keypath.dynamodb.ConditionFailedException")
                .containsEntry("aws.dynamodb.table_names", name).doesNotContainKey("aws.dynamodb.index_name");
        clear();
        table.get(User.class, KeyPath.of("user", stored.userId()));
        assertThat(keys(operations().get(0))).doesNotContainKeys("error.type", "aws.dynamodb.index_name")
                .doesNotContainValue(KeyPathObservationDocumentation.NONE);
    }

    @Test
    void aSpanGetsEachKeyWithItsType() {
        UUID author = UUID.randomUUID();
        table.put(new Post(author, 1, "typed", "news"));
        clear();
        table.query(Post.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", author).then("post")).limit(5)));
        KeyPathTracingObservationHandler handler = new KeyPathTracingObservationHandler(Tracer.NOOP);
        for (Observation.Context context : contexts()) {
            assertThat(handler.supportsContext(context)).isTrue();
            TypedTags span = new TypedTags();
            handler.tagSpan(context, span.span());
            for (KeyValue kv : context.getAllKeyValues()) {
                ValueType type = declared().get(kv.getKey());
                Object tagged = span.tags.get(kv.getKey());
                switch (type) {
                    case STRING_ARRAY -> assertThat(tagged).as(kv.getKey()).isInstanceOf(List.class);
                    case BOOLEAN -> assertThat(tagged).as(kv.getKey()).isInstanceOf(Boolean.class);
                    case LONG -> assertThat(tagged).as(kv.getKey()).isInstanceOf(Long.class);
                    default -> assertThat(tagged).as(kv.getKey()).isEqualTo(kv.getValue());
                }
            }
            if (context instanceof KeyPathRequestContext request
                    && request.request().orElseThrow() instanceof QueryRequest q) {
                assertThat(span.tags).containsEntry("aws.dynamodb.table_names", List.of(name))
                        .containsEntry("aws.dynamodb.limit", (long) q.limit());
            }
        }
    }

    private static String string(Object value) {
        return value == null ? null : value.toString();
    }

    private static void assertValueOfType(String key, String value, ValueType type) {
        switch (type) {
            case BOOLEAN -> assertThat(value).as(key).isIn("true", "false");
            case LONG -> assertThat(value).as(key).matches("-?\\d+");
            case STRING_ARRAY -> assertThat(ConventionValues.elements(value)).as(key).isNotEmpty();
            default -> assertThat(value).as(key).isNotBlank();
        }
    }

    private static List<Observation.Context> contexts() {
        return new ArrayList<>(STOPPED);
    }

    private static List<KeyPathRequestContext> requests() {
        return contexts().stream().filter(KeyPathRequestContext.class::isInstance)
                .map(KeyPathRequestContext.class::cast).toList();
    }

    private static List<KeyPathOperationContext> operations() {
        return contexts().stream().filter(KeyPathOperationContext.class::isInstance)
                .map(KeyPathOperationContext.class::cast).toList();
    }

    private static Map<String, String> keys(Observation.Context context) {
        return context.getAllKeyValues().stream()
                .collect(Collectors.toMap(KeyValue::getKey, KeyValue::getValue, (a, b) -> b, LinkedHashMap::new));
    }

    /** A span that keeps each tag with the type it was given. */
    private static final class TypedTags {
        final Map<String, Object> tags = new LinkedHashMap<>();

        Span span() {
            return new ForwardingNoopSpan() {
                @Override
                public Span tag(String key, String value) {
                    tags.put(key, value);
                    return this;
                }

                @Override
                public Span tag(String key, long value) {
                    tags.put(key, value);
                    return this;
                }

                @Override
                public Span tag(String key, boolean value) {
                    tags.put(key, value);
                    return this;
                }

                @Override
                public Span tagOfStrings(String key, List<String> values) {
                    tags.put(key, List.copyOf(values));
                    return this;
                }
            };
        }
    }
}
