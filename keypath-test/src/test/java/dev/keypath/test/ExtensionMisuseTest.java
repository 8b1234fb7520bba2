package dev.keypath.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableBuilderSettings;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Events;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Test classes that use {@link KeyPathDynamoDb} wrongly, or ask for an engine that cannot run here, fail at once
 * with a message naming the class, the field or parameter and the fix. The classes below are run through JUnit's
 * test kit, not by the build.
 */
class ExtensionMisuseTest {
    @Test
    void aStaticTableFieldWithATablePerMethodIsRefused() {
        assertThat(failures(StaticTablePerMethod.class)).singleElement().satisfies(f -> assertThat(f.getMessage())
                .contains("static field " + StaticTablePerMethod.class.getName() + ".table")
                .contains("tablePer = METHOD").contains("use tablePer = CLASS"));
    }

    @Test
    void aBeforeAllParameterWithATablePerMethodIsRefused() {
        assertThat(failures(BeforeAllTablePerMethod.class)).singleElement().satisfies(f -> assertThat(f.getMessage())
                .contains("parameter").contains("setUp").contains("tablePer = METHOD"));
    }

    @Test
    void aFieldOfAnotherTypeIsRefusedNamingTheTypesThatAreFilled() {
        assertThat(failures(FieldOfAnotherType.class)).singleElement().satisfies(f -> assertThat(f.getMessage())
                .contains(FieldOfAnotherType.class.getName() + ".name").contains("java.lang.String")
                .contains("KeyPathTable, KeyPathAsyncTable, DynamoDbClient"));
    }

    @Test
    void aFinalFieldIsRefused() {
        assertThat(failures(FinalField.class)).singleElement().satisfies(f -> assertThat(f.getMessage())
                .contains(FinalField.class.getName() + ".table").contains("is final"));
    }

    @Test
    void aCustomizerWithoutANoArgumentConstructorIsRefused() {
        assertThat(failures(CustomizerWithArguments.class)).singleElement()
                .satisfies(f -> assertThat(f.getMessage()).contains(NeedsArguments.class.getName())
                        .contains("constructor without arguments"));
    }

    @Test
    void localStackWithoutDockerFailsTheClassWithinSeconds() {
        assumeFalse(DockerProbe.dockerAnswers(), "a Docker engine answers here");
        long start = System.nanoTime();
        List<Throwable> failures = failures(AsksForLocalStack.class);
        // a ceiling well under a wait for an engine, not a speed: a busy machine takes seconds to run the class
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(60_000);
        assertThat(failures).singleElement().isInstanceOf(EngineUnavailableException.class)
                .satisfies(f -> assertThat(f.getMessage())
                        .contains("@KeyPathDynamoDb(engine = LOCALSTACK) on " + AsksForLocalStack.class.getName())
                        .contains("no Docker engine answered"));
    }

    @Test
    void customizersRunOnBothTablesAndTheClassTableIsDeletedAfterTheClass() {
        Events tests = TestKit.run(Customized.class).testEvents();
        assertThat(tests.succeeded().count()).isEqualTo(1);
        assertThat(Customized.runs).hasValue(2);
        assertThat(Customized.tableName).isNotNull();
        assertThatThrownBy(() -> TestDynamoDb.get().client()
                .describeTable(r -> r.tableName(Customized.tableName))).isInstanceOf(ResourceNotFoundException.class);
    }

    private static List<Throwable> failures(Class<?> testClass) {
        return TestKit.run(testClass).allEvents().failed().stream()
                .map(e -> e.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow()).toList();
    }

    @TestKitFixture
    @KeyPathDynamoDb(types = Note.class, tablePer = TablePer.METHOD)
    static class StaticTablePerMethod {
        @Injected
        static KeyPathTable table;

        @Test
        void test() {
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb(tablePer = TablePer.METHOD)
    static class BeforeAllTablePerMethod {
        @BeforeAll
        static void setUp(KeyPathTable table) {
        }

        @Test
        void test() {
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb
    static class FieldOfAnotherType {
        @Injected
        String name;

        @Test
        void test() {
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb
    static class FinalField {
        @Injected
        final KeyPathTable table = null;

        @Test
        void test() {
        }
    }

    static final class NeedsArguments implements TableCustomizer {
        NeedsArguments(String unused) {
        }

        @Override
        public void customize(TableBuilderSettings<?> table) {
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb(customizers = NeedsArguments.class)
    static class CustomizerWithArguments {
        @Injected
        KeyPathTable table;

        @Test
        void test() {
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb(engine = EngineChoice.LOCALSTACK)
    static class AsksForLocalStack {
        @Injected
        KeyPathTable table;

        @Test
        void test() {
        }
    }

    /** Registers {@link Tag} beside the annotation's {@link Note}. */
    static final class RegistersTag implements TableCustomizer {
        private RegistersTag() {
        }

        @Override
        public void customize(TableBuilderSettings<?> table) {
            Customized.runs.incrementAndGet();
            table.register(Tag.class);
        }
    }

    @TestKitFixture
    @KeyPathDynamoDb(types = Note.class, customizers = RegistersTag.class)
    static class Customized {
        static final AtomicInteger runs = new AtomicInteger();
        static volatile String tableName;

        @Test
        void bothTypesAreKnown(KeyPathTable table, KeyPathAsyncTable async) {
            tableName = table.tableName();
            table.put(new Tag("java"));
            assertThat(async.get(Tag.class, KeyPath.of("tag", "java")).join()).contains(new Tag("java"));
        }
    }
}
