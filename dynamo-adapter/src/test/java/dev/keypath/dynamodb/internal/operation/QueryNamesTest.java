package dev.keypath.dynamodb.internal.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.keypath.KeyId;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;

/** A kept query name is the name built afresh, for every shape, whichever shapes were kept before it. */
class QueryNamesTest {
    private static final List<String> NAMESPACES = List.of("user", "post", "comment", "tag");
    private static final List<String> OPERATIONS = List.of("query", "queryKeys", "count");
    private static final List<List<Class<?>>> TYPES = List.of(List.of(), List.of(String.class),
            List.of(String.class, Integer.class), List.of(Integer.class, String.class));

    private static QuickTheory qt() {
        return QuickTheory.qt().withExamples(Integer.getInteger("keypath.properties.examples", 2_000));
    }

    /** A path of the namespaces {@code shape} picks, ids from {@code seed}, its last element id-less when asked. */
    private static KeyPath path(List<Integer> shape, long seed, boolean idlessLast) {
        KeyPath p = KeyPath.of(NAMESPACES.get(shape.get(0)), KeyId.of(seed));
        for (int i = 1; i < shape.size(); i++) {
            String ns = NAMESPACES.get(shape.get(i));
            p = i == shape.size() - 1 && idlessLast ? p.then(ns) : p.then(ns, KeyId.of("v" + (seed + i)));
        }
        return p;
    }

    /** A query of every option {@code options} sets. */
    private static ItemQuery query(List<Integer> from, List<Integer> to, int options, long seed) {
        ItemQuery.Builder b = ItemQuery.builder();
        if ((options & 1) == 0) {
            b.subtree(path(from, seed, (options & 32) != 0));
        } else {
            b.between(path(from, seed, false), path(to, seed + 7, false));
        }
        if ((options & 2) != 0) {
            b.index((options & 64) != 0 ? "byTag" : "byDay");
        }
        if ((options & 8) != 0) {
            b.filter(Condition.attributeEquals("tag", "news"));
        }
        if ((options & 16) != 0) {
            b.named("timeline");
        }
        return b.descending((options & 4) != 0).types(TYPES.get((options >> 7) & 3).toArray(new Class<?>[0]))
                .build();
    }

    @Test
    void aKeptNameIsTheNameBuiltAfresh() {
        QueryNames names = new QueryNames();
        qt().forAll(lists().of(lists().of(integers().between(0, NAMESPACES.size() - 1)).ofSizeBetween(1, 3))
                        .ofSizeBetween(2, 2), lists().of(integers().between(0, 1023)).ofSizeBetween(1, 8),
                integers().between(0, 5), integers().between(0, 999)).checkAssert((bounds, options, op, seed) -> {
                    for (int o : options) {
                        ItemQuery q = query(bounds.get(0), bounds.get(1), o, seed + o);
                        String operation = OPERATIONS.get(op % 3);
                        Class<?> view = op < 3 ? null : Long.class;
                        assertThat(names.name(q, operation, view)).as("%s as %s", operation, view)
                                .isEqualTo(AccessPatterns.query(q, operation, view));
                        assertThat(names.name(q, operation, view)).isEqualTo(AccessPatterns.query(q, operation, view));
                    }
                });
    }

    @Test
    void pastTheBoundNamesAreStillRightAndNothingMoreIsKept() {
        QueryNames names = new QueryNames();
        List<ItemQuery> queries = new ArrayList<>();
        for (int i = 0; i < QueryNames.MAX_SHAPES + 50; i++) {
            queries.add(ItemQuery.of(q -> q.subtree(KeyPath.of("user", 1).then("ns" + queries.size()))));
        }
        for (ItemQuery q : queries) {
            assertThat(names.name(q, "query", null)).isEqualTo(AccessPatterns.query(q, "query", null));
        }
        assertThat(names.size()).isEqualTo(QueryNames.MAX_SHAPES);
        ItemQuery last = queries.get(queries.size() - 1);
        assertThat(names.name(last, "query", null)).isEqualTo("query /user-{}/ns" + (queries.size() - 1) + " subtree");
        assertThat(names.size()).isEqualTo(QueryNames.MAX_SHAPES);
    }
}
