package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.UpdateModel.Article;
import dev.keypath.test.adapter.UpdateModel.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The update operations ElectroDB's and dynamodb-toolbox's update documentation describe, each written as a
 * keypath update and run against the engine through both tables: a starting item, the update, and the item
 * DynamoDB must then hold. A starting item's set fields ({@code labels}, {@code ratings}, {@code digests}) are
 * written as DynamoDB sets (with {@code addToSet}), since a put stores Java collections as lists.
 */
@KeyPathDynamoDb(customizers = UpdateModel.Types.class)
class UpdateParityTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    /**
     * One documented operation.
     *
     * @param source   the library and operation it reproduces
     * @param start    the item before (null: none stored)
     * @param upsert   whether the update may create the item
     * @param update   the keypath update
     * @param expected the item DynamoDB holds afterwards
     */
    record Case(String source, Article start, boolean upsert, Consumer<UpdateSpec.Builder> update, Article expected) {
        @Override
        public String toString() {
            return source;
        }
    }

    private static final Article BASE = Article.of("?", 1).withTitle("Title").withViews(10L)
            .withTags(List.of("a", "b", "c")).withStats(new Stats(5L, 1L, Map.of("mon", 2L)))
            .withMeta(Map.of("color", "red", "size", Map.of("w", 2)));

    static Stream<Arguments> cases() {
        List<Case> cases = new ArrayList<>(List.of(
                // ElectroDB: update().set / remove / add / subtract / append / delete / data, patch and upsert
                new Case("ElectroDB set", BASE, false, u -> u.set("title", "New"), BASE.withTitle("New")),
                new Case("ElectroDB remove", BASE, false, u -> u.remove("title").remove("meta"),
                        BASE.withTitle(null).withMeta(null)),
                new Case("ElectroDB add (number)", BASE, false, u -> u.add("views", 3), BASE.withViews(13L)),
                new Case("ElectroDB add (set)", BASE.withLabels(Set.of("x")), false,
                        u -> u.addToSet("labels", List.of("y")), BASE.withLabels(Set.of("x", "y"))),
                new Case("ElectroDB subtract", BASE, false, u -> u.decrement("views", 4), BASE.withViews(6L)),
                new Case("ElectroDB subtract (absent counts as 0)", BASE.withViews(null), false,
                        u -> u.decrement("views", 4), BASE.withViews(-4L)),
                new Case("ElectroDB append", BASE, false, u -> u.append("tags", List.of("d", "e")),
                        BASE.withTags(List.of("a", "b", "c", "d", "e"))),
                new Case("ElectroDB append (absent list)", BASE.withTags(null), false,
                        u -> u.append("tags", List.of("d")), BASE.withTags(List.of("d"))),
                new Case("ElectroDB delete (set)", BASE.withLabels(Set.of("x", "y")), false,
                        u -> u.deleteFromSet("labels", List.of("x")), BASE.withLabels(Set.of("y"))),
                new Case("ElectroDB ifNotExists", BASE, false, u -> u.setIfAbsent("title", "Other")
                        .setIfAbsent("budget", 7L), BASE.withBudget(7L)),
                new Case("ElectroDB data (several operations, nested paths)", BASE, false,
                        u -> u.set("stats.likes", 9L).remove("tags[0]").add("views", 1).set("meta.size.h", 3),
                        BASE.withStats(new Stats(9L, 1L, Map.of("mon", 2L))).withTags(List.of("b", "c"))
                                .withViews(11L).withMeta(Map.of("color", "red", "size", Map.of("w", 2, "h", 3)))),
                new Case("ElectroDB upsert (update creates the item)", null, true, u -> u.set("title", "Fresh")
                        .add("views", 1), Article.of("?", 1).withTitle("Fresh").withViews(1L)),
                new Case("ElectroDB patch (item exists)", BASE, false, u -> u.set("sub_title", "S"),
                        BASE.withSubtitle("S")),
                // dynamodb-toolbox: UpdateItemCommand with $set, $remove, $add, $delete, $append, $prepend, $get,
                // $sum, $subtract, nested maps and list indexes
                new Case("dynamodb-toolbox $set (whole nested object)", BASE, false,
                        u -> u.set("stats", new Stats(0L, 0L, null)), BASE.withStats(new Stats(0L, 0L, null))),
                new Case("dynamodb-toolbox $remove", BASE, false, u -> u.remove("stats.daily"),
                        BASE.withStats(new Stats(5L, 1L, null))),
                new Case("dynamodb-toolbox $add (number)", BASE, false, u -> u.add("stats.likes", -2),
                        BASE.withStats(new Stats(3L, 1L, Map.of("mon", 2L)))),
                new Case("dynamodb-toolbox $add (number set)", BASE.withRatings(Set.of(1L)), false,
                        u -> u.addToSet("ratings", List.of(2L, 3L)), BASE.withRatings(Set.of(1L, 2L, 3L))),
                new Case("dynamodb-toolbox $add (binary set, created)", BASE, false,
                        u -> u.addToSet("digests", List.of(new byte[] {7})), BASE.withDigests(List.of(new byte[] {7}))),
                new Case("dynamodb-toolbox $delete (number set)", BASE.withRatings(Set.of(1L, 2L)), false,
                        u -> u.deleteFromSet("ratings", List.of(2L)), BASE.withRatings(Set.of(1L))),
                new Case("dynamodb-toolbox $append", BASE, false, u -> u.append("tags", List.of("z")),
                        BASE.withTags(List.of("a", "b", "c", "z"))),
                new Case("dynamodb-toolbox $prepend", BASE, false, u -> u.prepend("tags", List.of("y", "z")),
                        BASE.withTags(List.of("y", "z", "a", "b", "c"))),
                new Case("dynamodb-toolbox $get (copy another attribute)", BASE, false,
                        u -> u.set("sub_title", UpdateSpec.valueOf("title")), BASE.withSubtitle("Title")),
                new Case("dynamodb-toolbox $get with fallback (if_not_exists)", BASE, false,
                        u -> u.set("budget", UpdateSpec.valueOf("budget", 100L)), BASE.withBudget(100L)),
                new Case("dynamodb-toolbox $sum", BASE, false,
                        u -> u.setSum("budget", UpdateSpec.valueOf("views"), 5), BASE.withBudget(15L)),
                new Case("dynamodb-toolbox $subtract", BASE.withBudget(50L), false,
                        u -> u.setDifference("budget", UpdateSpec.valueOf("budget"), UpdateSpec.valueOf("views")),
                        BASE.withBudget(40L)),
                new Case("dynamodb-toolbox nested map (partial update)", BASE, false,
                        u -> u.set("meta.size.w", 4).set("meta.shape", "round").increment("stats.daily.mon", 1),
                        BASE.withMeta(Map.of("color", "red", "size", Map.of("w", 4), "shape", "round"))
                                .withStats(new Stats(5L, 1L, Map.of("mon", 3L)))),
                new Case("dynamodb-toolbox list index set", BASE, false, u -> u.set("tags[1]", "B"),
                        BASE.withTags(List.of("a", "B", "c"))),
                new Case("dynamodb-toolbox list index remove", BASE, false, u -> u.remove("tags[0]").remove("tags[2]"),
                        BASE.withTags(List.of("b")))));
        return cases.stream().flatMap(c -> Stream.of(Arguments.of(c, false), Arguments.of(c, true)));
    }

    @ParameterizedTest(name = "{0} (async={1})")
    @MethodSource("cases")
    void theDocumentedUpdateStoresTheExpectedItem(Case c, boolean viaAsync) {
        String author = "p-" + UUID.randomUUID();
        KeyPath path = KeyPath.of("author", author).then("article", 1);
        if (c.start() != null) {
            Article start = withAuthor(c.start(), author);
            table.put(withSets(start, null, null, null));
            UpdateSpec sets = setsOf(start);
            if (sets != null) {
                table.update(Article.class, path, sets);
            }
            assertThat(table.get(Article.class, path)).hasValueSatisfying(s -> assertThat(s)
                    .usingRecursiveComparison().isEqualTo(start));
        }
        UpdateSpec spec = UpdateSpec.of(c.update());
        UpdateItem<Article> update = UpdateItem.builder(Article.class, path, spec)
                .mode(c.upsert() ? UpdateItem.Mode.UPSERT : UpdateItem.Mode.UPDATE_EXISTING).build();
        Article returned;
        try {
            returned = viaAsync ? async.update(update).get(30, TimeUnit.SECONDS) : table.update(update);
        } catch (Exception e) {
            throw new AssertionError(c.source() + " failed", e);
        }

        Article expected = withAuthor(c.expected(), author);
        assertThat(table.get(Article.class, path)).as(c.source()).hasValueSatisfying(stored -> assertThat(stored)
                .usingRecursiveComparison().isEqualTo(expected));
        assertThat(returned).usingRecursiveComparison().isEqualTo(expected);
        Map<String, AttributeValue> raw = UpdateModel.raw(table, path);
        assertThat(raw.get("_type").s()).isEqualTo("Article");
        if (expected.labels() != null) {
            assertThat(raw.get("labels").type()).isEqualTo(AttributeValue.Type.SS);
        }
        if (expected.ratings() != null) {
            assertThat(raw.get("ratings").type()).isEqualTo(AttributeValue.Type.NS);
        }
        if (expected.digests() != null) {
            assertThat(raw.get("digests").type()).isEqualTo(AttributeValue.Type.BS);
        }
    }

    /** The change that writes {@code a}'s set fields as DynamoDB sets, or null when it has none. */
    private static UpdateSpec setsOf(Article a) {
        if (a.labels() == null && a.ratings() == null && a.digests() == null) {
            return null;
        }
        return UpdateSpec.of(u -> {
            if (a.labels() != null) {
                u.addToSet("labels", a.labels());
            }
            if (a.ratings() != null) {
                u.addToSet("ratings", a.ratings());
            }
            if (a.digests() != null) {
                u.addToSet("digests", a.digests());
            }
        });
    }

    private static Article withSets(Article a, Set<String> labels, Set<Long> ratings, List<byte[]> digests) {
        return a.withLabels(labels).withRatings(ratings).withDigests(digests);
    }

    private static Article withAuthor(Article a, String author) {
        return new Article(author, a.articleId(), a.title(), a.subtitle(), a.stats(), a.tags(), a.labels(),
                a.ratings(), a.digests(), a.meta(), a.views(), a.budget());
    }
}
