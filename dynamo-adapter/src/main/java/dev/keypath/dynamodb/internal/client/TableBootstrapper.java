package dev.keypath.dynamodb.internal.client;

import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.TableStatus;
import dev.keypath.dynamodb.internal.mapping.IndexDefinition;
import dev.keypath.dynamodb.internal.mapping.TableAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates or verifies a key-path table: {@code pk} HASH / {@code sk} RANGE (both B), on-demand billing, one GSI
 * per declared global index ({@code <index>_pk}/{@code <index>_sk}, B), one LSI per declared local index
 * ({@code pk}/{@code <index>_sk}, created with the table only), each with its projection ({@link IndexSchemas}),
 * TTL on {@code _ttl} and, when asked, a DynamoDB stream of one view type.
 */
final class TableBootstrapper {
    private final DynamoDbClient client;
    private final String table;
    /** Names of the global indexes. */
    private final Set<String> indexes;
    private final Map<String, IndexDefinition> definitions;
    private final List<IndexDefinition> locals;
    private final StreamViewType streams;

    public TableBootstrapper(DynamoDbClient client, String table, Map<String, IndexDefinition> definitions) {
        this(client, table, definitions, null);
    }

    /** @param streams the view type of the stream to enable, or null to leave the table's stream as it is */
    public TableBootstrapper(DynamoDbClient client, String table, Map<String, IndexDefinition> definitions,
                             StreamViewType streams) {
        this.client = client;
        this.table = table;
        this.definitions = definitions;
        this.indexes = definitions.values().stream().filter(d -> !d.local()).map(IndexDefinition::name)
                .collect(Collectors.toCollection(TreeSet::new));
        this.locals = definitions.values().stream().filter(IndexDefinition::local).toList();
        this.streams = streams;
    }

