package dev.keypath.examples.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.micrometer.ledger.AccessPatternLedger;
import dev.keypath.micrometer.ledger.PatternFigures;
import dev.keypath.test.TestDynamoDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the README's social example app against the shared real engine and checks what it claims to show. */
class SocialExampleAppTest {
    private static final SampleData DATA = new SampleData(42, 12);
    private static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();
    private static AccessPatternLedger ledger;
    private static KeyPathTable table;
    private static String output;
    private static List<PatternFigures> patterns;

    @BeforeAll
    static void runTheTour() {
        ledger = AccessPatternLedger.create();
        table = KeyPathTables.builder()
                .client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName("social"))
                .register(User.class, Post.class, Comment.class, Reaction.class)
                .operationListener(report -> {
                    REPORTS.add(report);
                    ledger.onOperation(report);
                })
                .build();
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        new SocialExampleApp(table, ledger, new PrintStream(buffer, true, StandardCharsets.UTF_8)).run(DATA);
        output = buffer.toString(StandardCharsets.UTF_8);
        patterns = ledger.patterns();
    }

    /** The cost table's rows, by access pattern: the columns after the name. */
    private static Map<String, String[]> costRows() {
        List<String> lines = output.lines().toList();
        int header = lines.indexOf(CostTable.HEADER);
        assertThat(header).as("the cost table's header").isNotNegative();
        Map<String, String[]> rows = new LinkedHashMap<>();
        Pattern row = Pattern.compile("^(.*?)" + "\\s+(\\S+)".repeat(9) + "$");
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isBlank()) {
                break; // the notes under the table
            }
            Matcher m = row.matcher(line.trim());
            assertThat(m.matches()).as("a row of the cost table: %s", line).isTrue();
            String[] columns = new String[9];
            for (int i = 0; i < 9; i++) {
                columns[i] = m.group(i + 2);
            }
            rows.put(m.group(1), columns);
        }
        return rows;
    }

    @Test
    void theTourEndsWithTheCostOfEveryAccessPattern() {
        Map<String, String[]> rows = costRows();
        assertThat(rows.keySet()).containsAll(List.of("timeline", "postThread", "commentsBetween",
                "postsNewestFirst", "postsByTag"));
        assertThat(rows.keySet()).containsExactlyElementsOf(patterns.stream().map(PatternFigures::accessPattern)
                .toList());
        for (PatternFigures f : patterns) {
            String[] row = rows.get(f.accessPattern());
            long calls = REPORTS.stream().filter(r -> r.accessPattern().equals(f.accessPattern())).count();
            assertThat(Long.parseLong(row[0])).as("calls of %s", f.accessPattern()).isEqualTo(calls);
            double rcu = REPORTS.stream().filter(r -> r.accessPattern().equals(f.accessPattern()))
                    .mapToDouble(r -> r.capacity().readUnits()).sum();
            assertThat(Double.parseDouble(row[1])).as("RCU of %s", f.accessPattern()).isCloseTo(rcu, within(0.05));
            long asked = REPORTS.stream().filter(r -> r.accessPattern().equals(f.accessPattern()))
                    .mapToLong(OperationReport::itemsAsked).sum();
            long read = REPORTS.stream().filter(r -> r.accessPattern().equals(f.accessPattern()))
                    .mapToLong(OperationReport::itemsRead).sum();
            long returned = REPORTS.stream().filter(r -> r.accessPattern().equals(f.accessPattern()))
                    .mapToLong(OperationReport::itemsReturned).sum();
            boolean writes = Set.of(OperationKind.PUT, OperationKind.UPDATE, OperationKind.DELETE,
                    OperationKind.BATCH_WRITE, OperationKind.BATCH_PUT_STORED, OperationKind.TRANSACT_WRITE)
                    .contains(f.kind());
            assertThat(row[5]).as("Limit asked by %s", f.accessPattern()).isEqualTo(asked == 0 ? "-" : asked + "");
            assertThat(row[6]).as("items read by %s", f.accessPattern()).isEqualTo(writes ? "-" : read + "");
            assertThat(row[7]).as("items returned by %s", f.accessPattern()).isEqualTo(writes ? "-" : returned + "");
            assertThat(row[8]).as("read ÷ returned of %s", f.accessPattern()).isEqualTo(writes || returned == 0 ? "-"
                    : String.format(Locale.ROOT, "%.2f", (double) read / returned));
        }
        for (String query : List.of("timeline", "postThread", "commentsBetween", "postsNewestFirst", "postsByTag")) {
            assertThat(Double.parseDouble(rows.get(query)[1])).as("RCU of %s", query).isPositive();
            assertThat(Double.parseDouble(rows.get(query)[3])).as("p50 of %s", query).isPositive();
            assertThat(Double.parseDouble(rows.get(query)[4])).as("p99 of %s", query)
                    .isGreaterThanOrEqualTo(Double.parseDouble(rows.get(query)[3]));
        }
        assertThat(Long.parseLong(rows.get("postsNewestFirst")[0])).isEqualTo(3); // three pages
        assertThat(rows.get("postsNewestFirst")[6]).as("the posts' index: no comment or reaction read").isEqualTo("12");
        assertThat(rows.get("postsNewestFirst")[7]).as("the posts the index returned").isEqualTo("12");
        String write = rows.keySet().stream().filter(n -> n.endsWith(".batchWrite")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(rows.get(write)[2])).as("WCU of the load").isPositive();
        assertThat(rows.get(write)[8]).as("no read ÷ returned on a write").isEqualTo("-");
        String[] tagged = rows.get("postsByTag");
        assertThat(Long.parseLong(tagged[5])).as("postsByTag asks DynamoDB for items by Limit").isPositive();
        assertThat(Long.parseLong(tagged[6])).as("a filter reads more than it returns")
                .isGreaterThan(Long.parseLong(tagged[7]));
        assertThat(output).as("the timings say what they hold")
                .contains("p50 and p99 include each access pattern's first call");
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
