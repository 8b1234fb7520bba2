package dev.keypath.dynamodb.internal.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/** Derived access-pattern names depend on a query's shape only, never on its key values. */
class AccessPatternsTest {
    private static final List<String> NAMESPACES = List.of("user", "post", "comment", "tag", "day");

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 2_000));
    }

    /** An id of a type the seed picks (integer, text or UUID), with a value the seed gives. */
    private static KeyId id(long seed) {
        return switch ((int) Math.floorMod(seed, 3L)) {
            case 0 -> KeyId.of(seed);
            case 1 -> KeyId.of("v" + seed);
            default -> KeyId.of(new UUID(seed, ~seed));
        };
    }

    /** The path of namespaces {@code shape} with ids from {@code seeds}; the last element id-less when asked. */
    private static KeyPath path(List<Integer> shape, List<Long> seeds, boolean idlessLast) {
        KeyPath p = null;
        for (int i = 0; i < shape.size(); i++) {
            String ns = NAMESPACES.get(shape.get(i));
            boolean last = i == shape.size() - 1;
            if (last && idlessLast && p != null) {
                return p.then(ns);
            }
            KeyId id = id(seeds.get(i % seeds.size()));
            p = p == null ? KeyPath.of(ns, id) : p.then(ns, id);
        }
        return p;
    }

    private static ItemQuery query(KeyPath from, KeyPath to, int options) {
        ItemQuery.Builder b = ItemQuery.builder();
        if ((options & 1) == 0) {
            b.subtree(from);
        } else {
            b.between(from, to);
        }
        if ((options & 2) != 0) {
            b.index("byTag");
        }
        return b.descending((options & 4) != 0).limit(1 + (options >> 3)).build();
    }

    @Test
    void queriesOfOneShapeShareOneNameWhateverTheirKeyValues() {
        qt().forAll(lists().of(integers().between(0, NAMESPACES.size() - 1)).ofSizeBetween(1, 4),
                lists().of(longs().all()).ofSizeBetween(1, 4), lists().of(longs().all()).ofSizeBetween(1, 4),
                integers().between(0, 63)).checkAssert((shape, seedsA, seedsB, options) -> {
                    boolean idless = (options & 16) != 0 && (options & 1) == 0;
                    ItemQuery a = query(path(shape, seedsA, idless), path(shape, seedsB, idless), options);
                    ItemQuery b = query(path(shape, seedsB, idless), path(shape, seedsA, idless), options);
                    ItemQuery canonical = query(path(shape, List.of(0L), idless), path(shape, List.of(0L), idless),
                            options);
                    String name = AccessPatterns.query(a, "query", null);
                    assertThat(AccessPatterns.query(b, "query", null)).isEqualTo(name);
                    assertThat(AccessPatterns.query(canonical, "query", null)).isEqualTo(name);
                    assertThat(AccessPatterns.subtree("deleteSubtree", path(shape, seedsA, idless)))
                            .isEqualTo(AccessPatterns.subtree("deleteSubtree", path(shape, seedsB, idless)));
                });
    }

    @Test
    void queriesOfOtherShapesHaveOtherNames() {
        qt().forAll(lists().of(integers().between(0, NAMESPACES.size() - 1)).ofSizeBetween(1, 4),
                lists().of(integers().between(0, NAMESPACES.size() - 1)).ofSizeBetween(1, 4),
                lists().of(longs().all()).ofSizeBetween(1, 4), integers().between(0, 7))
                .assuming((shapeA, shapeB, seeds, options) -> !shapeA.equals(shapeB))
                .checkAssert((shapeA, shapeB, seeds, options) -> {
                    KeyPath a = path(shapeA, seeds, false);
                    KeyPath b = path(shapeB, seeds, false);
                    assertThat(AccessPatterns.query(query(a, a, options), "query", null))
                            .isNotEqualTo(AccessPatterns.query(query(b, b, options), "query", null));
                });
    }

    @Test
    void theDerivedFormat() {
        KeyPath post = KeyPath.of("user", UUID.randomUUID()).then("post", 17);
        assertThat(AccessPatterns.query(ItemQuery.of(q -> q.subtree(post)), "query", null))
                .isEqualTo("query /user-{}/post-{} subtree");
        assertThat(AccessPatterns.query(ItemQuery.of(q -> q.subtree(KeyPath.of("tag", "x").then("post"))
                .index("byTag").descending().types(String.class, Integer.class)), "count", Long.class))
                .isEqualTo("count /tag-{}/post subtree on byTag desc as Long types=Integer+String");
        assertThat(AccessPatterns.query(ItemQuery.of(q -> q.between(post, post.then("comment", 3))), "queryKeys",
                null)).isEqualTo("queryKeys /user-{}/post-{}../user-{}/post-{}/comment-{} range");
        assertThat(AccessPatterns.query(ItemQuery.of(q -> q.subtree(post).named("timeline")), "query", null))
                .isEqualTo("timeline");
        assertThat(AccessPatterns.scan(ItemScan.of(s -> s.segment(2, 4)), null)).isEqualTo("scan segments=4");
        assertThat(AccessPatterns.scan(ItemScan.of(s -> s.named("export")), null)).isEqualTo("export");
        assertThat(AccessPatterns.single(String.class, "get")).isEqualTo("String.get");
        assertThat(AccessPatterns.ofTypes(List.of(String.class, Integer.class, String.class), "batchGet"))
                .isEqualTo("Integer+String.batchGet");
    }
}
