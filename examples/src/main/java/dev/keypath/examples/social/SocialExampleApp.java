package dev.keypath.examples.social;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.Condition;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Page;
import dev.keypath.dynamodb.local.EmbeddedDynamoDb;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The tour the README runs with its first command: a social app (users → posts → comments → reactions) in one
 * binary-keyed table on an embedded DynamoDB Local. It loads a data set, then shows a user's timeline in
 * one query, a post with its comments, a time range of comments newest first, and paging — printing
 * each item's key path, its key bytes beside the equivalent hand-built string key, and consumed capacity — and ends
 * with what each access pattern cost, from the {@link AccessPatternLedger} the table reports to.
 */
public final class SocialExampleApp {
    private static final HexFormat HEX = HexFormat.of();

    private final KeyPathTable table;
    private final AccessPatternLedger ledger;
    private final StepCosts costs;
    private final PrintStream out;

    /**
     * @param table  the table, built with {@code ledger} as its operation listener
     * @param ledger the ledger of the table's access patterns
     * @param out    where the tour prints
     */
    SocialExampleApp(KeyPathTable table, AccessPatternLedger ledger, PrintStream out) {
        this.table = table;
        this.ledger = ledger;
        this.costs = new StepCosts(ledger);
        this.out = out;
    }

    /** Starts DynamoDB Local in memory, runs the tour, stops. */
    public static void main(String[] args) {
        try (EmbeddedDynamoDb engine = EmbeddedDynamoDb.start()) {
            AccessPatternLedger ledger = AccessPatternLedger.create();
            DynamoDbClient client = engine.newClient().build();
            KeyPathTable table = KeyPathTables.builder()
                    .client(client)
                    .tableName("social")
                    .register(User.class, Post.class, Comment.class, Reaction.class)
                    .operationListener(ledger)
                    .build();
            System.out.println("keypath social example on DynamoDB Local (embedded, in-memory) at " + engine.endpoint());
            new SocialExampleApp(table, ledger, System.out).run(new SampleData(42, 12));
            client.close();
        }
    }

