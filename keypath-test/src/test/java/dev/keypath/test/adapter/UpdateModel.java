package dev.keypath.test.adapter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TestDynamoDb;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Item types of the update tests: nested objects, lists, maps, the three set kinds, a renamed and a versioned field. */
final class UpdateModel {
    private UpdateModel() {
    }

    /** The item stored at {@code path}, as DynamoDB holds it (empty if none), read past the adapter. */
    static Map<String, AttributeValue> raw(KeyPathTable table, KeyPath path) {
        return TestDynamoDb.get().client().getItem(g -> g.tableName(table.tableName()).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                        "sk", AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))).item();
    }

    /** Registers the update tests' types next to the shared model. */
    static final class Types implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.register(Model.ALL).register(Article.class, Tally.class).pageTokenSecret(TableFixture.SECRET);
        }
    }

    /** Absent fields are left out of the stored item (a set attribute must be absent or a set for ADD). */
    @ItemType(keyPath = "/author-{authorId}/article-{articleId}")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Article(String authorId, long articleId, String title, @JsonProperty("sub_title") String subtitle,
                   Stats stats, List<String> tags, Set<String> labels, Set<Long> ratings, List<byte[]> digests,
                   Map<String, Object> meta, Long views, Long budget) {
        static Article of(String author, long id) {
            return new Article(author, id, null, null, null, null, null, null, null, null, null, null);
        }

        KeyPath path() {
            return KeyPath.of("author", authorId).then("article", articleId);
        }

        Article withTitle(String t) {
            return new Article(authorId, articleId, t, subtitle, stats, tags, labels, ratings, digests, meta, views,
                    budget);
        }

        Article withSubtitle(String s) {
            return new Article(authorId, articleId, title, s, stats, tags, labels, ratings, digests, meta, views,
                    budget);
        }

        Article withStats(Stats s) {
            return new Article(authorId, articleId, title, subtitle, s, tags, labels, ratings, digests, meta, views,
                    budget);
        }

        Article withTags(List<String> t) {
            return new Article(authorId, articleId, title, subtitle, stats, t, labels, ratings, digests, meta, views,
                    budget);
        }

        Article withLabels(Set<String> l) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, l, ratings, digests, meta, views,
                    budget);
        }

        Article withRatings(Set<Long> r) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, labels, r, digests, meta, views,
                    budget);
        }

        Article withDigests(List<byte[]> d) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, labels, ratings, d, meta, views,
                    budget);
        }

        Article withMeta(Map<String, Object> m) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, labels, ratings, digests, m, views,
                    budget);
        }

        Article withViews(Long v) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, labels, ratings, digests, meta, v,
                    budget);
        }

        Article withBudget(Long b) {
            return new Article(authorId, articleId, title, subtitle, stats, tags, labels, ratings, digests, meta, views,
                    b);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Stats(Long likes, Long shares, Map<String, Long> daily) {
    }

    /** Versioned, with a secondary key path bound by its key field alone. */
    @ItemType(keyPath = "/tally-{name}")
    @SecondaryKeyPath(index = "gsi1", keyPath = "/tallied-{name}")
    record Tally(String name, Long count, String note, @Version Long version) {
    }
}
