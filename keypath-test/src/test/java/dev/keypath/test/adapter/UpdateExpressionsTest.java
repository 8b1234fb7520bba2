package dev.keypath.test.adapter;

import static dev.keypath.test.adapter.AsyncResults.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.AttributePath;
import dev.keypath.dynamodb.ConditionFailedException;
import dev.keypath.dynamodb.InvalidUpdateException;
import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TransactionFailedException;
import dev.keypath.dynamodb.UpdateItem;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.UpdateResult;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.VersionConflictException;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import dev.keypath.test.adapter.UpdateModel.Article;
import dev.keypath.test.adapter.UpdateModel.Stats;
import dev.keypath.test.adapter.UpdateModel.Tally;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every kind of change an update expression can make, through the synchronous and the asynchronous table, with
 * each return value, upserts, versions and transactions, checked against what DynamoDB stored.
 */
@KeyPathDynamoDb(customizers = UpdateModel.Types.class)
class UpdateExpressionsTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void nestedPathsSetAndRemoveFieldsMapEntriesAndListElements(boolean viaAsync) {
        Article a = table.put(article().withStats(new Stats(1L, 2L, Map.of("mon", 1L, "tue", 2L)))
                .withTags(List.of("a", "b", "c")).withMeta(Map.of("x", Map.of("y", 1))));
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.set("stats.likes", 5L)
                .remove("stats.daily.mon").remove("tags[1]").set("tags[0]", "z").set("meta.x.z", "q")));

        assertThat(after.stats()).isEqualTo(new Stats(5L, 2L, Map.of("tue", 2L)));
        assertThat(after.tags()).containsExactly("z", "c");
        assertThat(after.meta()).isEqualTo(Map.of("x", Map.of("y", 1, "z", "q")));
        assertThat(table.get(Article.class, a.path())).contains(after);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setIfAbsentWritesOnlyAbsentAttributesAndValueOfCopiesAnother(boolean viaAsync) {
        Article a = table.put(article().withTitle("kept"));
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.setIfAbsent("title", "lost")
                .setIfAbsent("views", 10L).set("sub_title", UpdateSpec.valueOf("title"))
                .set("budget", UpdateSpec.valueOf("meta.missing", 7L))));

        assertThat(after.title()).isEqualTo("kept");
        assertThat(after.views()).isEqualTo(10L);
        assertThat(after.subtitle()).isEqualTo("kept");
        assertThat(after.budget()).isEqualTo(7L);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void appendAndPrependTreatAnAbsentListAsEmpty(boolean viaAsync) {
        Article a = table.put(article());
        Article first = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.append("tags", List.of("m"))));
        assertThat(first.tags()).containsExactly("m");
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.append("tags", List.of("y", "z"))));
        assertThat(after.tags()).containsExactly("m", "y", "z");
        after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.prepend("tags", List.of("a", "b"))));
        assertThat(after.tags()).containsExactly("a", "b", "m", "y", "z");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void setChangesAddAndDeleteStringNumberAndBinarySets(boolean viaAsync) {
        Article a = table.put(article());
        update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.addToSet("labels", List.of("x", "y"))
                .addToSet("ratings", Set.of(3L, 5L)).addToSet("digests", List.of(new byte[] {1}, new byte[] {2}))));
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.addToSet("labels", List.of("z"))
                .deleteFromSet("ratings", List.of(3L)).deleteFromSet("digests", List.of(new byte[] {1}))));

        assertThat(after.labels()).containsExactlyInAnyOrder("x", "y", "z");
        assertThat(after.ratings()).containsExactly(5L);
        assertThat(after.digests()).singleElement().isEqualTo(new byte[] {2});
        Map<String, AttributeValue> raw = raw(a.path());
        assertThat(raw.get("labels").type()).isEqualTo(AttributeValue.Type.SS);
        assertThat(raw.get("ratings").type()).isEqualTo(AttributeValue.Type.NS);
        assertThat(raw.get("digests").bs()).containsExactly(SdkBytes.fromByteArray(new byte[] {2}));

        Article emptied = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.deleteFromSet("ratings",
                List.of(5L))));
        assertThat(emptied.ratings()).isNull(); // DynamoDB drops a set that becomes empty
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void arithmeticAddsAndSubtractsWithSetAndAdd(boolean viaAsync) {
        Article a = table.put(article().withViews(10L).withStats(new Stats(1L, null, null)));
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.increment("views", 5)
                .decrement("stats.likes", 3).add("stats.shares", 2).setSum("budget", UpdateSpec.valueOf("views"), 100)));
        assertThat(after.views()).isEqualTo(15L);
        assertThat(after.stats()).isEqualTo(new Stats(-2L, 2L, null));
        assertThat(after.budget()).isEqualTo(110L); // operands read the item before the update

        after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.setDifference("budget",
                UpdateSpec.valueOf("budget"), UpdateSpec.valueOf("views")).add("views", -20)));
        assertThat(after.budget()).isEqualTo(95L);
        assertThat(after.views()).isEqualTo(-5L);
        assertThat(raw(a.path()).get("meta")).isNull();
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void everyReturnValueMapsToTheTypeOrToTypedAttributes(boolean viaAsync) {
        Article a = table.put(article().withTitle("t0").withStats(new Stats(7L, 1L, null)).withViews(1L));
        UpdateItem.Builder<Article> change = UpdateItem.builder(Article.class, a.path(),
                UpdateSpec.of(u -> u.increment("stats.likes", 1).set("title", "t1")));

        UpdateResult<Article> updatedNew = result(viaAsync, change.returning(Returning.UPDATED_NEW).build());
        assertThat(updatedNew.item()).isEmpty();
        assertThat(updatedNew.attributes()).containsOnlyKeys("stats", "title").containsEntry("title", "t1");
        assertThat(updatedNew.get("stats.likes")).contains(8);
        assertThat(updatedNew.get("stats.likes", Long.class)).contains(8L);
        assertThat(updatedNew.get("stats.likes", long.class)).contains(8L);
        assertThat(updatedNew.get("stats", Stats.class).orElseThrow().likes()).isEqualTo(8L);
        assertThat(updatedNew.get("views")).isEmpty();

        UpdateResult<Article> updatedOld = result(viaAsync, change.returning(Returning.UPDATED_OLD).build());
        assertThat(updatedOld.get("stats.likes", Integer.class)).contains(8);
        assertThat(updatedOld.get("title", String.class)).contains("t1");

        UpdateResult<Article> allOld = result(viaAsync, change.returning(Returning.OLD).build());
        assertThat(allOld.item().orElseThrow().stats().likes()).isEqualTo(9L);
        assertThat(allOld.attributes()).isEmpty();
        Article allNew = update(viaAsync, change.returning(Returning.NEW).build());
        assertThat(allNew.stats().likes()).isEqualTo(11L);
        assertThat(allNew.views()).isEqualTo(1L);

        UpdateResult<Article> none = result(viaAsync, change.returning(Returning.NONE).build());
        assertThat(none.item()).isEmpty();
        assertThat(none.attributes()).isEmpty();
        assertThat(update(viaAsync, change.returning(Returning.NONE).build())).isNull();
        assertThat(table.get(Article.class, a.path()).orElseThrow().stats().likes()).isEqualTo(13L);
    }

    @Test
    void updateRefusesReturnValuesThatAreNotItems() {
        Article a = table.put(article());
        UpdateItem<Article> partial = UpdateItem.builder(Article.class, a.path(), UpdateSpec.of(u -> u.set("title",
                "x"))).returning(Returning.UPDATED_NEW).build();
        assertThatThrownBy(() -> table.update(partial)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("updateWithResult");
        assertThat(AsyncResults.failure(async.update(partial))).isInstanceOf(IllegalArgumentException.class);
        assertThat(table.get(Article.class, a.path()).orElseThrow().title()).isNull();
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void upsertCreatesTheItemAsAPutWouldAndUpdateOnlyDoesNot(boolean viaAsync) {
        Article template = article();
        KeyPath path = template.path();
        UpdateSpec spec = UpdateSpec.of(u -> u.set("title", "made").increment("views", 1));

        assertThat(failure(viaAsync, UpdateItem.of(Article.class, path, spec)))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining(path.toString());
        assertThat(raw(path)).isEmpty();

        UpdateItem<Article> upsert = UpdateItem.builder(Article.class, path, spec).mode(UpdateItem.Mode.UPSERT)
                .returning(Returning.OLD).build();
        assertThat(update(viaAsync, upsert)).isNull(); // nothing was there before
        Map<String, AttributeValue> raw = raw(path);
        assertThat(raw.get("_type").s()).isEqualTo("Article");
        assertThat(raw.get("pk").b().asByteArray()).isEqualTo(path.partitionKey());
        assertThat(raw.get("sk").b().asByteArray()).isEqualTo(path.sortKey());
        assertThat(raw).doesNotContainKeys("authorId", "articleId");
        assertThat(table.get(Article.class, path)).contains(template.withTitle("made").withViews(1L));
        assertThat(table.query(q -> q.subtree(KeyPath.of("author", template.authorId()))).items())
                .containsExactly(template.withTitle("made").withViews(1L));

        Article again = update(viaAsync, UpdateItem.upsert(Article.class, path, spec));
        assertThat(again.views()).isEqualTo(2L);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void upsertNeverTakesOverAnItemOfAnotherType(boolean viaAsync) {
        KeyPath path = article().path();
        Map<String, AttributeValue> other = Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey())), "_type", AttributeValue.fromS("Other"),
                "title", AttributeValue.fromS("theirs"));
        TestDynamoDb.get().client().putItem(p -> p.tableName(table.tableName()).item(other));

        UpdateSpec spec = UpdateSpec.of(u -> u.set("title", "mine"));
        assertThat(failure(viaAsync, UpdateItem.upsert(Article.class, path, spec)))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("another type");
        assertThat(failure(viaAsync, UpdateItem.of(Article.class, path, spec)))
                .isInstanceOf(ConditionFailedException.class).hasMessageContaining("no Article exists");
        assertThat(raw(path)).isEqualTo(other);
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void versionedUpdatesAndUpsertsBumpAndCheckTheVersion(boolean viaAsync) {
        String name = UUID.randomUUID().toString();
        KeyPath path = KeyPath.of("tally", name);
        Tally created = update(viaAsync, UpdateItem.upsert(Tally.class, path, UpdateSpec.of(u -> u.add("count", 2))));
        assertThat(created.version()).isEqualTo(1L);
        assertThat(created.count()).isEqualTo(2L);
        assertThat(table.query(q -> q.index("gsi1").subtree(KeyPath.of("tallied", name))).items())
                .as("an upsert writes the secondary keys its key fields bind, as a put does").containsExactly(created);

        Tally checked = update(viaAsync, UpdateItem.of(Tally.class, path, UpdateSpec.of(u -> u.increment("count", 1)
                .expectedVersion(1))));
        assertThat(checked.version()).isEqualTo(2L);
        assertThat(checked.count()).isEqualTo(3L);

        Throwable stale = failure(viaAsync, UpdateItem.of(Tally.class, path, UpdateSpec.of(u -> u.set("note", "x")
                .expectedVersion(1))));
        assertThat(stale).isInstanceOf(VersionConflictException.class);
        assertThat(failure(viaAsync, UpdateItem.upsert(Tally.class, path, UpdateSpec.of(u -> u.set("note", "x")
                .expectedVersion(0))))).isInstanceOf(VersionConflictException.class);
        Tally unchecked = update(viaAsync, UpdateItem.upsert(Tally.class, path, UpdateSpec.of(u -> u.set("note", "n"))));
        assertThat(unchecked.version()).isEqualTo(3L);
        assertThat(table.get(Tally.class, path)).contains(new Tally(name, 3L, "n", 3L));
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void transactionsTakeUpsertsAndUpdatesButNoReturnedItems(boolean viaAsync) {
        Article existing = table.put(article().withViews(1L));
        KeyPath fresh = article().path();
        Consumer<dev.keypath.dynamodb.Transaction> body = tx -> tx
                .update(UpdateItem.builder(Article.class, existing.path(), UpdateSpec.of(u -> u.increment("views", 1)
                        .append("tags", List.of("t")))).returning(Returning.NONE).build())
                .update(UpdateItem.upsert(Article.class, fresh, UpdateSpec.of(u -> u.set("stats", new Stats(1L, 0L,
                        null)))));
        if (viaAsync) {
            await(async.transact(body));
        } else {
            table.transact(body);
        }
        assertThat(table.get(Article.class, existing.path()).orElseThrow().tags()).containsExactly("t");
        assertThat(table.get(Article.class, fresh).orElseThrow().stats()).isEqualTo(new Stats(1L, 0L, null));
        assertThat(raw(fresh).get("_type").s()).isEqualTo("Article");

        KeyPath absent = article().path();
        Consumer<dev.keypath.dynamodb.Transaction> updateOnly = tx -> tx.update(Article.class, absent,
                UpdateSpec.of(u -> u.set("title", "x")));
        Throwable e = viaAsync ? AsyncResults.failure(async.transact(updateOnly))
                : catchFailure(() -> table.transact(updateOnly));
        assertThat(e).isInstanceOf(TransactionFailedException.class);
        assertThat(raw(absent)).isEmpty();
        assertThatThrownBy(() -> table.transact(tx -> tx.update(UpdateItem.builder(Article.class, fresh,
                UpdateSpec.of(u -> u.set("title", "x"))).returning(Returning.UPDATED_NEW).build())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("returning(UPDATED_NEW)");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void methodReferencesNameRecordComponentsUnderTheirJacksonNames(boolean viaAsync) {
        Article a = table.put(article().withStats(new Stats(1L, 1L, null)));
        Article after = update(viaAsync, UpdateItem.of(Article.class, a.path(), u -> u.set(Article::title, "typed")
                .set(Article::subtitle, "renamed").increment(AttributePath.of(Article::stats).then(Stats::likes), 4)
                .append(Article::tags, List.of("q")).remove(Article::meta)));
        assertThat(after.title()).isEqualTo("typed");
        assertThat(after.subtitle()).isEqualTo("renamed");
        assertThat(after.stats().likes()).isEqualTo(5L);
        assertThat(after.tags()).containsExactly("q");
        assertThat(raw(a.path()).get("sub_title").s()).isEqualTo("renamed");
        assertThat(raw(a.path())).doesNotContainKey("subtitle");

        assertThatThrownBy(() -> UpdateSpec.of(u -> u.set((Article x) -> x.title(), "lambda")))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("method reference");
        assertThatThrownBy(() -> table.update(UpdateItem.of(Article.class, a.path(), u -> u.increment(
                AttributePath.of(Article::stats).then(Article::views), 1))))
                .isInstanceOf(InvalidUpdateException.class).hasMessageContaining("Article::views");
    }

    @ParameterizedTest(name = "async={0}")
    @ValueSource(booleans = {false, true})
    void updatesKeepSecondaryKeysAndTheExpiryAsAPutStoresThem(boolean viaAsync) {
        UUID u = UUID.randomUUID();
        String tag = "t-" + UUID.randomUUID();
        Model.Post post = table.put(Model.Post.of(u, 5, "title", "old-" + tag));
        KeyPath path = table.keyPathOf(post);
        update(viaAsync, UpdateItem.of(Model.Post.class, path, s -> s.set("tag", tag)));
        assertThat(table.query(q -> q.index("gsi1").subtree(KeyPath.of("tag", tag))).items()).hasSize(1);
        assertThat(table.query(q -> q.index("gsi1").subtree(KeyPath.of("tag", "old-" + tag))).items()).isEmpty();
        Map<String, AttributeValue> updated = raw(path);
        table.put(new Model.Post(u, 5, post.title(), tag, post.labels(), post.meta(), post.score(), post.publishedAt(),
                post.attachment(), post.draft(), post.status(), post.address()));
        assertThat(updated.get("gsi1_pk")).isNotNull().isEqualTo(raw(path).get("gsi1_pk"));
        assertThat(updated.get("gsi1_sk")).isNotNull().isEqualTo(raw(path).get("gsi1_sk"));

        update(viaAsync, UpdateItem.of(Model.Post.class, path, s -> s.remove("tag")));
        assertThat(raw(path)).doesNotContainKeys("gsi1_pk", "gsi1_sk");
        assertThat(failure(viaAsync, UpdateItem.of(Model.Post.class, path, s -> s.set("tag",
                UpdateSpec.valueOf("title"))))).isInstanceOf(InvalidUpdateException.class).hasMessageContaining("gsi1");

        java.time.Instant later = java.time.Instant.parse("2031-02-03T04:05:06Z");
        Model.Session session = table.put(new Model.Session(null, "me", later.minusSeconds(60)));
        KeyPath sessionPath = table.keyPathOf(session);
        update(viaAsync, UpdateItem.of(Model.Session.class, sessionPath, s -> s.set("expiresAt", later)));
        assertThat(raw(sessionPath).get("_ttl").n()).isEqualTo(Long.toString(later.getEpochSecond()));
        update(viaAsync, UpdateItem.of(Model.Session.class, sessionPath, s -> s.remove("expiresAt")));
        assertThat(raw(sessionPath)).doesNotContainKey("_ttl");
    }

    @Test
    void existingConveniencesKeepTheirMeaning() {
        Article a = table.put(article().withTitle("old").withTags(List.of("a")));
        UpdateSpec spec = UpdateSpec.of(u -> u.set("title", "new").remove("tags").add("views", 2)
                .set("title", "newer"));
        assertThat(spec.sets()).isEqualTo(Map.of("title", "newer"));
        assertThat(spec.removes()).containsExactly("tags");
        assertThat(spec.adds()).isEqualTo(Map.of("views", 2));
        assertThat(spec.toBuilder().build()).isEqualTo(spec).hasSameHashCodeAs(spec);
        Article after = table.update(Article.class, a.path(), spec);
        assertThat(after).isEqualTo(article(a).withTitle("newer").withViews(2L));
        assertThat(new BigDecimal(raw(a.path()).get("views").n())).isEqualByComparingTo("2");
    }

    private static Article article() {
        return Article.of("a-" + UUID.randomUUID(), 1);
    }

    private static Article article(Article like) {
        return Article.of(like.authorId(), like.articleId());
    }

    private static Map<String, AttributeValue> raw(KeyPath path) {
        return UpdateModel.raw(table, path);
    }

    private static <T> T update(boolean viaAsync, UpdateItem<T> update) {
        return viaAsync ? await(async.update(update)) : table.update(update);
    }

    private static <T> UpdateResult<T> result(boolean viaAsync, UpdateItem<T> update) {
        return viaAsync ? await(async.updateWithResult(update)) : table.updateWithResult(update);
    }

    private static Throwable failure(boolean viaAsync, UpdateItem<?> update) {
        return viaAsync ? AsyncResults.failure(async.updateWithResult(update)) : catchFailure(() -> table.updateWithResult(update));
    }

    private static Throwable catchFailure(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("call should have failed");
    }
}
