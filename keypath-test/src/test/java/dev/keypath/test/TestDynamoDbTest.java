package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class TestDynamoDbTest {
    @Test
    void engineIsSharedAndAnswers() {
        URI endpoint = TestDynamoDb.get().endpoint();
        if (TestDynamoDb.get().kind() == EngineKind.EXTERNAL) {
            assertThat(endpoint).isEqualTo(ExternalEndpoint.configured().orElseThrow().uri());
        } else {
            assertThat(endpoint.getHost()).isIn("127.0.0.1", "localhost");
        }
        assertThat(TestDynamoDb.get()).isSameAs(TestDynamoDb.get());
        DynamoDbClient client = TestDynamoDb.get().client();
        assertThat(TestDynamoDb.get().client()).isSameAs(client);
        String name = createTable(TestDynamoDb.get(), "answers");
        try {
            assertThat(client.listTablesPaginator().tableNames()).contains(name);
            Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("a"), "n", AttributeValue.fromN("7"));
            client.putItem(r -> r.tableName(name).item(item));
            assertThat(client.getItem(r -> r.tableName(name).key(Map.of("pk", AttributeValue.fromS("a")))
                    .consistentRead(true)).item()).as("the item written, read back").isEqualTo(item);
        } finally {
            client.deleteTable(r -> r.tableName(name));
        }
        assertThat(client.listTablesPaginator().tableNames()).doesNotContain(name);
    }

    @Test
    void withoutDockerTheChoiceFallsThroughQuickly() {
        long start = System.nanoTime();
        boolean docker = DockerProbe.dockerAnswers();
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).isLessThan(4_000);
        if (!docker) {
            assertThat(TestDynamoDb.get(EngineChoice.AUTO).kind()).isEqualTo(EngineKind.DYNAMODB_LOCAL);
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void defaultIsDynamoDbLocalUnlessThePropertyOrAnEndpointSaysOtherwise() {
        assumeFalse(System.getProperty(TestDynamoDb.ENGINE_PROPERTY) != null, "the engine property is set");
        assumeFalse(ExternalEndpoint.configured().isPresent(), "an external endpoint is given");
        assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.DYNAMODB_LOCAL);
        assertThat(TestDynamoDb.get().kind()).isEqualTo(EngineKind.DYNAMODB_LOCAL);
        assertThat(TestDynamoDb.get(EngineChoice.DYNAMODB_LOCAL)).isSameAs(TestDynamoDb.get());
        assertThat(TestDynamoDb.get(EngineChoice.LOCAL)).as("the former name").isSameAs(TestDynamoDb.get());
    }

    @Test
    void theEnginePropertyIsReadEachTimeAndABadValueIsNamed() {
        String before = System.getProperty(TestDynamoDb.ENGINE_PROPERTY);
        try {
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, " LocalStack ");
            assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.LOCALSTACK);
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, "auto");
            assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.AUTO);
            assertThat(EngineChoice.DYNAMODB_LOCAL.resolved()).isEqualTo(EngineChoice.DYNAMODB_LOCAL);
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, "local");
            assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.DYNAMODB_LOCAL);
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, "DynamoDB-Local");
            assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.DYNAMODB_LOCAL);
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, "external");
            assertThat(EngineChoice.DEFAULT.resolved()).isEqualTo(EngineChoice.EXTERNAL);
            System.setProperty(TestDynamoDb.ENGINE_PROPERTY, "docker");
            assertThatThrownBy(EngineChoice.DEFAULT::resolved).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(TestDynamoDb.ENGINE_PROPERTY).hasMessageContaining("'docker'")
                    .hasMessageContaining("dynamodb-local (or local), localstack, auto or external");
        } finally {
            if (before == null) {
                System.clearProperty(TestDynamoDb.ENGINE_PROPERTY);
            } else {
                System.setProperty(TestDynamoDb.ENGINE_PROPERTY, before);
            }
        }
    }

    @Test
    void localStackWithoutDockerFailsWithinSecondsNamingWhatIsMissing() {
        assumeFalse(DockerProbe.dockerAnswers(), "a Docker engine answers here");
        long start = System.nanoTime();
        assertThatThrownBy(() -> TestDynamoDb.get(EngineChoice.LOCALSTACK))
                .isInstanceOf(EngineUnavailableException.class)
                .hasMessageContaining("TestDynamoDb.get(LOCALSTACK)")
                .hasMessageContaining("no Docker engine answered")
                .hasMessageContaining("-D" + TestDynamoDb.ENGINE_PROPERTY + "=auto");
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(4_000);
    }

    @Test
    void uniqueTableNamesKeepOnlyWhatDynamoDbAcceptsAndNeverRepeat() {
        String a = TestDynamoDb.uniqueTableName("my posts/ü#1");
        String b = TestDynamoDb.uniqueTableName("my posts/ü#1");
        assertThat(a).matches("kp-\\d{8}t\\d{6}-[a-z0-9]{4}-myposts1-\\d+").isNotEqualTo(b);
        assertThat(TestDynamoDb.uniqueTableName("x".repeat(300))).hasSizeLessThanOrEqualTo(255);
    }

    @Test
    void clientBuilderTakesAnInterceptorOnTheSameEngine() {
        AtomicInteger calls = new AtomicInteger();
        ExecutionInterceptor counter = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                calls.incrementAndGet();
            }
        };
        TestDynamoDb engine = TestDynamoDb.get();
        String name = createTable(engine, "interceptor");
        try (DynamoDbClient counted = engine.clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(counter)).build()) {
            assertThat(counted.describeTable(r -> r.tableName(name)).table().tableName()).isEqualTo(name);
        } finally {
            engine.client().deleteTable(r -> r.tableName(name));
        }
        assertThat(calls).hasValue(1);
    }

    @Test
    void asyncClientIsSharedAndReachesTheSameEngine() {
        TestDynamoDb engine = TestDynamoDb.get();
        assertThat(engine.asyncClient()).isSameAs(engine.asyncClient());
        String name = createTable(engine, "async-sees");
        try {
            assertThat(engine.asyncClient().describeTable(r -> r.tableName(name)).join().table().tableName())
                    .isEqualTo(name);
        } finally {
            engine.client().deleteTable(r -> r.tableName(name));
        }
    }

    private static String createTable(TestDynamoDb engine, String hint) {
        String name = TestDynamoDb.uniqueTableName(hint);
        engine.client().createTable(r -> r.tableName(name).billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(d -> d.attributeName("pk").attributeType("S"))
                .keySchema(k -> k.attributeName("pk").keyType("HASH")));
        return name;
    }
}
