package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The synchronous table's streams across pages read each page only when the stream reaches it, whatever drives
 * the stream: an iterator or a spliterator (as a caller iterating the items does, or a framework handing the
 * stream on) reads one page for its first item, exactly as {@code limit} and {@code findFirst} do.
 */
@KeyPathDynamoDb(types = StreamLazinessTest.Leaf.class)
class StreamLazinessTest {
    @ItemType(keyPath = "/tree-{tree}/leaf-{n}")
    record Leaf(String tree, long n, long weight) {
    }

    /** A view of a leaf. */
    record Weight(long n, long weight) {
    }

    @Injected
    static KeyPathTable table;

    @Test
    void anIteratorOverAQueryReadsOnePageForItsFirstItem() {
        String tree = plant(12);
        ItemQuery q = ItemQuery.of(b -> b.subtree(KeyPath.of("tree", tree)).limit(5));
        assertFirstItemReadsOnePage("Query", t -> t.stream(q));
        assertFirstItemReadsOnePage("Query", t -> t.stream(Leaf.class, q));
        assertFirstItemReadsOnePage("Query", t -> t.stream(Projection.of(Leaf.class, Weight.class), q));
    }

    @Test
    void anIteratorOverAScanReadsOnePageForItsFirstItem() {
        plant(12);
        ItemScan s = ItemScan.of(b -> b.limit(5).filter(Condition.attributeEquals("weight", 12_345L))
                .types(Leaf.class));
        assertFirstItemReadsOnePage("Scan", t -> t.stream(s));
        assertFirstItemReadsOnePage("Scan", t -> t.stream(Projection.of(Leaf.class, Weight.class), s));
    }

    private static void assertFirstItemReadsOnePage(String operation, Function<KeyPathTable, Stream<?>> read) {
        FaultInjector calls = new FaultInjector();
        try (DynamoDbClient counted = TestDynamoDb.get().clientBuilder()
                .overrideConfiguration(o -> o.addExecutionInterceptor(calls)).build()) {
            KeyPathTable t = KeyPathTables.builder().client(counted).tableName(table.tableName())
                    .register(Leaf.class).build();
            Iterator<?> items = read.apply(t).iterator();
            assertThat(items.next()).isNotNull();
            assertThat(calls.calls(operation)).as("%s requests for the first item through an iterator", operation)
                    .isEqualTo(1);
            Spliterator<?> split = read.apply(t).spliterator();
            List<Object> first = new ArrayList<>();
            assertThat(split.tryAdvance(first::add)).isTrue();
            assertThat(calls.calls(operation)).as("%s requests for the first item through a spliterator", operation)
                    .isEqualTo(2);
        }
    }

    /** Writes {@code count} leaves of weight 12,345 in a new tree; returns the tree. */
    private static String plant(int count) {
        String tree = UUID.randomUUID().toString();
        WriteBatch.Builder leaves = WriteBatch.builder();
        for (long n = 1; n <= count; n++) {
            leaves.put(new Leaf(tree, n, 12_345L));
        }
        table.batchWrite(leaves.build());
        return tree;
    }
}
