package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * A generated, seeded social data set: users, posts with integer ids, comments with epoch-second timestamp ids,
 * reactions, each post tagged. The same seed and shape give the same items, in the same order, on every run.
 *
 * <p>User 0 is prolific ({@link Shape#heavyPosts()} posts, read in pages); every other user has between
 * {@link Shape#minPosts()} and {@link Shape#maxPosts()}. Every post has up to {@link Shape#maxComments()} comments, each
 * with up to {@link Shape#maxReactions()} reactions, except two: user 1's newest post is a busy thread of
 * {@link Shape#threadComments()} comments, and the newest post of all (user 2's) has exactly
 * {@link Shape#victimComments()} comments of {@link Shape#victimReactions()} reactions each, the subtree the delete
 * pattern removes. Post ids follow creation time over the whole set.
 */
final class SocialDataSet {
    /** The numbers that decide the data set's size. */
    record Shape(int users, int heavyPosts, int minPosts, int maxPosts, int maxComments, int maxReactions,
                 int threadComments, int victimComments, int victimReactions) {
        Shape {
            if (users < 3 || heavyPosts < 1 || minPosts < 20 || maxPosts < minPosts || threadComments < 4
                    || victimComments < 1) {
                throw new IllegalArgumentException("a data set needs 3 users, the patterns' posts and comments: " + this);
            }
        }

        /** About 13,000 items, the size of the data set the peers were first compared on. */
        static final Shape STANDARD = new Shape(50, 1_000, 24, 40, 4, 2, 40, 20, 2);
        /** The same shape at about 2,000 items, for tests. */
        static final Shape SMALL = new Shape(10, 200, 20, 30, 4, 2, 30, 10, 2);
    }

    private static final String[] WORDS = {"single", "table", "design", "keys", "sort", "order", "bytes", "partition",
        "query", "dynamo", "latency", "capacity", "index", "cost", "schema", "stream", "shard", "token", "page", "item"};
    private static final String[] TAGS = {"java", "aws", "databases", "design", "performance", "testing", "cloud",
        "security", "frontend", "ops", "data", "career"};
    private static final String[] EMOJI = {"+1", "heart", "rocket", "eyes", "tada", "laugh"};
    private static final long START = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond();
    private static final int YEAR = 365 * 86_400;

    final Shape shape;
    final long seed;
    final List<User> users;
    final List<Post> posts;
    final List<Comment> comments;
    final List<Reaction> reactions;

    private SocialDataSet(Shape shape, long seed, List<User> users, List<Post> posts, List<Comment> comments,
                          List<Reaction> reactions) {
        this.shape = shape;
        this.seed = seed;
        this.users = List.copyOf(users);
        this.posts = List.copyOf(posts);
        this.comments = List.copyOf(comments);
        this.reactions = List.copyOf(reactions);
    }

    /** Generates the data set of {@code shape} from {@code seed}. */
    static SocialDataSet generate(Shape shape, long seed) {
        Random random = new Random(seed);
        List<UUID> userIds = new ArrayList<>();
        List<User> profiles = new ArrayList<>();
        for (int i = 0; i < shape.users(); i++) {
            UUID id = new UUID(random.nextLong(), random.nextLong());
            userIds.add(id);
            String handle = WORDS[random.nextInt(WORDS.length)] + "_" + i;
            profiles.add(new User(id, handle, Character.toUpperCase(handle.charAt(0)) + handle.substring(1),
                    Instant.ofEpochSecond(START - random.nextInt(YEAR)), 0));
        }

        record Draft(int user, long createdAt, String title, String body, List<String> tags) {}
        List<Draft> drafts = new ArrayList<>();
        for (int u = 0; u < shape.users(); u++) {
            int count = u == 0 ? shape.heavyPosts()
                    : shape.minPosts() + random.nextInt(shape.maxPosts() - shape.minPosts() + 1);
            for (int p = 0; p < count; p++) {
                drafts.add(new Draft(u, START + random.nextInt(YEAR), sentence(random, 5), sentence(random, 28),
                        tags(random)));
            }
        }
        drafts.sort(Comparator.comparingLong(Draft::createdAt).thenComparingInt(Draft::user));
        Draft victim = new Draft(2, START + YEAR, sentence(random, 5), sentence(random, 28), tags(random));
        drafts.add(victim);

        List<Post> posts = new ArrayList<>(drafts.size());
        long[] postCounts = new long[shape.users()];
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = drafts.get(i);
            posts.add(new Post(userIds.get(d.user()), i + 1, d.title(), d.body(), d.tags().get(0), d.tags(),
                    Instant.ofEpochSecond(d.createdAt())));
            postCounts[d.user()]++;
        }
        long threadId = posts.stream().filter(p -> p.userId().equals(userIds.get(1)))
                .mapToLong(Post::postId).max().orElseThrow();
        long victimId = posts.size();

        List<Comment> comments = new ArrayList<>();
        List<Reaction> reactions = new ArrayList<>();
        long reactionId = 0;
        for (Post post : posts) {
            int commentCount = post.postId() == victimId ? shape.victimComments()
                    : post.postId() == threadId ? shape.threadComments() : random.nextInt(shape.maxComments() + 1);
            long at = post.createdAt().getEpochSecond();
            for (int c = 0; c < commentCount; c++) {
                at += 60 + random.nextInt(7_200);
                comments.add(new Comment(post.userId(), post.postId(), at,
                        userIds.get(random.nextInt(userIds.size())), sentence(random, 9)));
                int reactionCount = post.postId() == victimId ? shape.victimReactions()
                        : random.nextInt(shape.maxReactions() + 1);
                for (int r = 0; r < reactionCount; r++) {
                    reactions.add(new Reaction(post.userId(), post.postId(), at, ++reactionId,
                            userIds.get(random.nextInt(userIds.size())), EMOJI[random.nextInt(EMOJI.length)]));
                }
            }
        }
        List<User> users = new ArrayList<>(profiles.size());
        for (int u = 0; u < profiles.size(); u++) {
            User p = profiles.get(u);
            users.add(new User(p.userId(), p.handle(), p.displayName(), p.joinedAt(), postCounts[u]));
        }
        return new SocialDataSet(shape, seed, users, posts, comments, reactions);
    }

    /** Every item, users first, then posts, comments and reactions: the order every library loads them in. */
    List<Object> items() {
        List<Object> all = new ArrayList<>(size());
        all.addAll(users);
        all.addAll(posts);
        all.addAll(comments);
        all.addAll(reactions);
        return all;
    }

    int size() {
        return users.size() + posts.size() + comments.size() + reactions.size();
    }

    /** Items per stored type name, as a layout's table must hold them. */
    Map<String, Long> countsByType() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("User", (long) users.size());
        counts.put("Post", (long) posts.size());
        counts.put("Comment", (long) comments.size());
        counts.put("Reaction", (long) reactions.size());
        return counts;
    }

    /** The post with the highest id: the one the delete pattern removes with its comments and reactions. */
    Post victim() {
        return posts.get(posts.size() - 1);
    }

    List<Comment> commentsOf(long postId) {
        return comments.stream().filter(c -> c.postId() == postId).toList();
    }

    List<Reaction> reactionsOf(long postId) {
        return reactions.stream().filter(r -> r.postId() == postId).toList();
    }

    private static List<String> tags(Random random) {
        List<String> tags = new ArrayList<>(3);
        int count = 1 + random.nextInt(3);
        while (tags.size() < count) {
            String tag = TAGS[random.nextInt(TAGS.length)];
            if (!tags.contains(tag)) {
                tags.add(tag);
            }
        }
        return List.copyOf(tags);
    }

    private static String sentence(Random random, int words) {
        StringBuilder sb = new StringBuilder(words * 8);
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }
}
