package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.streams.Model.User;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.dynamodb.services.local.embedded.DynamoDBEmbedded;
import software.amazon.dynamodb.services.local.shared.access.AmazonDynamoDBLocal;

/**
 * Shards that end and their children, on DynamoDB Local's in-process engine ({@code DynamoDBEmbedded}), whose
 * {@code triggerShardRollovers()} closes every open shard and opens a child in its place, as DynamoDB does every
 * few hours.
 */
class ReshardingTest {
    private static AmazonDynamoDBLocal engine;
    private static KeyPathTable table;

    @BeforeAll
    static void startTheEngine() {
        TestDynamoDb.get(); // loads the engine's native library
        engine = DynamoDBEmbedded.create(true);
        table = KeyPathTables.builder().client(engine.dynamoDbClient()).tableName("resharded").register(User.class)
                .streams(StreamViewType.NEW_AND_OLD_IMAGES).build();
        table.bootstrap();
    }

    @AfterAll
    static void stopTheEngine() {
        engine.shutdown();
    }

    private static ChangeFeedReader.Builder reader() {
        return ChangeFeedReader.builder().client(engine.dynamoDbStreamsClient()).tableName(table.tableName())
                .decoder(ChangeDecoder.forTable(table)).recordsPerRead(3);
    }

    @Test
    void changesOfOneKeyStayInOrderAcrossShardsAndCheckpoints() {
        List<UUID> users = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
        Map<KeyPath, List<String>> written = new LinkedHashMap<>();
        Map<UUID, Long> versions = new LinkedHashMap<>();
        Checkpoint stored = null;
        List<ItemChange> read = new ArrayList<>();
        ChangeFeedReader reader = reader().build();
        for (int generation = 0; generation < 3; generation++) {
            for (int round = 0; round < 4; round++) {
                for (UUID id : users) {
                    String name = "g" + generation + "r" + round;
                    User saved = table.put(new User(id, name, versions.get(id)));
                    versions.put(id, saved.version());
                    written.computeIfAbsent(table.keyPathOf(saved), k -> new ArrayList<>()).add(name);
                }
            }
            read.addAll(reader.poll().changes()); // part of this generation, then the shard ends under the reader
            stored = reader.checkpoint();
            engine.triggerShardRollovers();
            reader = reader().checkpoint(Checkpoint.parse(stored.toString())).build();
        }
        read.addAll(Streams.drain(reader));
        Checkpoint end = reader.checkpoint();

        List<Shard> shards = engine.dynamoDbStreamsClient().describeStream(d -> d.streamArn(reader().build()
                .streamArn())).streamDescription().shards();
        assertThat(shards).hasSizeGreaterThanOrEqualTo(4).filteredOn(s -> s.parentShardId() != null).isNotEmpty();
        assertThat(end.finishedShards()).hasSize(shards.size() - 1);
        Map<KeyPath, List<String>> names = read.stream().collect(Collectors.groupingBy(
                c -> c.keyPath().orElseThrow(), LinkedHashMap::new,
                Collectors.mapping(c -> c.newImage(User.class).orElseThrow().name(), Collectors.toList())));
        assertThat(names).isEqualTo(written);
    }
}
