package dev.keypath.test.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.snapshot.SchemaSnapshot;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The model test's item types, which carry every feature, match their committed schema snapshot, whether the
 * description comes from the types alone or from either table holding them.
 */
@KeyPathDynamoDb(types = {ModelItems.Account.class, ModelItems.Order.class, ModelItems.Note.class},
        customizers = ModelItems.Settings.class)
class ModelSchemaSnapshotTest {
    private static final Path SNAPSHOT = Path.of("src/test/resources/keypath-schema.json");

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @Test
    void theTypesMatchTheCommittedSnapshot() {
        SchemaSnapshot.assertMatches(SNAPSHOT, ModelItems.TYPES);
    }

    @Test
    void bothTablesMatchTheCommittedSnapshot() {
        SchemaSnapshot.assertMatches(table, SNAPSHOT);
        SchemaSnapshot.assertMatches(async, SNAPSHOT);
        assertThat(SchemaSnapshot.read(SNAPSHOT)).isEqualTo(KeyPathTables.describe(ModelItems.TYPES));
    }
}
