package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The arguments of the seven access patterns, chosen from a data set, and what each must give: the logical result
 * every library's run is checked against.
 */
final class Workload {
    static final int LATEST_POSTS = 20;
    static final int TAGGED_POSTS = 20;
    static final int PAGE_SIZE = 100;
    static final int PAGED_POSTS = 1_000;

    private final SocialDataSet data;
    /** The user read by key and with their latest posts (user 1, who owns the busy thread). */
    final User profile;
    /** The prolific user whose posts are read in pages. */
    final User heavy;
    /** Posts read in pages: 1,000, or all of the heavy user's when there are fewer. */
    final int pagedPosts;
    /** The busy thread whose comments are read by time range. */
    final Post thread;
    final long commentsFrom;
    final long commentsTo;
    /** The most frequent first tag. */
    final String tag;
    /** The post the transaction creates (user 2's, a new id), and the user whose count it increments. */
    final Post newPost;
    final User newPostOwner;
    /** The post deleted with its subtree, and its items (the post, its comments and their reactions). */
    final Post victim;
    final int victimItems;

    Workload(SocialDataSet data) {
        this.data = data;
        profile = data.users.get(1);
        heavy = data.users.get(0);
        pagedPosts = (int) Math.min(PAGED_POSTS, postsOf(heavy.userId()).size());
        thread = postsOf(profile.userId()).stream().max(Comparator.comparingLong(Post::postId)).orElseThrow();
        List<Comment> threadComments = data.commentsOf(thread.postId());
        commentsFrom = threadComments.get(threadComments.size() / 4).postedAt();
        commentsTo = threadComments.get(threadComments.size() * 3 / 4).postedAt();
        Map<String, Long> byTag = data.posts.stream()
                .collect(Collectors.groupingBy(Post::tag, TreeMap::new, Collectors.counting()));
        tag = byTag.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        victim = data.victim();
        victimItems = 1 + data.commentsOf(victim.postId()).size() + data.reactionsOf(victim.postId()).size();
        newPostOwner = data.users.get(2);
        newPost = new Post(newPostOwner.userId(), victim.postId() + 1, "a new post", "written in a transaction",
                tag, List.of(tag), Instant.ofEpochSecond(victim.createdAt().getEpochSecond() + 3_600));
    }

    /** The outcome a correct run of {@code pattern} gives, whatever the library. */
    Outcome expected(AccessPattern pattern) {
        return switch (pattern) {
            case GET_USER -> Outcome.of(List.of(user(profile)));
            case USER_AND_LATEST_POSTS -> {
                List<String> items = new ArrayList<>();
                items.add(user(profile));
                postsOf(profile.userId()).stream().sorted(Comparator.comparingLong(Post::postId).reversed())
                        .limit(LATEST_POSTS).map(Workload::post).forEach(items::add);
                yield Outcome.of(items);
            }
            case COMMENTS_BETWEEN -> Outcome.of(data.commentsOf(thread.postId()).stream()
                    .filter(c -> c.postedAt() >= commentsFrom && c.postedAt() <= commentsTo)
                    .map(c -> comment(c.postId(), c.postedAt())).toList());
            case NEWEST_BY_TAG -> Outcome.of(data.posts.stream().filter(p -> p.tag().equals(tag))
                    .sorted(Comparator.comparingLong(Post::postId).reversed()).limit(TAGGED_POSTS)
                    .map(Workload::post).toList());
            case POSTS_IN_PAGES -> Outcome.of(postsOf(heavy.userId()).stream()
                    .sorted(Comparator.comparingLong(Post::postId)).limit(pagedPosts).map(Workload::post).toList());
            case CREATE_POST -> new Outcome(List.of("created " + post(newPost)), 2);
            case DELETE_POST -> new Outcome(List.of("deleted " + victimItems), victimItems);
        };
    }

    /** What a table holds after a correct run of a write pattern, read back without being counted. */
    List<String> expectedState(AccessPattern pattern) {
        return switch (pattern) {
            case CREATE_POST -> List.of(post(newPost) + " stored", "postCount " + (newPostOwner.postCount() + 1));
            case DELETE_POST -> List.of("items under " + post(victim) + ": 0");
            default -> List.of();
        };
    }

    private List<Post> postsOf(UUID user) {
        return data.posts.stream().filter(p -> p.userId().equals(user)).toList();
    }

    static String user(User u) {
        return "user-" + u.userId() + " " + u.handle() + " postCount " + u.postCount();
    }

    static String post(Post p) {
        return "post-" + p.postId();
    }

    static String comment(long postId, long postedAt) {
        return "comment-" + postId + "-" + postedAt;
    }

    /** The logical identities of {@code items}, in order. */
    static <T> List<String> ids(List<T> items, Function<T, String> id) {
        return items.stream().map(id).toList();
    }
}
