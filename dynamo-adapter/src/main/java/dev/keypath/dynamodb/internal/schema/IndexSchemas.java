package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.TableSchemaMismatchException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The DynamoDB shapes of the declared indexes: global and local index definitions with their key schemas and
 * projections, and the checks of an existing table's indexes against them. Pure.
 */
public final class IndexSchemas {
    private IndexSchemas() {
    }

    public static GlobalSecondaryIndex global(IndexDefinition d) {
        return GlobalSecondaryIndex.builder().indexName(d.name()).keySchema(keySchema(d))
                .projection(projection(d)).build();
    }

    public static LocalSecondaryIndex local(IndexDefinition d) {
        return LocalSecondaryIndex.builder().indexName(d.name()).keySchema(keySchema(d)).projection(projection(d))
                .build();
    }

    static List<KeySchemaElement> keySchema(IndexDefinition d) {
        return List.of(KeySchemaElement.builder().attributeName(d.pkAttribute()).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(d.skAttribute()).keyType(KeyType.RANGE).build());
    }

    /**
     * The projection of {@code d}: ALL as it is; KEYS_ONLY and INCLUDE as DynamoDB's INCLUDE of the type and TTL
     * attributes (and the included ones), which keypath needs to read an index's keys.
     */
    public static Projection projection(IndexDefinition d) {
        if (d.holdsWholeItems()) {
            return Projection.builder().projectionType(ProjectionType.ALL).build();
        }
        return Projection.builder().projectionType(ProjectionType.INCLUDE).nonKeyAttributes(d.nonKeyAttributes())
                .build();
    }

    /** Throws if the existing index projects other attributes than {@code d} needs. */
    public static void checkProjection(String table, IndexDefinition d, Projection existing) {
        Projection wanted = projection(d);
        boolean same = existing != null && existing.projectionType() == wanted.projectionType()
                && new HashSet<>(existing.nonKeyAttributes()).equals(new HashSet<>(wanted.nonKeyAttributes()));
        if (!same) {
            throw new TableSchemaMismatchException("Index '" + d.name() + "' of table " + table + " projects "
                    + describe(existing) + ", but the registered types declare it " + d.describe() + ", which needs "
                    + describe(wanted) + "; DynamoDB cannot change an index's projection: delete the index (a global "
                    + "one is then created again by bootstrap) or declare the projection it has");
        }
    }

    /** Throws unless the existing table has every declared local index; they can only be created with a table. */
    public static void checkLocalIndexes(String table, TableDescription d, List<IndexDefinition> locals) {
        Set<String> present = new HashSet<>();
        if (d.hasLocalSecondaryIndexes()) {
            d.localSecondaryIndexes().stream().map(LocalSecondaryIndexDescription::indexName).forEach(present::add);
        }
        for (IndexDefinition l : locals) {
            if (!present.contains(l.name())) {
                throw new TableSchemaMismatchException("Table " + table + " has no local secondary index '"
                        + l.name() + "', and DynamoDB creates local indexes only with their table; create a new "
                        + "table (bootstrap does) and copy the items, or declare the index as global");
            }
        }
    }

    static String describe(Projection p) {
        if (p == null) {
            return "nothing";
        }
        return p.projectionTypeAsString() + (p.hasNonKeyAttributes() && !p.nonKeyAttributes().isEmpty()
                ? " " + p.nonKeyAttributes() : "");
    }

    /** The attribute name that a local index adds to the table's definitions. */
    public static String localSortKey(IndexDefinition d) {
        return TableAttributes.gsiSk(d.name());
    }
}
