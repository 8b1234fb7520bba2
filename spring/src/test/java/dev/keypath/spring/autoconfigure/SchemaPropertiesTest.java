package dev.keypath.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.evolution.EvolvedApplication.Note;
import dev.keypath.spring.previousrelease.NoteV1;
import dev.keypath.test.TestDynamoDb;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code keypath.dynamodb.schema.*} turns the rolling-deploy and upgrade-on-write settings on without code: a note
 * type at version 2 writes version 1 while {@code write-previous-version} names it, and an update writes a version-1
 * note back at version 2 while {@code upgrade-on-write} names it (by stored name, class name or "*"); a name that is
 * no registered type, and both settings on one type, stop the application naming the property. DynamoDB Local.
 */
class SchemaPropertiesTest {
    private static final String TABLE = TestDynamoDb.uniqueTableName("schema-properties");
    private static final Instant T1 = Instant.parse("2033-01-01T08:00:00Z");
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(KeyPathDynamoAutoConfiguration.class))
            .withUserConfiguration(EngineClient.class)
            .withPropertyValues("keypath.dynamodb.item-type-packages=dev.keypath.spring.evolution",
                    "keypath.dynamodb.repositories.enabled=false", "keypath.dynamodb.create-table-if-missing=true",
                    "keypath.dynamodb.table-name=" + TABLE);

    private static Map<String, AttributeValue> stored(KeyPath path) {
        return TestDynamoDb.get().client().getItem(b -> b.tableName(TABLE).consistentRead(true).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    private static KeyPath previousReleaseNote(KeyPathTable table) {
        KeyPathTable previous = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(table.tableName()).register(NoteV1.class).build();
        UUID book = UUID.randomUUID();
        previous.put(new NoteV1(book, 1, "old text", T1, T1, "grace", null));
        return KeyPath.of("book", book).then("note", 1);
    }

    @Test
    void withoutTheSettingsAnUpdateOfAnOlderNoteFieldTheVersionRenamedIsRefused() {
        runner.run(ctx -> {
            KeyPath path = previousReleaseNote(ctx.getBean(KeyPathTable.class));
            KeyPathDynamoOperations ops = ctx.getBean(KeyPathDynamoOperations.class);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ops.update(Note.class, path,
                    UpdateSpec.of(u -> u.set("body", "new")))).hasMessageContaining("rewrite it at version 2");
            assertThat(stored(path)).containsEntry("text", AttributeValue.fromS("old text"));
        });
    }

    @Test
    void upgradeOnWriteByStoredNameClassNameOrStarWritesTheOlderNoteBackAtVersionTwo() {
        for (String names : new String[] {"Note", Note.class.getName(), "*"}) {
            runner.withPropertyValues("keypath.dynamodb.schema.upgrade-on-write=" + names).run(ctx -> {
                assertThat(ctx).hasNotFailed();
                KeyPath path = previousReleaseNote(ctx.getBean(KeyPathTable.class));
                ctx.getBean(KeyPathDynamoOperations.class).update(Note.class, path,
                        UpdateSpec.of(u -> u.set("body", "new text")));
                assertThat(stored(path)).as(names).containsEntry("_kp_v", AttributeValue.fromN("2"))
                        .containsEntry("body", AttributeValue.fromS("new text")).doesNotContainKey("text")
                        .containsEntry("pinned", AttributeValue.fromBool(false));
            });
        }
    }

    @Test
    void writePreviousVersionStoresNotesTheWayThePreviousReleaseReadsThem() {
        runner.withPropertyValues("keypath.dynamodb.schema.write-previous-version=Note").run(ctx -> {
            KeyPathTable table = ctx.getBean(KeyPathTable.class);
            UUID book = UUID.randomUUID();
            table.put(new Note(book, 7, "written by release 2", true, T1, T1, "ada", null));
            KeyPath path = KeyPath.of("book", book).then("note", 7);
            assertThat(stored(path)).containsEntry("text", AttributeValue.fromS("written by release 2"))
                    .doesNotContainKey("body").doesNotContainKey("_kp_v");
            KeyPathTable previous = KeyPathTables.builder().client(TestDynamoDb.get().client())
                    .tableName(TABLE).register(NoteV1.class).build();
            assertThat(previous.get(NoteV1.class, path)).map(NoteV1::text).contains("written by release 2");
        });
    }

    @Test
    void aNameOfNoRegisteredTypeStopsTheApplicationNamingThePropertyAndTheTypes() {
        runner.withPropertyValues("keypath.dynamodb.schema.upgrade-on-write=Nope").run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).rootCause().isInstanceOf(KeyPathConfigurationException.class)
                    .hasMessageContaining("keypath.dynamodb.schema.upgrade-on-write names 'Nope'")
                    .hasMessageContaining("registered: Note");
        });
        runner.withPropertyValues("keypath.dynamodb.schema.upgrade-on-write=*,Note").run(ctx ->
                assertThat(ctx.getStartupFailure()).rootCause().isInstanceOf(KeyPathConfigurationException.class)
                        .hasMessageContaining("'*' already names every type"));
    }

    @Test
    void bothSettingsOnOneTypeStopTheApplicationNamingTheProperties() {
        runner.withPropertyValues("keypath.dynamodb.schema.upgrade-on-write=Note",
                "keypath.dynamodb.schema.write-previous-version=Note").run(ctx -> {
            assertThat(ctx).hasFailed();
            assertThat(ctx.getStartupFailure()).rootCause().isInstanceOf(
                    dev.keypath.dynamodb.ConflictingTableSettingsException.class);
            assertThat(ctx.getStartupFailure()).hasStackTraceContaining("keypath.dynamodb.schema.upgrade-on-write");
        });
    }
}
