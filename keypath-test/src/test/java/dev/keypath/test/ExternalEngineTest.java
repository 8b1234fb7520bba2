package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An engine that was already running, given by its endpoint: a second DynamoDB Local on loopback stands in for
 * LocalStack, a shared DynamoDB Local or DynamoDB itself. Tables of two runs on it never collide, and the tables that
 * runs which started long ago left there are deleted — only those.
 */
class ExternalEngineTest {
    private static EmbeddedDynamoDb running;
    private static final List<String> MADE = new ArrayList<>();

    @BeforeAll
    static void startAnEngineOfItsOwn() {
        running = EmbeddedDynamoDb.start();
    }

    @AfterAll
    static void stopIt() {
        running.close();
    }

    private static ExternalEndpoint endpoint() {
        return new ExternalEndpoint(running.endpoint(), "-D" + TestDynamoDb.ENDPOINT_PROPERTY + "=" + running.endpoint());
    }

    private static void createTable(DynamoDbClient client, String name) {
        client.createTable(r -> r.tableName(name).billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(d -> d.attributeName("pk").attributeType("S"))
                .keySchema(k -> k.attributeName("pk").keyType("HASH")));
        MADE.add(name);
    }

    @Test
    void aLoopbackEndpointIsReachedWithTheUsualRegionAndDummyCredentials() {
        TestDynamoDb engine = ExternalEngine.connect(endpoint(), TableNames.forThisRun());
        try {
            assertThat(engine.kind()).isEqualTo(EngineKind.EXTERNAL);
            assertThat(engine.endpoint()).isEqualTo(running.endpoint());
            if (System.getenv("AWS_REGION") == null && System.getProperty("aws.region") == null) {
                assertThat(engine.region()).isEqualTo(Region.US_EAST_1);
            }
            String name = TestDynamoDb.uniqueTableName("external");
            createTable(engine.client(), name);
            assertThat(running.client().listTables().tableNames()).as("the same engine, seen directly").contains(name);
        } finally {
            engine.stop();
        }
    }

    @Test
    void everyTableTheRunNamedIsDeletedWhenItEnds() {
        TableNames run = TableNames.forThisRun();
        TestDynamoDb engine = ExternalEngine.connect(endpoint(), run);
        String byHand = run.unique("made-by-a-test");
        String other = TestDynamoDb.uniqueTableName("another-run");
        createTable(engine.client(), byHand);
        createTable(running.client(), other);
        engine.stop(); // as when the run's JVM ends
        assertThat(running.client().listTables().tableNames()).doesNotContain(byHand).contains(other);
    }

    @Test
    void twoRunsOnOneEndpointNeverNameATableAlike() {
        Instant sameSecond = Instant.parse("2031-01-01T00:00:00Z");
        TableNames one = new TableNames("kp", sameSecond, "aaaa");
        TableNames other = new TableNames("kp", sameSecond, "bbbb");
        String a = one.unique("PostsTest");
        String b = other.unique("PostsTest");
        assertThat(a).isEqualTo("kp-20310101t000000-aaaa-PostsTest-1").isNotEqualTo(b);
        assertThat(one.ofThisRun(a)).isTrue();
        assertThat(one.ofThisRun(b)).isFalse();
        assertThat(TableNames.forThisRun().unique("x")).isNotEqualTo(TableNames.forThisRun().unique("x"));
    }

    @Test
    void onlyOurTablesOfRunsThatStartedLongBeforeThisOneAreDeleted() {
        // a prefix of its own, so that the other tests' tables on this engine are not this test's business
        TableNames thisRun = new TableNames("kpclean", Instant.parse("2031-06-01T12:00:00Z"), "this");
        String crashed = "kpclean-20310601t080000-dead-CrashedTest-3";       // four hours before: left over
        String stillRunning = "kpclean-20310601t113000-live-RunningTest-1"; // half an hour before: kept
        String ours = thisRun.unique("OursTest");
        String otherPrefix = "ci-20310601t080000-dead-CrashedTest-3";
        String notATestTable = "orders";
        String lookalike = "kpclean-orders-2020";
        DynamoDbClient client = running.client();
        for (String name : List.of(crashed, stillRunning, ours, otherPrefix, notATestTable, lookalike)) {
            createTable(client, name);
        }

        List<String> deleted = LeftoverTables.delete(client, thisRun, Duration.ofHours(3));

        assertThat(deleted).containsExactly(crashed);
        assertThat(client.listTablesPaginator().tableNames()).doesNotContain(crashed)
                .contains(stillRunning, ours, otherPrefix, notATestTable, lookalike);
        assertThat(LeftoverTables.delete(client, thisRun, Duration.ZERO)).containsExactly(stillRunning);
        assertThat(client.listTablesPaginator().tableNames()).contains(ours, otherPrefix, notATestTable, lookalike);
    }

