package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.RandomShardException;
import dev.keypath.dynamodb.ShardDeclarationException;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.AutoId;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A random-sharded type ({@code @Sharded(random = true)}) cannot store one key path twice: each put draws a shard,
 * so its key path's last id must be one keypath generates at each put ({@code @AutoId} UUID), which registration
 * checks, and a put that brings its own value for it is refused, on the synchronous and the asynchronous table, in
 * a batch and in a transaction. Puts of generated ids store each key path once.
 */
@KeyPathDynamoDb(types = RandomShardPutsTest.Visit.class)
class RandomShardPutsTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @ItemType(keyPath = "/site-{site}/visit-{visitId}")
    @Sharded(count = 8, random = true)
    record Visit(String site, @AutoId(AutoId.Strategy.UUID_V7) UUID visitId, String page) {
    }

    @ItemType(keyPath = "/site-{site}/visit-{visitId}")
    @Sharded(count = 8, random = true)
    record VisitWithOwnIds(String site, long visitId, String page) {
    }

    @ItemType(keyPath = "/site-{site}/visit-{visitId}/page-{pageId}")
    @Sharded(count = 8, random = true)
    record GeneratedAboveTheLast(String site, @AutoId(AutoId.Strategy.UUID_V4) UUID visitId, long pageId) {
    }

    @Test
    void aRandomShardWithoutAGeneratedLastIdIsRefusedAtRegistration() {
        assertThatThrownBy(() -> ItemSchemas.of(VisitWithOwnIds.class))
                .isInstanceOf(ShardDeclarationException.class)
                .hasMessageContainingAll(VisitWithOwnIds.class.getName(), "would store it twice",
                        "@AutoId(UUID_V7)");
        assertThatThrownBy(() -> ItemSchemas.of(GeneratedAboveTheLast.class))
                .isInstanceOf(ShardDeclarationException.class).hasMessageContaining("the last id");
    }

    @Test
    void aPutThatBringsItsOwnIdIsRefusedEverywhere() {
        Visit own = new Visit("s-" + UUID.randomUUID(), UUID.randomUUID(), "/");
        String says = "Visit.visitId";
        assertThatThrownBy(() -> table.put(own)).isInstanceOf(RandomShardException.class)
                .hasMessageContainingAll(says, "leave visitId unset");
        assertThatThrownBy(() -> table.batchWrite(WriteBatch.builder().put(own).build()))
                .isInstanceOf(RandomShardException.class).hasMessageContaining(says);
        assertThatThrownBy(() -> table.transact(tx -> tx.put(own))).isInstanceOf(RandomShardException.class)
                .hasMessageContaining(says);
        assertThat(AsyncResults.failure(async.put(own))).isInstanceOf(RandomShardException.class)
                .hasMessageContaining(says);
        assertThat(table.stream(Visit.class, ItemQuery.of(q -> q.subtree(KeyPath.of("site", own.site())))))
                .isEmpty();
    }

    @Test
    void putsOfGeneratedIdsStoreEachKeyPathOnce() {
        String site = "s-" + UUID.randomUUID();
        List<Visit> stored = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            stored.add(i % 2 == 0 ? table.put(new Visit(site, null, "/" + i))
                    : AsyncResults.await(async.put(new Visit(site, null, "/" + i))));
        }
        stored.addAll(table.batchWrite(WriteBatch.builder().put(new Visit(site, null, "/b1"))
                .put(new Visit(site, null, "/b2")).build()).stream().map(Visit.class::cast).toList());
        List<Visit> read = table.stream(Visit.class, ItemQuery.of(q -> q.subtree(KeyPath.of("site", site)))).toList();
        assertThat(read).hasSize(12).containsExactlyInAnyOrderElementsOf(stored);
        Set<KeyPath> raw = new HashSet<>();
        table.client().scan(r -> r.tableName(table.tableName()).consistentRead(true)).items().stream()
                .filter(i -> "Visit".equals(i.get("_type").s())).map(StoredItemLayout::keyPathOf)
                .filter(p -> p.id(0).equals(KeyId.of(site))).forEach(p -> assertThat(raw.add(p)).isTrue());
        assertThat(raw).hasSize(12);
    }
}
