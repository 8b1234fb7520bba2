package dev.keypath.examples.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.test.TestDynamoDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the README's social example app against the shared real engine and checks what it claims to show. */
class SocialExampleAppTest {
    private static final SampleData DATA = new SampleData(42, 12);
    private static CapacityMeter meter;
    private static KeyPathTable table;
    private static String output;

    @BeforeAll
    static void runTheTour() {
        meter = new CapacityMeter();
        table = KeyPathTables.builder()
                .client(TestDynamoDb.get().clientBuilder().overrideConfiguration(c -> c.addExecutionInterceptor(meter))
                        .build())
                .tableName(TestDynamoDb.uniqueTableName("social"))
                .register(User.class, Post.class, Comment.class, Reaction.class)
                .build();
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        new SocialExampleApp(table, meter, new PrintStream(buffer, true, StandardCharsets.UTF_8)).run(DATA);
        output = buffer.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyItemIsStoredAndTheTimelineIsOneQuery() {
        User ada = DATA.users.get(0);
        long adaItems = DATA.all().stream().filter(o -> table.keyPathOf(o).first().equals(KeyPath.of("user", ada.userId()).first())).count();
        assertThat(output).contains("timeline in ONE query").contains(adaItems + " items (user, posts, comments, reactions)");
        assertThat(output).containsPattern("\\d+ items \\(user, posts, comments, reactions\\) — [0-9.]+ capacity units in 1 request\\n");
    }

    @Test
    void postsPageNewestFirstInNumericOrder() {
        assertThat(output).contains("page 1: [post-12, post-11, post-10, post-9, post-8]")
                .contains("page 2: [post-7, post-6, post-5, post-4, post-3]")
                .contains("page 3: [post-2, post-1]");
        assertThat(output).contains("[POST#1, POST#10, POST#11, POST#12, POST#2");
    }

    @Test
    void commentRangeIsNewestFirstAndStaysInsideItsPost() {
        User ada = DATA.users.get(0);
        List<Comment> shown = output.lines().filter(l -> l.startsWith("   /user-") && l.contains("/comment-") && !l.contains("react"))
                .map(l -> KeyPath.parse(l.trim().split(" ")[0]))
                .map(p -> table.get(Comment.class, p).orElseThrow())
                .toList();
        assertThat(shown).isNotEmpty();
        assertThat(shown).allSatisfy(c -> assertThat(c.userId()).isEqualTo(ada.userId()));
        assertThat(shown.stream().map(Comment::postId).distinct()).hasSize(1);
        assertThat(shown).extracting(Comment::postedAt).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        long expected = table.query(Comment.class, ItemQuery.of(q -> q.subtree(KeyPath.of("user", ada.userId())
                .then("post", shown.get(0).postId()).then("comment")))).items().size();
        assertThat(shown).hasSize((int) expected);
    }

    @Test
    void theFilteredStreamShowsExactlyThePostsWithTheTag() {
        User ada = DATA.users.get(0);
        String line = output.lines().filter(l -> l.startsWith("   tagged ")).findFirst().orElseThrow();
        String tag = line.substring("   tagged ".length(), line.indexOf(':'));
        List<String> expected = DATA.posts.stream()
                .filter(p -> p.userId().equals(ada.userId()) && p.tags().contains(tag))
                .sorted(java.util.Comparator.comparingLong(Post::postId))
                .map(p -> "post-" + p.postId()).toList();
        assertThat(expected).isNotEmpty();
        assertThat(line).endsWith(": " + expected);
    }

    @Test
    void keyPathBytesAreSmallerThanStringKeys() {
        assertThat(output).containsPattern("key paths \\d+ B .* vs zero-padded string keys \\d+ B .*: \\d+% smaller");
        long keyBytes = DATA.all().stream().map(table::keyPathOf).mapToLong(p -> p.partitionKey().length + p.sortKey().length).sum();
        long stringBytes = DATA.all().stream().map(table::keyPathOf).mapToLong(StringKeys::size).sum();
        assertThat(keyBytes).isLessThan(stringBytes);
    }
}
