package dev.keypath.examples.social;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * A deterministic social data set: users with posts (ids 1..n, so some reach two digits), comments at
 * realistic epoch-second timestamps, and reactions on some comments.
 */
final class SampleData {
    private static final String[] HANDLES = {"ada", "grace", "linus", "barbara", "ken"};
    private static final String[] WORDS = {"single", "table", "design", "keys", "sort", "order", "bytes", "partition",
        "query", "dynamo", "latency", "capacity", "index", "cost", "schema"};
    private static final String[] EMOJI = {"+1", "heart", "rocket", "eyes", "tada"};
    private static final long START = Instant.parse("2026-03-01T09:00:00Z").getEpochSecond();

    final List<User> users = new ArrayList<>();
    final List<Post> posts = new ArrayList<>();
    final List<Comment> comments = new ArrayList<>();
    final List<Reaction> reactions = new ArrayList<>();

    SampleData(long seed, int postsPerUser) {
        Random random = new Random(seed);
        for (String handle : HANDLES) {
            users.add(new User(new UUID(random.nextLong(), random.nextLong()), handle,
                    Character.toUpperCase(handle.charAt(0)) + handle.substring(1), Instant.ofEpochSecond(START - random.nextInt(1_000_000))));
        }
        for (User user : users) {
            long postedAt = START;
            for (long postId = 1; postId <= postsPerUser; postId++) {
                postedAt += 3600 + random.nextInt(86_400);
                posts.add(new Post(user.userId(), postId, sentence(random, 4), sentence(random, 12),
                        List.of(WORDS[random.nextInt(WORDS.length)], WORDS[random.nextInt(WORDS.length)]),
                        Instant.ofEpochSecond(postedAt)));
                long commentAt = postedAt;
                int commentCount = random.nextInt(5);
                for (int c = 0; c < commentCount; c++) {
                    commentAt += 60 + random.nextInt(7200);
                    User author = users.get(random.nextInt(users.size()));
                    comments.add(new Comment(user.userId(), postId, commentAt, author.userId(), sentence(random, 6)));
                    int reactionCount = random.nextInt(3);
                    for (long r = 1; r <= reactionCount; r++) {
                        reactions.add(new Reaction(user.userId(), postId, commentAt, r,
                                users.get(random.nextInt(users.size())).userId(), EMOJI[random.nextInt(EMOJI.length)]));
                    }
                }
            }
        }
    }

    List<Object> all() {
        List<Object> all = new ArrayList<>(users);
        all.addAll(posts);
        all.addAll(comments);
        all.addAll(reactions);
        return all;
    }

    private static String sentence(Random random, int words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }
}
