package dev.keypath.spring.slice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.spring.autoconfigure.KeyPathDynamoConnectionDetails;
import dev.keypath.spring.test.KeyPathDevelopmentEngine;
import dev.keypath.spring.test.KeyPathDynamoTest;
import dev.keypath.test.EngineChoice;
import dev.keypath.test.TestDynamoDb;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One switch, {@code -Dkeypath.dynamodb.endpoint=…}, moves every kind of test context to an engine already running
 * (a second DynamoDB Local started here stands in for it): the slice on its default embedded engine, a
 * {@code @SpringBootTest} with {@code keypath.dynamodb.embedded=true}, and a context with the development engine.
 * Each runs on a table of its own, named for the run, which is gone once the context closes; a context that names
 * an engine of its own keeps it and says so. The contexts run as test classes of their own under the switch
 * ({@link EngineTestKit}), each closed after its class ({@link DirtiesContext}).
 */
class RunningEngineSwitchTest {
    private static EmbeddedDynamoDb running;
    /** What each context saw: its table, where its client went, how many engines it started. */
    static final Map<String, Seen> SEEN = new ConcurrentHashMap<>();

    record Seen(String table, URI endpoint, int enginesStarted, List<String> tablesOnTheRunningEngine) {
        static Seen of(ApplicationContext context) {
            DynamoDbClient running = RunningEngineSwitchTest.running.client();
            return new Seen(context.getBean(KeyPathTable.class).tableName(),
                    context.getBean(DynamoDbClient.class).serviceClientConfiguration().endpointOverride().orElse(null),
                    context.getBeansOfType(EmbeddedDynamoDb.class).size(), running.listTables().tableNames());
        }
    }

    @BeforeAll
    static void startTheRunningEngine() {
        running = EmbeddedDynamoDb.start();
    }

    @AfterAll
    static void stopIt() {
        running.close();
    }

    private static Events runUnderTheSwitch(Class<?> testClass) {
        System.setProperty(TestDynamoDb.ENDPOINT_PROPERTY, running.endpoint().toString());
        try {
            return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents();
        } finally {
            System.clearProperty(TestDynamoDb.ENDPOINT_PROPERTY);
        }
    }

    private static void assertMovedAndCleanedUp(Class<?> testClass, String ownTableName) {
        Events events = runUnderTheSwitch(testClass);
        events.assertStatistics(s -> s.started(1).succeeded(1));
        Seen seen = SEEN.get(testClass.getSimpleName());
        assertThat(seen.enginesStarted()).as("DynamoDB Local engines the context started").isZero();
        assertThat(seen.endpoint()).isEqualTo(running.endpoint());
        assertThat(seen.table()).as("a table named for the run").startsWith("kp-").contains("-" + ownTableName + "-");
        assertThat(seen.tablesOnTheRunningEngine()).contains(seen.table());
        assertThat(running.client().listTables().tableNames()).as("tables left once the context closed")
                .doesNotContain(seen.table());
    }

    @Test
    void aSliceOnItsDefaultEngineRunsOnTheRunningEngine() {
        assertMovedAndCleanedUp(Slice.class, "memos-on-the-run");
    }

    @Test
    void anEmbeddedBootTestRunsOnTheRunningEngine() {
        assertMovedAndCleanedUp(EmbeddedBootTest.class, "spring-it");
    }

    @Test
    void theDevelopmentEngineGivesWayToTheRunningEngine() {
        assertMovedAndCleanedUp(DevelopmentEngineTest.class, "memos-dev");
    }

    @Test
    void aContextWithAnEngineOfItsOwnKeepsItAndSaysSo() {
        Events events = runUnderTheSwitch(OwnEngine.class);
        events.assertStatistics(s -> s.started(1).succeeded(1));
        Seen seen = SEEN.get(OwnEngine.class.getSimpleName());
        assertThat(seen.endpoint()).isEqualTo(TestDynamoDb.get().endpoint());
        assertThat(OwnEngine.output).contains("keypath: this test run gives the engine at " + running.endpoint())
                .contains("goes to " + TestDynamoDb.get().endpoint());
    }

    @KeyPathDynamoTest(properties = "keypath.dynamodb.table-name=memos-on-the-run")
    @DirtiesContext
    static class Slice {
        @Autowired
        MemoRepository memos;
        @Autowired
        ApplicationContext context;

        @Test
        void savesOnTheRunningEngine() {
            UUID owner = UUID.randomUUID();
            Memo saved = memos.save(new Memo(owner, 0, "on the running engine"));
            assertThat(memos.findByOwnerId(owner)).containsExactly(saved);
            SEEN.put(getClass().getSimpleName(), Seen.of(context));
        }
    }

    @SpringBootTest(classes = SliceApplication.class, properties = "keypath.dynamodb.embedded=true")
    @DirtiesContext
    static class EmbeddedBootTest {
        @Autowired
        MemoRepository memos;
        @Autowired
        ApplicationContext context;

        @Test
        void savesOnTheRunningEngine() {
            memos.save(new Memo(UUID.randomUUID(), 0, "embedded, moved"));
            SEEN.put(getClass().getSimpleName(), Seen.of(context));
        }
    }

    @SpringBootTest(classes = {SliceApplication.class, KeyPathDevelopmentEngine.class},
            properties = "keypath.dynamodb.table-name=memos-dev")
    @DirtiesContext
    static class DevelopmentEngineTest {
        @Autowired
        MemoRepository memos;
        @Autowired
        ApplicationContext context;

        @Test
        void savesOnTheRunningEngine() {
            memos.save(new Memo(UUID.randomUUID(), 0, "development engine, moved"));
            SEEN.put(getClass().getSimpleName(), Seen.of(context));
        }
    }

    @KeyPathDynamoTest(properties = "keypath.dynamodb.table-name=memos-own")
    @Import(OwnEngine.SharedTestEngine.class)
    @ExtendWith(OutputCaptureExtension.class)
    @DirtiesContext
    static class OwnEngine {
        static String output = "";

        @TestConfiguration(proxyBeanMethods = false)
        static class SharedTestEngine {
            @Bean
            KeyPathDynamoConnectionDetails ownEngine() {
                URI endpoint = TestDynamoDb.get(EngineChoice.DYNAMODB_LOCAL).endpoint();
                return () -> endpoint;
            }
        }

        @Autowired
        ApplicationContext context;

        @Test
        void staysOnItsOwnEngine(CapturedOutput captured) {
            SEEN.put(getClass().getSimpleName(), Seen.of(context));
            output = captured.getAll();
        }
    }
}
