package dev.keypath.benchmarks.readcost;

import dev.keypath.KeyPath;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Posted;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.ItemScan;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.ReadConsistency;
import dev.keypath.dynamodb.UpdateSpec;
import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * keypath's side: a {@link KeyPathTable} holding the data set in one of two layouts, serving each pattern through
 * the calls keypath's README and docs/COST.md teach (a {@code get}, a typed {@code query} of a subtree, a range or an
 * index, page tokens, {@code transact}, {@code deleteSubtree}, {@code batchWrite} to load). What differs between the
 * layouts (where the user lies, which query reads a user's posts, where a post's comments are) is each layout's.
 *
 * <p>At {@link Reads#EVENTUAL} every call that takes a consistency is given {@link ReadConsistency#EVENTUAL}; at
 * {@link Reads#LIBRARY_DEFAULT} none is given.
 */
abstract class KeyPathPeer implements PeerTable {
    private final DynamoDbClient client;
    private final String tableName;
    private final String label;
    private final Class<?>[] types;
    protected KeyPathTable table;

    KeyPathPeer(DynamoDbClient client, String tableName, String label, Class<?>... types) {
        this.client = client;
        this.tableName = tableName;
        this.label = label;
        this.types = types.clone();
    }

    /** This layout's items for the data set's items (same order). */
    abstract List<Object> stored(List<Object> items);

    /** The key path of {@code user}'s item. */
    abstract KeyPath userPath(User user);

    /** The user read by key, as the data set's {@link User}. */
    abstract User user(KeyPath path, ReadConsistency consistency);

    /** The user and its latest posts, newest first, as one page. */
    abstract Page<Object> userAndLatestPosts(Workload w, ReadConsistency consistency);

    /** One page of the user's posts in post order, from {@code token}. */
    abstract Page<? extends Posted> postsPage(User user, int limit, String token, ReadConsistency consistency);

    /** The class of this layout's posts. */
    abstract Class<? extends Posted> postType();

    /** This layout's item of {@code post}. */
    abstract Object stored(Post post);

    /** The class of this layout's users. */
    abstract Class<?> userType();

    /** The data set's user for a user item this layout read. */
    abstract User asUser(Object item);

    /** The thread's comments between the workload's timestamps, every page. */
    abstract List<String> commentsBetween(Workload w, ReadConsistency consistency);

    /** Deletes the victim post with its comments and reactions; returns how many items were deleted. */
    abstract long deletePost(Workload w);

    /** Items of the victim post and its subtree still stored. */
    abstract long itemsUnderVictim(Workload w);

    @Override
    public String label() {
        return label;
    }

    @Override
    public void create() {
        // the layout record is read at most once an hour, so that each pattern's counts are its own: a writing
        // instance reads it once a refresh interval (30 s by default, 1 RCU; docs/COST.md), whichever write is next
        table = KeyPathTables.builder().client(client).tableName(tableName).register(types)
                .layoutRefresh(Duration.ofHours(1)).build();
        table.bootstrap();
    }

    @Override
    public void load(SocialDataSet data) {
        List<Object> items = stored(data.items());
        table.batchWrite(b -> b.putAll(items));
    }

    @Override
    public void drop() {
        table.close();
        client.deleteTable(r -> r.tableName(tableName));
    }

    @Override
    public Outcome run(AccessPattern pattern, Workload w, Reads reads) {
        ReadConsistency c = reads == Reads.EVENTUAL ? ReadConsistency.EVENTUAL : null;
        return switch (pattern) {
            case GET_USER -> Outcome.of(List.of(Workload.user(user(userPath(w.profile), c))));
            case USER_AND_LATEST_POSTS -> {
                List<String> items = new ArrayList<>();
                for (Object item : userAndLatestPosts(w, c).items()) {
                    items.add(item instanceof Posted p ? Workload.post(p) : Workload.user(asUser(item)));
                }
                yield Outcome.of(items);
            }
            case COMMENTS_BETWEEN -> Outcome.of(commentsBetween(w, c));
            case NEWEST_BY_TAG -> Outcome.of(Workload.ids(table.query(postType(), ItemQuery.of(q -> q.index("byTag")
                    .subtree(KeyPath.of("tag", w.tag).then("post")).descending().limit(Workload.TAGGED_POSTS)
                    .consistency(c))).items(), Workload::post));
            case POSTS_IN_PAGES -> {
                List<String> items = new ArrayList<>(w.pagedPosts);
                String token = null;
                while (items.size() < w.pagedPosts) {
                    Page<? extends Posted> page = postsPage(w.heavy, Workload.PAGE_SIZE, token, c);
                    page.items().forEach(p -> items.add(Workload.post(p)));
                    token = page.nextPageToken();
                    if (token == null) {
                        break;
                    }
                }
                yield Outcome.of(items);
            }
            case CREATE_POST -> {
                table.transact(tx -> tx.put(stored(w.newPost), PutMode.CREATE_ONLY)
                        .update(userType(), userPath(w.newPostOwner),
                                UpdateSpec.of(u -> u.increment("postCount", 1))));
                yield new Outcome(List.of("created " + Workload.post(w.newPost)), 2);
            }
            case DELETE_POST -> {
                long deleted = deletePost(w);
                yield new Outcome(List.of("deleted " + deleted), (int) deleted);
            }
        };
    }

    @Override
    public void restore(AccessPattern pattern, Workload w, SocialDataSet data) {
        switch (pattern) {
            case CREATE_POST -> {
                table.delete(postType(), postPath(w.newPost));
                table.update(userType(), userPath(w.newPostOwner),
                        UpdateSpec.of(u -> u.increment("postCount", -1)));
            }
            case DELETE_POST -> {
                List<Object> items = new ArrayList<>();
                items.add(w.victim);
                items.addAll(data.commentsOf(w.victim.postId()));
                items.addAll(data.reactionsOf(w.victim.postId()));
                List<Object> stored = stored(items);
                table.batchWrite(b -> b.putAll(stored));
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
                    Workload.post(w.newPost) + (table.get(postType(), postPath(w.newPost), ReadConsistency.STRONG)
                            .isPresent() ? " stored" : " missing"),
                    "postCount " + user(userPath(w.newPostOwner), ReadConsistency.STRONG).postCount());
            case DELETE_POST -> List.of("items under " + Workload.post(w.victim) + ": " + itemsUnderVictim(w));
            default -> List.of();
        };
    }

    @Override
    public long storedBytes() {
        return client.describeTable(r -> r.tableName(tableName)).table().tableSizeBytes();
    }

    @Override
    public Map<String, Long> countsByType() {
        try (var items = table.stream(ItemScan.all())) {
            return items.collect(Collectors.groupingBy(KeyPathPeer::typeName, TreeMap::new, Collectors.counting()));
        }
    }

    static KeyPath postPath(Posted p) {
        return KeyPath.of("user", p.userId()).then("post", p.postId());
    }

    private static String typeName(Object item) {
        ItemType t = item.getClass().getAnnotation(ItemType.class);
        return t.name().isEmpty() ? item.getClass().getSimpleName() : t.name();
    }
}
