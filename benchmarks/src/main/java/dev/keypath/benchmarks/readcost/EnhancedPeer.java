package dev.keypath.benchmarks.readcost;

import static software.amazon.awssdk.enhanced.dynamodb.TableMetadata.primaryIndexName;

import dev.keypath.benchmarks.readcost.EnhancedBeans.CommentBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.PostBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.PostCountBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.ReactionBean;
import dev.keypath.benchmarks.readcost.EnhancedBeans.UserBean;
import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactPutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactUpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The AWS SDK Enhanced Client's side, as its developer guide teaches: a {@link DynamoDbTable} per bean over the one
 * table ({@link EnhancedBeans}), {@code getItem}, {@code query} with a {@link QueryConditional} and
 * {@code exclusiveStartKey} / {@code lastEvaluatedKey} for pages, a query of the index, {@code transactWriteItems}
 * (a conditional put and an atomic counter), and {@code batchWriteItem} in calls of 25 writes whose unprocessed items
 * are sent again. The two queries that meet more than one type (a user with their posts, the keys of a post's
 * thread) read through a document table ({@link EnhancedDocument}) and map each item by its {@code _type}. Every read
 * is the client's default, eventually consistent.
 */
final class EnhancedPeer implements PeerTable {
    private static final int BATCH = 25;
    private static final Expression ABSENT = Expression.builder().expression("attribute_not_exists(pk)").build();
    private static final Expression PRESENT = Expression.builder().expression("attribute_exists(pk)").build();

    private final DynamoDbClient client;
    private final String tableName;
    private final DynamoDbTable<UserBean> users;
    private final DynamoDbTable<PostCountBean> postCounts;
    private final DynamoDbTable<PostBean> posts;
    private final DynamoDbTable<CommentBean> comments;
    private final DynamoDbTable<ReactionBean> reactions;
    private final DynamoDbTable<EnhancedDocument> documents;
    private final DynamoDbEnhancedClient enhanced;

    EnhancedPeer(DynamoDbClient client, String tableName) {
        this.client = client;
        this.tableName = tableName;
        enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
        users = enhanced.table(tableName, TableSchema.fromBean(UserBean.class));
        postCounts = enhanced.table(tableName, TableSchema.fromBean(PostCountBean.class));
        posts = enhanced.table(tableName, TableSchema.fromBean(PostBean.class));
        comments = enhanced.table(tableName, TableSchema.fromBean(CommentBean.class));
        reactions = enhanced.table(tableName, TableSchema.fromBean(ReactionBean.class));
        documents = enhanced.table(tableName, TableSchema.documentSchemaBuilder()
                .addIndexPartitionKey(primaryIndexName(), "pk", AttributeValueType.S)
                .addIndexSortKey(primaryIndexName(), "sk", AttributeValueType.S)
                .attributeConverterProviders(AttributeConverterProvider.defaultProvider())
                .build());
    }

    @Override
    public String label() {
        return "Enhanced Client";
    }

    @Override
    public void create() {
        posts.createTable(r -> r.globalSecondaryIndices(EnhancedGlobalSecondaryIndex.builder()
                .indexName(EnhancedBeans.BY_TAG).projection(p -> p.projectionType(ProjectionType.ALL)).build()));
    }

    @Override
    public void load(SocialDataSet data) {
        List<Object> items = data.items();
        for (int from = 0; from < items.size(); from += BATCH) {
            write(items.subList(from, Math.min(items.size(), from + BATCH)), List.of());
        }
    }

    @Override
    public void drop() {
        client.deleteTable(r -> r.tableName(tableName));
    }