    @Test
    void theEndpointComesFromThePropertyThenFromTheSdkVariable() {
        Map<String, String> env = Map.of(ExternalEndpoint.SDK_VARIABLE, "http://127.0.0.1:4566");
        assertThat(ExternalEndpoint.configured(name -> null, env)).get()
                .isEqualTo(new ExternalEndpoint(URI.create("http://127.0.0.1:4566"),
                        "AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:4566"));
        assertThat(ExternalEndpoint.configured(name -> name.equals(TestDynamoDb.ENDPOINT_PROPERTY)
                ? " https://dynamodb.eu-west-1.amazonaws.com " : null, env)).get()
                .extracting(ExternalEndpoint::uri).isEqualTo(URI.create("https://dynamodb.eu-west-1.amazonaws.com"));
        assertThat(ExternalEndpoint.configured(name -> "", Map.of())).isEmpty();
        assertThatThrownBy(() -> ExternalEndpoint.configured(name -> "127.0.0.1:4566", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-D" + TestDynamoDb.ENDPOINT_PROPERTY + "=127.0.0.1:4566")
                .hasMessageContaining("http or https URI");
    }

    @Test
    void anEngineThatDoesNotAnswerFailsNamingTheEndpointAndWhereItWasGiven() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + closedPort);
        assertThatThrownBy(() -> ExternalEngine.connect(new ExternalEndpoint(nowhere, "AWS_ENDPOINT_URL_DYNAMODB="
                + nowhere), TableNames.forThisRun()))
                .isInstanceOf(EngineUnavailableException.class)
                .hasMessageContaining(nowhere.toString()).hasMessageContaining("AWS_ENDPOINT_URL_DYNAMODB=")
                .hasMessageContaining("does not answer");
    }

    @Test
    void askingForAnExternalEngineWithoutAnEndpointNamesBothWaysToGiveOne() {
        assumeTrue(ExternalEndpoint.configured().isEmpty(), "this run has an external endpoint");
        assertThatThrownBy(() -> TestDynamoDb.get(EngineChoice.EXTERNAL))
                .isInstanceOf(EngineUnavailableException.class)
                .hasMessageContaining("-D" + TestDynamoDb.ENDPOINT_PROPERTY)
                .hasMessageContaining("AWS_ENDPOINT_URL_DYNAMODB");
    }

    /** A test class of a user's, run by the extension on the engine the endpoint property names. */
    @TestKitFixture
    @KeyPathDynamoDb(types = Note.class)
    static class OnTheGivenEndpoint {
        static final AtomicReference<String> TABLE = new AtomicReference<>();
        static final AtomicReference<URI> ENDPOINT = new AtomicReference<>();

        @Injected
        KeyPathTable table;
        @Injected
        TestDynamoDb engine;

        @Test
        void savesAndReads() {
            TABLE.set(table.tableName());
            ENDPOINT.set(engine.endpoint());
            Note saved = table.put(new Note("b", 1, "on the given engine"));
            assertThat(table.get(Note.class, KeyPath.of("board", "b").then("note", 1))).contains(saved);
        }
    }

    @Test
    void theExtensionRunsAClassOnTheEndpointGivenOnTheCommandLine() {
        assumeTrue(ExternalEndpoint.configured().isEmpty(), "this run already runs on an external endpoint");
        System.setProperty(TestDynamoDb.ENDPOINT_PROPERTY, running.endpoint().toString());
        Events tests;
        try {
            tests = TestKit.run(OnTheGivenEndpoint.class).testEvents();
        } finally {
            System.clearProperty(TestDynamoDb.ENDPOINT_PROPERTY);
            RunningEngines.forget(EngineKind.EXTERNAL);
        }
        assertThat(tests.succeeded().count()).isEqualTo(1);
        assertThat(OnTheGivenEndpoint.ENDPOINT).hasValue(running.endpoint());
        assertThat(OnTheGivenEndpoint.TABLE.get()).startsWith("kp-");
        assertThat(running.client().listTables().tableNames()).as("deleted after the class")
                .doesNotContain(OnTheGivenEndpoint.TABLE.get());
    }
}
