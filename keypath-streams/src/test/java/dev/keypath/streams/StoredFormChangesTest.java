package dev.keypath.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The change feed reads items as the table stores them: Java sets as DynamoDB sets (an empty one as an empty list),
 * null fields as missing attributes (a null nested record), and what updates made of them, into the same objects a
 * get returns.
 */
@KeyPathDynamoDb(types = StoredFormChangesTest.Bag.class, customizers = Model.NewAndOldImages.class)
class StoredFormChangesTest {
    record Stats(Long posts, Long likes) {
    }

    @ItemType(keyPath = "/bag-{id}")
    record Bag(String id, Set<String> tags, Set<Long> counts, String note, Stats stats) {
    }

    @Injected
    static KeyPathTable table;
    @Injected
    static DynamoDbClient client;

    @Test
    void imagesOfSetsAndNullFieldsReadAsTheObjectsAGetReturns() {
        String id = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("bag", id);
        table.put(new Bag(id, Set.of("a", "b"), Set.of(), null, new Stats(null, 2L)));
        Bag updated = table.update(Bag.class, path, UpdateSpec.of(u -> u.addToSet("tags", List.of("c"))
                .addToSet("counts", List.of(7L)).increment("stats.posts", 1)));
        assertThat(updated).isEqualTo(new Bag(id, Set.of("a", "b", "c"), Set.of(7L), null, new Stats(1L, 2L)));

        String arn = client.describeTable(r -> r.tableName(table.tableName())).table().latestStreamArn();
        SdkBytes pk = SdkBytes.fromByteArray(path.partitionKey());
        List<Record> records = Streams.rawRecords(Streams.client(), arn).stream()
                .filter(r -> r.dynamodb().keys().get("pk").b().equals(pk)).toList();
        assertThat(records).hasSize(2);
        assertThat(records.get(0).dynamodb().newImage().get("tags").ss()).containsExactlyInAnyOrder("a", "b");
        assertThat(records.get(0).dynamodb().newImage()).doesNotContainKey("note");
        assertThat(records.get(0).dynamodb().newImage().get("counts").l()).isEmpty();
        ChangeDecoder decoder = ChangeDecoder.forTable(table);
        assertThat(decoder.decode(records.get(0)).orElseThrow().newImage())
                .contains(new Bag(id, Set.of("a", "b"), Set.of(), null, new Stats(null, 2L)));
        ItemChange modify = decoder.decode(records.get(1)).orElseThrow();
        assertThat(modify.newImage()).contains(updated);
        assertThat(modify.oldImage()).contains(new Bag(id, Set.of("a", "b"), Set.of(), null, new Stats(null, 2L)));
    }
}
