package dev.keypath.migrate;

import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.HashSet;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The two tables of a migration as a phase finds them before it begins: the source's name (part of each moved
 * item's {@link SourceMarker}) and the key attributes of the target's secondary indexes, which a moved item's own
 * attributes must not take.
 *
 * @param source          the source table
 * @param targetIndexKeys the key attributes of the target's global and local secondary indexes
 */
record Tables(String source, Set<String> targetIndexKeys) {
    /** For a mapping tried without tables (tests): the source has no name and the target no index. */
    static final Tables NONE = new Tables("", Set.of());

    Tables {
        targetIndexKeys = Set.copyOf(targetIndexKeys);
    }

    /**
     * Describes the target and checks that it is a key-path table.
     *
     * @throws TargetTableException when it does not exist or its keys are not {@code pk}/{@code sk} binary
     */
    static Tables check(DynamoDbClient client, String source, String target) {
        TableDescription d;
        try {
            d = client.describeTable(b -> b.tableName(target)).table();
        } catch (ResourceNotFoundException e) {
            throw new TargetTableException("The target table '" + target + "' does not exist; create it first "
                    + "(keypath create-table, or the application's KeyPathTable.bootstrap())", e);
        }
        try {
            StoredItemLayout.checkKeys(d);
        } catch (TableSchemaMismatchException e) {
            throw new TargetTableException("The target '" + target + "' is not a key-path table: " + e.getMessage(), e);
        }
        Set<String> keys = new HashSet<>();
        if (d.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
                g.keySchema().stream().map(KeySchemaElement::attributeName).forEach(keys::add);
            }
        }
        if (d.hasLocalSecondaryIndexes()) {
            for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
                l.keySchema().stream().map(KeySchemaElement::attributeName).forEach(keys::add);
            }
        }
        keys.remove("pk");
        keys.remove("sk");
        return new Tables(source, keys);
    }
}
