package dev.keypath.test.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.ItemMappingException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.adapter.UpdateModel.Article;
import dev.keypath.test.adapter.UpdateModel.Stats;
import dev.keypath.test.adapter.UpdateModel.Tally;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Updates that cannot be expressed or that DynamoDB refuses: each fails with an {@link InvalidUpdateException}
 * naming the problem, the path and, once the item is known, the type and key path, and leaves the stored item as
 * it was.
 */
@KeyPathDynamoDb(customizers = UpdateModel.Types.class)
class UpdateErrorsTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @Test
    void malformedPathsAreRefusedWhenTheSpecIsBuilt() {
        Map<String, String> problems = Map.of(
                "a..b", "an attribute name is missing",
                "tags[x]", "a list index must be a number",
                "tags[", "'[' is not closed",
                "", "an attribute name is missing",
                ".a", "an attribute name is missing",
                "a.", "an attribute name is missing",
                "tags[1]x", "unexpected 'x'",
                "a]b", "unexpected ']'",
                "tags[-1]", "a list index must be a number",
                "tags[12345678901]", "a list index must be a number");
        problems.forEach((path, problem) -> assertThatThrownBy(() -> UpdateSpec.of(u -> u.remove(path)))
                .isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("'" + path + "'").hasMessageContaining(problem)
                .satisfies(e -> assertThat(((InvalidUpdateException) e).path()).contains(path)));
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void unknownAttributesAreRefusedWithTheNamesTheTypeHas(boolean viaAsync) {
        Article a = stored();
        assertThat(failure(viaAsync, a, u -> u.set("titel", "x")))
                .hasMessageContaining("Article has no attribute 'titel'").hasMessageContaining("title")
                .hasMessageContaining("sub_title").hasMessageContaining(a.path().toString())
                .satisfies(e -> assertThat(((InvalidUpdateException) e).itemType()).contains("Article"));
        assertThat(failure(viaAsync, a, u -> u.set("subtitle", "x"))).as("the Java name of a renamed field")
                .hasMessageContaining("'subtitle'");
        assertThat(failure(viaAsync, a, u -> u.increment("stats.likez", 1)))
                .hasMessageContaining("Article.stats (Stats) has no attribute 'likez'")
                .hasMessageContaining("[likes, shares, daily]");
        assertThat(failure(viaAsync, a, u -> u.set("title[0]", "x"))).hasMessageContaining("no list at 'title'");
        assertThat(failure(viaAsync, a, u -> u.set("views.digits", 1)))
                .hasMessageContaining("Article.views is a Long, which has no attribute 'digits'");
        assertThat(failure(viaAsync, a, u -> u.set("tags.first", 1))).hasMessageContaining("is a list");
        assertThat(failure(viaAsync, a, u -> u.set("title", UpdateSpec.valueOf("missing"))))
                .hasMessageContaining("no attribute 'missing'");
        assertUnchanged(a);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void keysTypeAndVersionCannotBeUpdated(boolean viaAsync) {
        Article a = stored();
        for (String path : List.of("authorId", "articleId", "_type", "pk")) {
            assertThat(failure(viaAsync, a, u -> u.set(path, "x"))).isInstanceOf(ItemMappingException.class)
                    .hasMessageContaining("'" + path + "'");
        }
        String name = UUID.randomUUID().toString();
        KeyPath tally = KeyPath.of("tally", name);
        table.put(new Tally(name, 1L, null, null));
        Throwable e = viaAsync ? failure(() -> await(async.update(Tally.class, tally,
                UpdateSpec.of(u -> u.set("version", 9)))))
                : failure(() -> table.update(Tally.class, tally, UpdateSpec.of(u -> u.set("version", 9))));
        assertThat(e).isInstanceOf(InvalidUpdateException.class).hasMessageContaining("'version'");
        assertUnchanged(a);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setChangesOnAListAndArithmeticOnTextAreDynamoRefusalsNamingTheKeyPath(boolean viaAsync) {
        Article a = stored();
        assertThat(failure(viaAsync, a, u -> u.addToSet("tags", List.of("x"))))
                .hasMessageContaining("DynamoDB refused the update of Article (paths tags)")
                .hasMessageContaining("set changes need a string, number or binary set")
                .hasMessageContaining(a.path().toString())
                .satisfies(e -> assertThat(((InvalidUpdateException) e).keyPath()).contains(a.path()));
        assertThat(failure(viaAsync, a, u -> u.deleteFromSet("title", List.of("x")))).hasMessageContaining("title");
        assertThat(failure(viaAsync, a, u -> u.increment("title", 1))).hasMessageContaining("(paths title)")
                .hasMessageContaining("need a number");
        assertThat(failure(viaAsync, a, u -> u.add("title", 1))).hasMessageContaining("(paths title)");
        assertThat(failure(viaAsync, a, u -> u.append("title", List.of("x")))).hasMessageContaining("(paths title)");
        assertUnchanged(a);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void aPathThroughAMissingMapCreatesItButAValueOfAnotherKindIsADynamoRefusal(boolean viaAsync) {
        Article a = table.put(Article.of("a-" + UUID.randomUUID(), 3).withTitle("t").withTags(List.of("only")));
        UpdateItem<Article> nested = UpdateItem.of(Article.class, a.path(), u -> u.set("stats.likes", 1)
                .set("meta.x.y", 1));
        Article created = viaAsync ? await(async.update(nested)) : table.update(nested);
        assertThat(created.stats()).isEqualTo(new Stats(1L, null, null));
        assertThat(created.meta()).isEqualTo(Map.of("x", Map.of("y", 1)));
        Article b = table.put(Article.of("b-" + UUID.randomUUID(), 3).withTitle("t").withTags(List.of("only")));
        assertThat(failure(viaAsync, b, u -> u.increment("title", 1))).hasMessageContaining("(paths title)");
        assertUnchanged(b);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void anUpdateThatWouldOutgrowTheItemLimitIsRefusedAndChangesNothing(boolean viaAsync) {
        Article a = table.put(Article.of("a-" + UUID.randomUUID(), 4).withTitle("x".repeat(250_000)));
        assertThat(failure(viaAsync, a, u -> u.set("sub_title", "y".repeat(200_000))))
                .hasMessageContaining("(paths sub_title)").hasMessageContaining("400 KB");
        assertUnchanged(a);
    }

    @Test
    void badSetElementsAndOverlappingPathsAreRefusedBeforeSending() {
        Article a = stored();
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, a.path(), u -> u.addToSet("labels",
                List.of())))).isInstanceOf(InvalidUpdateException.class).hasMessageContaining("Article.labels")
                .hasMessageContaining("no empty sets");
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, a.path(), u -> u.addToSet("labels",
                List.of("a", 1))))).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("Article.labels (a set of String) got 1 of type Integer");
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, a.path(), u -> u.addToSet("meta.any",
                List.of("a", 1))))).isInstanceOf(InvalidUpdateException.class)
                .hasMessageContaining("one kind").hasMessageContaining("[String, Integer]");
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, a.path(), u -> u.add("views",
                Double.NaN)))).isInstanceOf(InvalidUpdateException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> UpdateSpec.of(u -> u.set("stats", new Stats(1L, 1L, null)).increment("stats.likes",
                1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stats and stats.likes");
        assertThatThrownBy(() -> UpdateSpec.of(u -> u.set("tags[1]", "x").remove("tags[1]")))
                .isInstanceOf(IllegalArgumentException.class);
        assertUnchanged(a);
    }

    private static Article stored() {
        return table.put(Article.of("a-" + UUID.randomUUID(), 1).withTitle("t").withTags(List.of("a", "b"))
                .withViews(1L).withStats(new Stats(1L, 2L, Map.of("mon", 1L))).withMeta(Map.of("k", "v")));
    }

    /** The stored item is the one {@code a} put. */
    private static void assertUnchanged(Article a) {
        assertThat(table.get(Article.class, a.path())).contains(a);
        Map<String, AttributeValue> raw = UpdateModel.raw(table, a.path());
        assertThat(raw).isNotEmpty();
    }

    /** The failure of the update of {@code a} by {@code spec}, which must be an {@link InvalidUpdateException}. */
    private static Throwable failure(boolean viaAsync, Article a, Consumer<UpdateSpec.Builder> spec) {
        UpdateItem<Article> update = UpdateItem.of(Article.class, a.path(), spec);
        Throwable e = viaAsync ? failure(() -> await(async.update(update))) : failure(() -> table.update(update));
        assertThat(e).isInstanceOf(InvalidUpdateException.class);
        return e;
    }

    private static Throwable failure(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("call should have failed");
    }

    /** The future's outcome, its failure unwrapped and rethrown as it is. */
    private static <T> T await(java.util.concurrent.CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            assertThat(e.getCause()).isNotInstanceOf(CompletionException.class);
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