    void run(SampleData data) {
        out.println("table \"" + table.tableName() + "\" (pk B, sk B): " + table.bootstrap());
        costs.take();

        List<Object> all = data.all();
        table.batchWrite(b -> all.forEach(b::put));
        out.printf("loaded %d users, %d posts, %d comments, %d reactions with batchWrite: %s%n",
                data.users.size(), data.posts.size(), data.comments.size(), data.reactions.size(), costs.take());
        keySizes(all);

        User ada = data.users.get(0);
        KeyPath adaPath = KeyPath.of("user", ada.userId());

        section("1. " + ada.handle() + "'s timeline in ONE query: everything under " + adaPath);
        Page<Object> timeline = table.query(q -> q.subtree(adaPath).named("timeline"));
        printItems(timeline.items(), 14);
        out.printf("   %d items (user, posts, comments, reactions) — %s%n", timeline.items().size(), costs.take());

        Post post = data.posts.stream().filter(p -> p.userId().equals(ada.userId()))
                .max(Comparator.comparingLong(p -> data.comments.stream()
                        .filter(c -> c.userId().equals(p.userId()) && c.postId() == p.postId()).count()))
                .orElseThrow();
        KeyPath postPath = adaPath.then("post", post.postId());
        section("2. a post with its comments and reactions: subtree " + postPath);
        Page<Object> thread = table.query(q -> q.subtree(postPath).named("postThread"));
        printItems(thread.items(), 20);
        out.printf("   %s%n", costs.take());

        List<Comment> postComments = thread.itemsOf(Comment.class);
        long from = postComments.get(0).postedAt();
        long to = postComments.get(postComments.size() - 1).postedAt();
        KeyPath fromPath = postPath.then("comment", from);
        KeyPath toPath = postPath.then("comment", to);
        section("3. comments posted between " + from + " and " + to + " (epoch seconds), newest first: "
                + fromPath + " .. " + toPath);
        Page<Comment> range = table.query(Comment.class, ItemQuery.of(q -> q.between(fromPath, toPath).descending()
                .named("commentsBetween")));
        for (Comment c : range.items()) {
            out.printf("   %-72s %s%n", table.keyPathOf(c), c.text());
        }
        out.printf("   %s%n", costs.take());

        section("4. paging: " + ada.handle() + "'s posts, 5 per page, newest first (integer ids: post-9 < post-10 < post-11),"
                + " from the posts' own local index, which holds no comment or reaction");
        String token = null;
        int pageNumber = 0;
        do {
            String current = token;
            Page<Post> page = table.query(Post.class, ItemQuery.of(q -> {
                q.index("posts").subtree(adaPath.then("post")).descending().limit(5).named("postsNewestFirst");
                if (current != null) {
                    q.pageToken(current);
                }
            }));
            pageNumber++;
            out.printf("   page %d: %s%n", pageNumber, page.items().stream().map(p -> "post-" + p.postId()).toList());
            token = page.nextPageToken();
            if (token != null) {
                out.printf("           next token: %s…%n", token.substring(0, Math.min(40, token.length())));
            }
        } while (token != null && pageNumber < 10);
        out.printf("   %s%n", costs.take());

        section("5. why not strings? the same posts sorted as hand-built string keys without padding");
        out.println("   " + data.posts.stream().filter(p -> p.userId().equals(ada.userId()))
                .map(p -> "POST#" + p.postId()).sorted().toList());

        String tag = mostUsedTag(data.posts.stream().filter(p -> p.userId().equals(ada.userId())).toList());
        section("6. a filter DynamoDB evaluates: " + ada.handle() + "'s posts tagged \"" + tag
                + "\", every page read lazily by stream()");
        List<Post> tagged = table.stream(Post.class, ItemQuery.of(q -> q.subtree(adaPath.then("post")).limit(5)
                .filter(Condition.of("contains(#tags, :tag)", Map.of("#tags", "tags"), Map.of(":tag", tag)))
                .named("postsByTag"))).toList();
        out.printf("   tagged %s: %s%n", tag, tagged.stream().map(p -> "post-" + p.postId()).toList());
        out.printf("   %s (a filter saves transfer, not reads: DynamoDB bills the items it reads)%n", costs.take());

        section("7. what each access pattern cost (the table's operation reports, kept by an AccessPatternLedger)");
        CostTable.print(ledger.patterns(), out);
    }

    private static String mostUsedTag(List<Post> posts) {
        return posts.stream().flatMap(p -> p.tags().stream())
                .collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting()))
                .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    private void keySizes(List<Object> items) {
        long keyBytes = 0;
        long stringBytes = 0;
        for (Object item : items) {
            KeyPath path = table.keyPathOf(item);
            keyBytes += path.partitionKey().length + path.sortKey().length;
            stringBytes += StringKeys.size(path);
        }
        out.printf("key bytes for %d items: key paths %d B (%.1f B/item) vs zero-padded string keys %d B (%.1f B/item): %.0f%% smaller%n",
                items.size(), keyBytes, (double) keyBytes / items.size(), stringBytes, (double) stringBytes / items.size(),
                100.0 * (stringBytes - keyBytes) / stringBytes);
    }

    private void section(String title) {
        out.println();
        out.println(title);
    }

    private void printItems(List<Object> items, int max) {
        out.printf("   %-10s %-80s %s%n", "type", "key path  →  pk | sk bytes (hex)", "string key equivalent");
        int shown = 0;
        for (Object item : items) {
            if (shown++ == max) {
                out.printf("   … %d more%n", items.size() - max);
                break;
            }
            KeyPath path = table.keyPathOf(item);
            out.printf("   %-10s %s%n", item.getClass().getSimpleName(), path);
            out.printf("   %-10s %-80s %s%n", "", "  " + HEX.formatHex(path.partitionKey()) + " | " + HEX.formatHex(path.sortKey()),
                    StringKeys.partitionKey(path) + " | " + StringKeys.sortKey(path));
        }
    }
}