    public TableStatus bootstrap() {
        TableDescription existing = describe();
        TableStatus status;
        if (existing == null) {
            List<AttributeDefinition> attrs = new ArrayList<>(List.of(binary(TableAttributes.PK),
                    binary(TableAttributes.SK)));
            List<GlobalSecondaryIndex> gsis = new ArrayList<>();
            for (String index : indexes) {
                attrs.add(binary(TableAttributes.gsiPk(index)));
                attrs.add(binary(TableAttributes.gsiSk(index)));
                gsis.add(IndexSchemas.global(definitions.get(index)));
            }
            List<LocalSecondaryIndex> lsis = new ArrayList<>();
            for (IndexDefinition local : locals) {
                attrs.add(binary(IndexSchemas.localSortKey(local)));
                lsis.add(IndexSchemas.local(local));
            }
            try {
                client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                        .attributeDefinitions(attrs).keySchema(keySchema(TableAttributes.PK, TableAttributes.SK))
                        .globalSecondaryIndexes(gsis.isEmpty() ? null : gsis)
                        .localSecondaryIndexes(lsis.isEmpty() ? null : lsis)
                        .streamSpecification(streams == null ? null : streamSpecification(streams)));
                status = TableStatus.CREATED;
            } catch (software.amazon.awssdk.services.dynamodb.model.ResourceInUseException raced) {
                status = TableStatus.EXISTED;
            }
            client.waiter().waitUntilTableExists(b -> b.tableName(table));
            existing = describe();
            if (status == TableStatus.EXISTED) {
                verify(existing);
            }
        } else {
            verify(existing);
            status = TableStatus.EXISTED;
            addMissingIndexes(existing);
        }
        ensureTtl();
        ensureStream(existing);
        return status;
    }

    /** Enables the requested stream on a table without one; refuses a stream of another view type. */
    private void ensureStream(TableDescription d) {
        if (streams == null) {
            return;
        }
        StreamSpecification present = d.streamSpecification();
        if (present != null && Boolean.TRUE.equals(present.streamEnabled())) {
            if (present.streamViewType() != streams) {
                throw new TableSchemaMismatchException("Table " + table + " has a stream of view type "
                        + present.streamViewTypeAsString() + ", but the table is built for " + streams
                        + "; DynamoDB cannot change the view type of an enabled stream (disable it first)");
            }
            return;
        }
        client.updateTable(b -> b.tableName(table).streamSpecification(streamSpecification(streams)));
        client.waiter().waitUntilTableExists(b -> b.tableName(table));
    }

    private static StreamSpecification streamSpecification(StreamViewType viewType) {
        return StreamSpecification.builder().streamEnabled(true).streamViewType(viewType).build();
    }

    private void verify(TableDescription d) {
        Map<String, String> types = d.attributeDefinitions().stream().collect(Collectors.toMap(
                AttributeDefinition::attributeName, AttributeDefinition::attributeTypeAsString));
        checkKeys("table " + table, d.keySchema(), TableAttributes.PK, TableAttributes.SK, types);
        if (d.hasGlobalSecondaryIndexes()) {
            for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
                if (indexes.contains(g.indexName())) {
                    checkKeys("index " + g.indexName() + " of table " + table, g.keySchema(),
                            TableAttributes.gsiPk(g.indexName()), TableAttributes.gsiSk(g.indexName()), types);
                    IndexSchemas.checkProjection(table, definitions.get(g.indexName()), g.projection());
                }
            }
        }
        IndexSchemas.checkLocalIndexes(table, d, locals);
        if (d.hasLocalSecondaryIndexes()) {
            for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
                IndexDefinition local = definitions.get(l.indexName());
                if (local != null && local.local()) {
                    checkKeys("local index " + l.indexName() + " of table " + table, l.keySchema(),
                            TableAttributes.PK, IndexSchemas.localSortKey(local), types);
                    IndexSchemas.checkProjection(table, local, l.projection());
                }
            }
        }
    }

    private static void checkKeys(String what, List<KeySchemaElement> keys, String pk, String sk,
                                  Map<String, String> types) {
        String found = keys.stream().map(k -> k.attributeName() + " " + k.keyTypeAsString() + " ("
                + types.get(k.attributeName()) + ")").collect(Collectors.joining(", "));
        boolean ok = keys.size() == 2
                && keys.stream().anyMatch(k -> k.keyType() == KeyType.HASH && k.attributeName().equals(pk))
                && keys.stream().anyMatch(k -> k.keyType() == KeyType.RANGE && k.attributeName().equals(sk))
                && "B".equals(types.get(pk)) && "B".equals(types.get(sk));
        if (!ok) {
            throw new TableSchemaMismatchException("The " + what + " has key schema [" + found + "], but a key-path "
                    + "table needs [" + pk + " HASH (B), " + sk + " RANGE (B)]");
        }
    }

    private void addMissingIndexes(TableDescription d) {
        Set<String> present = d.hasGlobalSecondaryIndexes() ? d.globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndexDescription::indexName).collect(Collectors.toSet()) : Set.of();
        for (String index : indexes) {
            if (present.contains(index)) {
                continue;
            }
            client.updateTable(b -> b.tableName(table)
                    .attributeDefinitions(binary(TableAttributes.gsiPk(index)), binary(TableAttributes.gsiSk(index)))
                    .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(c -> c.indexName(index)
                            .keySchema(keySchema(TableAttributes.gsiPk(index), TableAttributes.gsiSk(index)))
                            .projection(IndexSchemas.projection(definitions.get(index)))).build()));
            client.waiter().waitUntilTableExists(b -> b.tableName(table));
        }
    }

    private void ensureTtl() {
        TimeToLiveDescription ttl = client.describeTimeToLive(b -> b.tableName(table)).timeToLiveDescription();
        TimeToLiveStatus s = ttl == null ? null : ttl.timeToLiveStatus();
        if (s == TimeToLiveStatus.ENABLED || s == TimeToLiveStatus.ENABLING) {
            if (!TableAttributes.TTL.equals(ttl.attributeName())) {
                throw new TableSchemaMismatchException("Table " + table + " has TTL on '" + ttl.attributeName()
                        + "', but key-path tables use '" + TableAttributes.TTL + "'");
            }
            return;
        }
        client.updateTimeToLive(b -> b.tableName(table).timeToLiveSpecification(t -> t.enabled(true)
                .attributeName(TableAttributes.TTL)));
    }

    private TableDescription describe() {
        try {
            return client.describeTable(b -> b.tableName(table)).table();
        } catch (ResourceNotFoundException e) {
            return null;
        }
    }

    private static List<KeySchemaElement> keySchema(String pk, String sk) {
        return List.of(KeySchemaElement.builder().attributeName(pk).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(sk).keyType(KeyType.RANGE).build());
    }

    private static AttributeDefinition binary(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.B).build();
    }
}
