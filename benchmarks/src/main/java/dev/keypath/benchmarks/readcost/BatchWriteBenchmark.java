package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.EnhancedBeans.CommentBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.PostBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.ReactionBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.UserBean;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;

/**
 * One {@code BatchWriteItem} call of 25 items of the peer benchmark's data set, no network: each library's own work
 * on the call, from its objects to the request and back from the answer, on a {@link CannedBatchWriteClient} that
 * answers every call as processed whole. keypath: {@code KeyPathTable.batchWrite} of the 25 records, as the peer
 * benchmark loads them (the table's defaults: no listener, no observer); the Enhanced Client: its
 * {@code batchWriteItem} of the same items as beans, a write batch per bean type, as {@code EnhancedPeer} loads them
 * (the beans prebuilt, so the benchmark's own conversion is not timed). {@code items} picks which 25: consecutive
 * posts, comments or reactions from the middle of the data set, or a mix of all four types (the user of a post, the
 * post, and comments and reactions of it and the posts after).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class BatchWriteBenchmark {
    static final int BATCH = 25;
    static final String TABLE = "app";

    /** Which 25 items of the data set each call writes. */
    @Param({"posts", "comments", "reactions", "mixed"})
    public String items;

    private List<Object> records;
    private List<Object> beans;
    private KeyPathTable table;
    private CannedBatchWriteClient keyPathClient;
    private DynamoDbEnhancedClient enhanced;
    private CannedBatchWriteClient enhancedClient;
    private DynamoDbTable<UserBean> users;
    private DynamoDbTable<PostBean> posts;
    private DynamoDbTable<CommentBean> comments;
    private DynamoDbTable<ReactionBean> reactions;

    /** The 25 items, both tables over their canned clients; checks that both send the 25 writes. */
    @Setup
    public void setup() {
        SocialDataSet data = SocialDataSet.generate(SocialDataSet.Shape.STANDARD, 42);
        records = pick(data, items);
        beans = new ArrayList<>(records.size());
        for (Object r : records) {
            beans.add(bean(r));
        }
        keyPathClient = new CannedBatchWriteClient(TABLE);
        table = KeyPathTables.builder().client(keyPathClient).tableName(TABLE)
                .register(User.class, Post.class, Comment.class, Reaction.class).build();
        enhancedClient = new CannedBatchWriteClient(TABLE);
        enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(enhancedClient).build();
        users = enhanced.table(TABLE, TableSchema.fromBean(UserBean.class));
        posts = enhanced.table(TABLE, TableSchema.fromBean(PostBean.class));
        comments = enhanced.table(TABLE, TableSchema.fromBean(CommentBean.class));
        reactions = enhanced.table(TABLE, TableSchema.fromBean(ReactionBean.class));
        if (keyPath().size() != BATCH || keyPathClient.writes() != BATCH) {
            throw new IllegalStateException("keypath wrote " + keyPathClient.writes() + " of " + BATCH);
        }
        if (enhancedClient().unprocessedPutItemsForTable(posts).size() != 0 || enhancedClient.writes() != BATCH) {
            throw new IllegalStateException("the Enhanced Client wrote " + enhancedClient.writes() + " of " + BATCH);
        }
    }

    /** Fails the trial unless every call sent 25 writes. */
    @TearDown(Level.Trial)
    public void check() {
        if (keyPathClient.writes() % BATCH != 0 || enhancedClient.writes() % BATCH != 0) {
            throw new IllegalStateException("a call sent fewer than " + BATCH + " writes");
        }
    }

    /** {@code KeyPathTable.batchWrite} of the 25 records. */
    @Benchmark
    public List<Object> keyPath() {
        return table.batchWrite(b -> b.putAll(records));
    }

    /** The Enhanced Client's {@code batchWriteItem} of the 25 beans, a write batch per bean type. */
    @Benchmark
    public BatchWriteResult enhancedClient() {
        BatchWriteItemEnhancedRequest.Builder request = BatchWriteItemEnhancedRequest.builder();
        addPuts(request, users, UserBean.class);
        addPuts(request, posts, PostBean.class);
        addPuts(request, comments, CommentBean.class);
        addPuts(request, reactions, ReactionBean.class);
        return enhanced.batchWriteItem(request.build());
    }

    private <T> void addPuts(BatchWriteItemEnhancedRequest.Builder request, MappedTableResource<T> mapped,
                             Class<T> type) {
        WriteBatch.Builder<T> batch = null;
        for (Object bean : beans) {
            if (type.isInstance(bean)) {
                if (batch == null) {
                    batch = WriteBatch.builder(type).mappedTableResource(mapped);
                }
                batch.addPutItem(type.cast(bean));
            }
        }
        if (batch != null) {
            request.addWriteBatch(batch.build());
        }
    }

    /** The 25 items {@code kind} names. */
    static List<Object> pick(SocialDataSet data, String kind) {
        return switch (kind) {
            case "posts" -> middle(data.posts);
            case "comments" -> middle(data.comments);
            case "reactions" -> middle(data.reactions);
            case "mixed" -> mixed(data);
            default -> throw new IllegalArgumentException("items: posts, comments, reactions or mixed, not " + kind);
        };
    }

    private static List<Object> middle(List<?> all) {
        int from = all.size() / 2;
        return new ArrayList<>(all.subList(from, from + BATCH));
    }

    /** A post's user, then posts from the middle with their comments and reactions, until 25. */
    private static List<Object> mixed(SocialDataSet data) {
        List<Object> out = new ArrayList<>(BATCH);
        Post first = data.posts.get(data.posts.size() / 2);
        data.users.stream().filter(u -> u.userId().equals(first.userId())).forEach(out::add);
        for (int p = data.posts.size() / 2; out.size() < BATCH; p++) {
            Post post = data.posts.get(p);
            out.add(post);
            for (Comment c : data.commentsOf(post.postId())) {
                if (out.size() < BATCH) {
                    out.add(c);
                }
            }
            for (Reaction r : data.reactionsOf(post.postId())) {
                if (out.size() < BATCH) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    private static Object bean(Object item) {
        if (item instanceof User u) {
            return UserBean.of(u);
        } else if (item instanceof Post p) {
            return PostBean.of(p);
        } else if (item instanceof Comment c) {
            return CommentBean.of(c);
        } else if (item instanceof Reaction r) {
            return ReactionBean.of(r);
        }
        throw new IllegalArgumentException("not an item of the data set: " + item);
    }
}
