package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.streams.Model.User;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TablePer;
import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link ChangeFeedReader} on DynamoDB Local's streams: checkpoints, start positions, the loop, failures. */
@KeyPathDynamoDb(types = {User.class, Model.Post.class, Model.Session.class},
        customizers = Model.NewAndOldImages.class, tablePer = TablePer.METHOD)
class ChangeFeedReaderTest {
    @Injected
    KeyPathTable table;
    @Injected
    DynamoDbClient client;

    private ChangeFeedReader.Builder reader() {
        return ChangeFeedReader.builder().client(Streams.client()).tableName(table.tableName())
                .decoder(ChangeDecoder.forTable(table)).pollDelay(Duration.ofMillis(20), Duration.ofMillis(100));
    }

    private List<User> putUsers(int n, String prefix) {
        return IntStream.range(0, n).mapToObj(i -> table.put(new User(UUID.randomUUID(), prefix + i, null))).toList();
    }

    private static List<Object> newImages(List<ItemChange> changes) {
        return changes.stream().map(c -> c.newImage().orElseThrow()).toList();
    }

    @Test
    void resumingFromAStoredCheckpointReadsEveryChangeOnceInOrder() {
        List<User> first = putUsers(30, "u");
        ChangeFeedReader a = reader().recordsPerRead(7).build();
        List<ItemChange> readByA = new ArrayList<>(a.poll().changes());
        ChangeBatch second = a.poll();
        readByA.addAll(second.changes());
        String stored = second.checkpoint().toString();

        ChangeFeedReader b = reader().checkpoint(Checkpoint.parse(stored)).build();
        List<ItemChange> readByB = Streams.drain(b);
        List<User> later = putUsers(10, "v");
        List<ItemChange> readByC = Streams.drain(reader().checkpoint(Checkpoint.parse(b.checkpoint().toString()))
                .build());

        assertThat(readByA).as("14 records, the first the table's layout record, which the decoder leaves out")
                .hasSize(13);
        List<Object> all = new ArrayList<>(newImages(readByA));
        all.addAll(newImages(readByB));
        assertThat(all).containsExactlyElementsOf(first);
        assertThat(newImages(readByC)).containsExactlyElementsOf(later);
    }

    @Test
    void latestStartsAfterTheChangesAlreadyInTheStream() {
        putUsers(5, "before");
        ChangeFeedReader reader = reader().startAt(StartPosition.LATEST).build();
        assertThat(reader.poll().changes()).isEmpty();

        List<User> after = putUsers(3, "after");

        assertThat(newImages(Streams.drain(reader))).containsExactlyElementsOf(after);
    }

    @Test
    void runHandsOutBatchesUntilStopped() throws InterruptedException {
        ChangeFeedReader reader = reader().build();
        List<ItemChange> seen = new CopyOnWriteArrayList<>();
        List<Checkpoint> checkpoints = new CopyOnWriteArrayList<>();
        Thread loop = new Thread(() -> reader.run(batch -> {
            seen.addAll(batch.changes());
            checkpoints.add(batch.checkpoint());
        }));
        loop.start();
        List<User> written = putUsers(12, "live");
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(2); // a ceiling on a busy machine, not a speed
        while (seen.size() < written.size() && System.nanoTime() < end) {
            Thread.sleep(20);
        }

        reader.stop();
        loop.join(5_000);

        assertThat(loop.isAlive()).isFalse();
        assertThat(newImages(seen)).containsExactlyElementsOf(written);
        assertThat(checkpoints.get(checkpoints.size() - 1)).isEqualTo(reader.checkpoint());
    }

    @Test
    void theStreamOfBatchesEndsWhenStopped() throws InterruptedException {
        ChangeFeedReader reader = reader().build();
        List<User> written = putUsers(4, "s");
        List<ItemChange> seen = new CopyOnWriteArrayList<>();
        Thread consumer = new Thread(() -> reader.stream().forEach(b -> {
            seen.addAll(b.changes());
            if (seen.size() >= written.size()) {
                reader.stop();
            }
        }));
        consumer.start();
        consumer.join(20_000);

        assertThat(consumer.isAlive()).isFalse();
        assertThat(newImages(seen)).containsExactlyElementsOf(written);
    }

    @Test
    void anUnreadableRecordFailsTheReadAndTheReaderStaysBeforeIt() {
        User before = table.put(new User(UUID.randomUUID(), "before", null));
        User ghostKey = new User(UUID.randomUUID(), "ghost", null);
        var key = table.keyPathOf(ghostKey);
        client.putItem(p -> p.tableName(table.tableName()).item(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(key.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(key.sortKey())),
                "_type", AttributeValue.fromS("Ghost"))));
        ChangeFeedReader reader = reader().recordsPerRead(1).build();
        assertThat(reader.poll().changes()).as("the table's layout record, left out").isEmpty();

        assertThat(newImages(reader.poll().changes())).containsExactly(before);
        Checkpoint atBefore = reader.checkpoint();
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(reader::poll).isInstanceOf(UnreadableChangeException.class)
                    .hasMessageContaining("'Ghost', which is not registered").hasMessageContaining(key.toString());
            assertThat(reader.checkpoint()).isEqualTo(atBefore);
        }
    }

    @Test
    void aCheckpointOfAnotherStreamIsRefused() {
        Checkpoint other = Checkpoint.of("arn:aws:dynamodb:ddblocal:000000000000:table/other/stream/x",
                Map.of("shardId-1", "1"), Set.of());

        assertThatThrownBy(() -> reader().checkpoint(other).build()).isInstanceOf(ChangeFeedException.class)
                .hasMessageContaining("table/other/stream/x");
    }

    @Test
    void aTableWithoutAStreamIsRefused() {
        String name = TestDynamoDb.uniqueTableName("nostream");
        KeyPathTables.builder().client(client).tableName(name).register(User.class).build().bootstrap();
        try {
            assertThatThrownBy(() -> ChangeFeedReader.builder().client(Streams.client()).tableName(name)
                    .decoder(ChangeDecoder.untyped()).build())
                    .isInstanceOf(ChangeFeedException.class).hasMessageContaining(name + " has no stream");
        } finally {
            client.deleteTable(d -> d.tableName(name));
        }
    }
}