    @Override
    public Outcome run(AccessPattern pattern, Workload w, Reads reads) {
        return switch (pattern) {
            case GET_USER -> Outcome.of(List.of(Workload.user(users.getItem(userKey(w.profile.userId())).toUser())));
            case USER_AND_LATEST_POSTS -> {
                Page<EnhancedDocument> page = documents.query(r -> r
                        .queryConditional(QueryConditional.keyEqualTo(k -> k.partitionValue(
                                EnhancedBeans.userKey(w.profile.userId()))))
                        .scanIndexForward(false).limit(Workload.LATEST_POSTS + 1)).iterator().next();
                List<String> items = new ArrayList<>(page.items().size());
                for (EnhancedDocument d : page.items()) {
                    Map<String, AttributeValue> item = d.toMap();
                    items.add(switch (d.getString("_type")) {
                        case "User" -> Workload.user(users.tableSchema().mapToItem(item).toUser());
                        case "Post" -> Workload.post(posts.tableSchema().mapToItem(item).toPost());
                        default -> throw new IllegalStateException("unexpected item in a user's partition: " + item);
                    });
                }
                yield Outcome.of(items);
            }
            case COMMENTS_BETWEEN -> {
                String thread = EnhancedBeans.postKey(w.thread.postId());
                yield Outcome.of(comments.query(r -> r.queryConditional(QueryConditional.sortBetween(
                                k -> k.partitionValue(thread).sortValue(EnhancedBeans.key("COMMENT#", w.commentsFrom)),
                                k -> k.partitionValue(thread).sortValue(EnhancedBeans.key("COMMENT#", w.commentsTo)))))
                        .items().stream().map(c -> Workload.comment(c.postId(), c.postedAt())).toList());
            }
            case NEWEST_BY_TAG -> Outcome.of(posts.index(EnhancedBeans.BY_TAG).query(r -> r
                    .queryConditional(QueryConditional.keyEqualTo(k -> k.partitionValue("TAG#" + w.tag)))
                    .scanIndexForward(false).limit(Workload.TAGGED_POSTS)).iterator().next().items().stream()
                    .map(p -> Workload.post(p.toPost())).toList());
            case POSTS_IN_PAGES -> {
                List<String> items = new ArrayList<>(w.pagedPosts);
                String user = EnhancedBeans.userKey(w.heavy.userId());
                Map<String, AttributeValue> token = null;
                while (items.size() < w.pagedPosts) {
                    Map<String, AttributeValue> current = token;
                    Page<PostBean> page = posts.query(r -> r
                            .queryConditional(QueryConditional.sortBeginsWith(k -> k.partitionValue(user).sortValue("POST#")))
                            .limit(Workload.PAGE_SIZE).exclusiveStartKey(current)).iterator().next();
                    page.items().forEach(p -> items.add(Workload.post(p.toPost())));
                    token = page.lastEvaluatedKey();
                    if (token == null) {
                        break;
                    }
                }
                yield Outcome.of(items);
            }
            case CREATE_POST -> {
                enhanced.transactWriteItems(r -> r
                        .addPutItem(posts, TransactPutItemEnhancedRequest.builder(PostBean.class)
                                .item(PostBean.of(w.newPost)).conditionExpression(ABSENT).build())
                        .addUpdateItem(postCounts, TransactUpdateItemEnhancedRequest.builder(PostCountBean.class)
                                .item(PostCountBean.of(w.newPostOwner.userId())).ignoreNulls(true)
                                .conditionExpression(PRESENT).build()));
                yield new Outcome(List.of("created " + Workload.post(w.newPost)), 2);
            }
            case DELETE_POST -> {
                List<Key> keys = new ArrayList<>();
                keys.add(postKey(w.victim));
                String thread = EnhancedBeans.postKey(w.victim.postId());
                documents.query(r -> r.queryConditional(QueryConditional.keyEqualTo(k -> k.partitionValue(thread)))
                                .attributesToProject("pk", "sk"))
                        .items().forEach(d -> keys.add(Key.builder().partitionValue(d.getString("pk"))
                                .sortValue(d.getString("sk")).build()));
                for (int from = 0; from < keys.size(); from += BATCH) {
                    write(List.of(), keys.subList(from, Math.min(keys.size(), from + BATCH)));
                }
                yield new Outcome(List.of("deleted " + keys.size()), keys.size());
            }
        };
    }

    @Override
    public void restore(AccessPattern pattern, Workload w, SocialDataSet data) {
        switch (pattern) {
            case CREATE_POST -> {
                posts.deleteItem(postKey(w.newPost));
                users.putItem(UserBean.of(w.newPostOwner));
            }
            case DELETE_POST -> {
                List<Object> items = new ArrayList<>();
                items.add(w.victim);
                items.addAll(data.commentsOf(w.victim.postId()));
                items.addAll(data.reactionsOf(w.victim.postId()));
                for (int from = 0; from < items.size(); from += BATCH) {
                    write(items.subList(from, Math.min(items.size(), from + BATCH)), List.of());
                }
            }
            default -> {
                // reads change nothing
            }
        }
    }

