package dev.keypath.test.model;

import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.snapshot.SchemaSnapshot;
import org.junit.jupiter.api.Test;

class ModelSchemaSnapshotTest {
    @Test
    void print() {
        System.out.println(SchemaSnapshot.write(KeyPathTables.describe(ModelItems.TYPES)));
    }
}
