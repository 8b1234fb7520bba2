package dev.keypath.benchmarks;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemSchema;
import dev.keypath.dynamodb.ItemSchemas;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * CPU cost of one query page of {@value #ITEMS} posts, no network: each library builds its {@code Query} request,
 * gets the same page back (a prebuilt {@code QueryResponse} of {@value #ITEMS} items, from {@link CannedQueryClient})
 * and turns it into typed objects. keypath: {@code KeyPathTable.query(SocialPost.class, subtree)} (keys decoded,
 * range and type checked, mapped through Jackson); the Enhanced Client: {@code DynamoDbTable.query(keyEqualTo)}
 * mapped to {@link SocialPostBean}s, first page.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {ForkOptions.SMALL_HEAP_MIN, ForkOptions.SMALL_HEAP_MAX, ForkOptions.PRE_TOUCH})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class MapperQueryPageBenchmark {
    static final int ITEMS = 1000;

    private KeyPathTable keyPathTable;
    private ItemQuery subtree;
    private DynamoDbTable<SocialPostBean> enhancedTable;
    private QueryConditional userPosts;

    /** Builds both tables over their canned pages and checks they read the same posts. */
    @Setup
    public void setup() {
        ItemSchema<SocialPost> schema = ItemSchemas.of(SocialPost.class);
        TableSchema<SocialPostBean> beanSchema = TableSchema.fromBean(SocialPostBean.class);
        List<Map<String, AttributeValue>> keyPathItems = new ArrayList<>(ITEMS);
        List<Map<String, AttributeValue>> beanItems = new ArrayList<>(ITEMS);
        for (int i = 1; i <= ITEMS; i++) {
            SocialPost post = SocialPost.sample(SocialPost.USER, i);
            keyPathItems.add(schema.toItem(post));
            beanItems.add(beanSchema.itemToMap(SocialPostBean.of(post), false));
        }
        keyPathTable = KeyPathTables.builder()
                .client(new CannedQueryClient(QueryResponse.builder().items(keyPathItems).count(ITEMS)
                        .scannedCount(ITEMS).build()))
                .tableName(MapperFixture.TABLE).register(SocialPost.class)
                .pageTokenSecret("benchmark-secret-0123456789abcdef".getBytes(StandardCharsets.UTF_8)).build();
        subtree = ItemQuery.of(q -> q.subtree(KeyPath.of("user", SocialPost.USER)));
        enhancedTable = DynamoDbEnhancedClient.builder()
                .dynamoDbClient(new CannedQueryClient(QueryResponse.builder().items(beanItems).count(ITEMS)
                        .scannedCount(ITEMS).build()))
                .build().table(MapperFixture.TABLE, beanSchema);
        userPosts = QueryConditional.keyEqualTo(Key.builder().partitionValue(SocialPostBean.pk(SocialPost.USER))
                .build());
        List<SocialPost> kp = keyPath().items();
        List<SocialPostBean> en = enhancedClient().items();
        Checks.equal(kp.size(), ITEMS, "keypath page size");
        Checks.equal(en.size(), ITEMS, "Enhanced Client page size");
        for (int i = 0; i < ITEMS; i++) {
            Checks.equal(kp.get(i), SocialPost.sample(SocialPost.USER, i + 1), "keypath post " + i);
            Checks.equal(en.get(i).postId(), kp.get(i).postId(), "Enhanced Client post " + i);
            Checks.equal(en.get(i).getAuthor().getHandle(), kp.get(i).author().handle(), "author " + i);
        }
    }

    /** {@code KeyPathTable.query} of the user's subtree, typed. */
    @Benchmark
    public Page<SocialPost> keyPath() {
        return keyPathTable.query(SocialPost.class, subtree);
    }

    /** {@code DynamoDbTable.query(keyEqualTo)}, first page. */
    @Benchmark
    public software.amazon.awssdk.enhanced.dynamodb.model.Page<SocialPostBean> enhancedClient() {
        return enhancedTable.query(userPosts).iterator().next();
    }
}
