package dev.keypath.test.model;

import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.model.ReshardItems.Declaration;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The instances of a rolling deploy on one DynamoDB table: for each {@link Declaration} of the order, a synchronous
 * and an asynchronous table, each with the model's clock, extension, validator and page-token secret, reading the
 * layout record again after {@link #REFRESH}.
 *
 * @param client the plain client of the table
 * @param table  the table's name
 * @param suts   the tables of each declaration
 */
record ReshardInstances(DynamoDbClient client, String table, Map<Declaration, Sut> suts) {
    static final Duration REFRESH = Duration.ofMillis(40);
    static final Duration MARGIN = Duration.ofMillis(20);

    /** New instances of every declaration (no copy of the layout record read yet). */
    static ReshardInstances start(String table) {
        Map<Declaration, Sut> suts = new EnumMap<>(Declaration.class);
        ModelItems.Settings settings = new ModelItems.Settings();
        for (Declaration d : Declaration.values()) {
            KeyPathTable.Builder sync = KeyPathTables.builder().client(TestDynamoDb.get().client()).tableName(table)
                    .register(d.type).layoutRefresh(REFRESH);
            settings.customize(sync);
            KeyPathAsyncTable.Builder async = KeyPathTables.asyncBuilder().client(TestDynamoDb.get().asyncClient())
                    .tableName(table).register(d.type).layoutRefresh(REFRESH);
            settings.customize(async);
            suts.put(d, new Sut(sync.build(), async.build()));
        }
        return new ReshardInstances(TestDynamoDb.get().client(), table, suts);
    }

    Sut of(Declaration d) {
        return suts.get(d);
    }

    /** The schema of the declaration of the re-shard, which the re-shard's steps take. */
    ItemSchema<?> reshardingSchema() {
        return of(Declaration.RESHARDING).table().schema(Declaration.RESHARDING.type);
    }
}
