package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.ShardKeys;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A string-keyed table moved into a sharded type: each moved item lands in its shard (the registered class
 * writes it), the verification finds them all by their logical key paths, and the table reads them back.
 */
class ShardedMigrationTest {
    @ItemType(keyPath = "/day-{day}/event-{eventId}")
    @Sharded(count = 8, by = "eventId")
    record Event(String day, long eventId, String body) {
    }

    @Test
    void movedItemsOfAShardedClassLandInTheirShards() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String source = SocialTable.uniqueTable("sharded-source");
        String target = SocialTable.uniqueTable("sharded-target");
        SocialTable.createSource(client, source);
        SocialTable.createTarget(client, target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (long id = 1; id <= 40; id++) {
            items.add(Map.of("PK", AttributeValue.fromS("DAY#2026-11-27"), "SK", AttributeValue.fromS("EVENT#" + id),
                    "body", AttributeValue.fromS("b" + id)));
        }
        SocialTable.load(client, source, items);
        MigrationMapping mapping = MigrationMapping.builder().entity("event", e -> e.partitionKey("DAY#{day}")
                .sortKey("EVENT#{eventId:int}").keyPath("/day-{day}/event-{eventId}").type(Event.class)).build();
        Migration migration = Migration.builder().client(client).source(source).target(target).mapping(mapping)
                .segments(2).build();

        assertThat(migration.run().written()).isEqualTo(40);
        assertThat(migration.verify().clean()).isTrue();

        KeyPathTable table = KeyPathTables.builder().client(client).tableName(target).register(Event.class).build();
        KeyPath day = KeyPath.of("day", "2026-11-27");
        assertThat(table.stream(Event.class, ItemQuery.of(q -> q.subtree(day).limit(7))).map(Event::eventId)
                .toList()).isEqualTo(LongStream.rangeClosed(1, 40).boxed().toList());
        assertThat(table.get(Event.class, day.then("event", 5))).contains(new Event("2026-11-27", 5, "b5"));
        assertThat(client.query(q -> q.tableName(target).keyConditionExpression("pk = :pk").expressionAttributeValues(
                Map.of(":pk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                        day.partitionKey()))))).items()).isEmpty();
        assertThat(ShardKeys.isSharded(client.scan(s -> s.tableName(target)).items().get(0).get("pk").b()
                .asByteArray())).isTrue();
    }
}