    @Override
    public List<String> stateAfter(AccessPattern pattern, Workload w) {
        return switch (pattern) {
            case CREATE_POST -> List.of(
                    Workload.post(w.newPost) + (posts.getItem(r -> r.key(postKey(w.newPost)).consistentRead(true)) != null
                            ? " stored" : " missing"),
                    "postCount " + users.getItem(r -> r.key(userKey(w.newPostOwner.userId())).consistentRead(true))
                            .getPostCount());
            case DELETE_POST -> {
                long post = posts.getItem(r -> r.key(postKey(w.victim)).consistentRead(true)) != null ? 1 : 0;
                String thread = EnhancedBeans.postKey(w.victim.postId());
                long under = documents.query(r -> r.queryConditional(QueryConditional.keyEqualTo(k -> k.partitionValue(thread)))
                        .consistentRead(true)).items().stream().count();
                yield List.of("items under " + Workload.post(w.victim) + ": " + (post + under));
            }
            default -> List.of();
        };
    }

    @Override
    public long storedBytes() {
        return client.describeTable(r -> r.tableName(tableName)).table().tableSizeBytes();
    }

    @Override
    public Map<String, Long> countsByType() {
        return documents.scan().items().stream()
                .collect(Collectors.groupingBy(d -> d.getString("_type"), TreeMap::new, Collectors.counting()));
    }

    /**
     * One {@code batchWriteItem} of these puts and deletes (at most 25 in all), then the unprocessed ones again
     * until none is left.
     */
    private void write(List<Object> items, List<Key> deletes) {
        List<Object> putsLeft = new ArrayList<>(items.size());
        for (Object item : items) {
            putsLeft.add(bean(item));
        }
        List<Key> deletesLeft = deletes;
        while (!putsLeft.isEmpty() || !deletesLeft.isEmpty()) {
            BatchWriteItemEnhancedRequest.Builder request = BatchWriteItemEnhancedRequest.builder();
            addPuts(request, users, UserBean.class, putsLeft);
            addPuts(request, posts, PostBean.class, putsLeft);
            addPuts(request, comments, CommentBean.class, putsLeft);
            addPuts(request, reactions, ReactionBean.class, putsLeft);
            if (!deletesLeft.isEmpty()) {
                WriteBatch.Builder<EnhancedDocument> batch = WriteBatch.builder(EnhancedDocument.class)
                        .mappedTableResource(documents);
                deletesLeft.forEach(batch::addDeleteItem);
                request.addWriteBatch(batch.build());
            }
            BatchWriteResult result = enhanced.batchWriteItem(request.build());
            putsLeft = new ArrayList<>();
            putsLeft.addAll(result.unprocessedPutItemsForTable(users));
            putsLeft.addAll(result.unprocessedPutItemsForTable(posts));
            putsLeft.addAll(result.unprocessedPutItemsForTable(comments));
            putsLeft.addAll(result.unprocessedPutItemsForTable(reactions));
            deletesLeft = result.unprocessedDeleteItemsForTable(documents);
        }
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

    /** Adds a write batch of the beans of {@code type} among {@code beans}, if there are any. */
    private static <T> void addPuts(BatchWriteItemEnhancedRequest.Builder request, MappedTableResource<T> table,
                                    Class<T> type, List<Object> beans) {
        WriteBatch.Builder<T> batch = null;
        for (Object bean : beans) {
            if (type.isInstance(bean)) {
                if (batch == null) {
                    batch = WriteBatch.builder(type).mappedTableResource(table);
                }
                batch.addPutItem(type.cast(bean));
            }
        }
        if (batch != null) {
            request.addWriteBatch(batch.build());
        }
    }

    private static Key userKey(UUID userId) {
        String key = EnhancedBeans.userKey(userId);
        return Key.builder().partitionValue(key).sortValue(key).build();
    }

    private static Key postKey(Post post) {
        return Key.builder().partitionValue(EnhancedBeans.userKey(post.userId()))
                .sortValue(EnhancedBeans.postKey(post.postId())).build();
    }
}
