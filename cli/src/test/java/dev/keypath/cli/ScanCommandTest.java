package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.KeyRange;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code keypath scan} against a real engine (DynamoDB Local, or LocalStack when asked). */
@KeyPathDynamoDb(types = {ScanCommandTest.User.class, ScanCommandTest.Post.class, ScanCommandTest.Comment.class,
    ScanCommandTest.BytesPost.class})
class ScanCommandTest {
    private static final UUID ALICE = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    private static final UUID BOB = UUID.fromString("00000000-0000-4000-8000-000000000001");
    /** Bytes whose segment encoding equals the integer id 3's: the same bytes at the same position. */
    private static final byte[] LOOKS_LIKE_THREE = {0x08, 0x03};

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, long postId, String title) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{commentId}")
    record Comment(UUID userId, long postId, long commentId, String text) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{raw}", name = "BytesPost")
    record BytesPost(UUID userId, byte[] raw, String title) {
    }

    @Injected
    private static KeyPathTable scanned;
    @Injected
    private static URI engineEndpoint;
    @Injected
    private static DynamoDbClient client;
    private static String table;
    private static String endpoint;

    @BeforeAll
    static void fill() {
        table = scanned.tableName();
        endpoint = engineEndpoint.toString();
        scanned.put(new User(ALICE, "alice"));
        scanned.put(new Post(ALICE, 3, "three"));
        scanned.put(new Comment(ALICE, 3, 1, "first"));
        scanned.put(new BytesPost(ALICE, LOOKS_LIKE_THREE, "bytes"));
        scanned.put(new Post(ALICE, 4, "four"));
        scanned.put(new User(BOB, "bob"));
        scanned.put(new Post(BOB, 3, "bob's three"));
    }

    private static CliRun scan(String... extra) {
        String[] args = new String[4 + extra.length];
        args[0] = "scan";
        args[1] = "--endpoint=" + endpoint;
        args[2] = "--table";
        args[3] = table;
        System.arraycopy(extra, 0, args, 4, extra.length);
        return CliRun.of(args);
    }

    private static String alice(String rest) {
        return "/user-" + ALICE + rest;
    }

    @Test
    void prefixListsExactlyTheSubtreeInKeyOrder() {
        CliRun run = scan("--prefix", alice("/post-3"));

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly(alice("/post-3") + "\tPost", alice("/post-3/comment-1") + "\tComment");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void prefixBytesIdWithTheSameSegmentBytesIsReturnedByTheQueryButNotListed() {
        KeyRange range = KeyRange.subtree(KeyPath.parse(alice("/post-3")));
        List<Map<String, AttributeValue>> raw = client.query(QueryRequest.builder()
                .tableName(table).keyConditionExpression("pk = :pk AND sk BETWEEN :lo AND :hi")
                .expressionAttributeValues(Map.of(":pk", bytes(range.partitionKey()),
                        ":lo", bytes(range.lowerSortKey()), ":hi", bytes(range.upperSortKey())))
                .build()).items();

        assertThat(raw).extracting(i -> i.get("_type").s()).contains("BytesPost");
        assertThat(scan("--prefix", alice("/post-3")).out()).doesNotContain("BytesPost");
    }

    @Test
    void prefixOfOneElementListsThePartition() {
        CliRun run = scan("--prefix", alice(""));

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(5).first().isEqualTo(alice("") + "\tUser");
        assertThat(run.outLines()).allMatch(l -> l.startsWith(alice(""))).anyMatch(l -> l.endsWith("\tBytesPost"));
    }

    @Test
    void prefixOfACollectionListsItsMembers() {
        CliRun run = scan("--prefix", alice("/post"));

        assertThat(run.outLines()).contains(alice("/post-3") + "\tPost", alice("/post-4") + "\tPost",
                alice("/post-3/comment-1") + "\tComment").noneMatch(l -> l.endsWith("\tUser"));
    }

    @Test
    void noPrefixScansTheWholeTable() {
        CliRun run = scan();

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(7 + 1).contains("/_kp_layout-table\t_kp_layout",
                alice("") + "\tUser", "/user-" + BOB + "/post-3\tPost",
                alice("/post-3/comment-1") + "\tComment");
    }

    @Test
    void jsonEachLineParsesBackWithKeysAndTypedAttributes() {
        CliRun run = scan("--json", "--prefix", alice("/post-3"));
        JsonMapper mapper = JsonMapper.builder().build();

        List<JsonNode> lines = run.outLines().stream().map(mapper::readTree).toList();

        assertThat(run.exitCode()).isZero();
        assertThat(lines).hasSize(2);
        JsonNode post = lines.get(0);
        KeyPath path = KeyPath.parse(alice("/post-3"));
        assertThat(post.get("keyPath").asString()).isEqualTo(path.toString());
        assertThat(post.get("type").asString()).isEqualTo("Post");
        assertThat(post.get("pk").asString()).isEqualTo(KeyBytes.hex(path.partitionKey()));
        assertThat(post.get("sk").asString()).isEqualTo(KeyBytes.hex(path.sortKey()));
        assertThat(post.get("attributes").get("title").get("S").asString()).isEqualTo("three");
        assertThat(post.get("attributes").has("pk")).isFalse();
    }

    @Test
    void corruptKeyGivesAnErrorLineAndExitOneAndTheScanGoesOn() {
        String corrupt = TestDynamoDb.uniqueTableName("scan-corrupt");
        KeyPathTable t = KeyPathTables.builder().client(client).tableName(corrupt)
                .register(User.class).build();
        t.bootstrap();
        t.put(new User(ALICE, "alice"));
        client.putItem(p -> p.tableName(corrupt).item(Map.of(
                "pk", bytes(new byte[] {(byte) 0xff, 0x00, 0x7f}), "sk", bytes(new byte[] {0x01}),
                "_type", AttributeValue.fromS("Junk"))));

        CliRun run = CliRun.of("scan", "--endpoint", endpoint, "--table", corrupt);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).containsExactly(alice("") + "\tUser", "/_kp_layout-table\t_kp_layout");
        assertThat(run.err().lines()).singleElement().asString().startsWith("error: pk=ff007f sk=01: ")
                .contains("offset");
    }

    @Test
    void missingTableIsExitOneWithAnErrorOnStderr() {
        CliRun run = CliRun.of("scan", "--endpoint", endpoint, "--table", "kp-no-such-table");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("error: cannot read table 'kp-no-such-table'");
    }

    @Test
    void badArgumentsAreUsageErrorsTwo() {
        assertThat(CliRun.of("scan", "--endpoint", endpoint).exitCode()).isEqualTo(2);
        assertThat(CliRun.of("scan", "--table", "t").exitCode()).isEqualTo(2);
        CliRun badPrefix = CliRun.of("scan", "--endpoint", endpoint, "--table", table, "--prefix", "user-1");
        assertThat(badPrefix.exitCode()).isEqualTo(2);
        assertThat(badPrefix.err()).contains("Invalid value for option '--prefix'");
        CliRun badEndpoint = CliRun.of("scan", "--endpoint", "localhost:8000", "--table", table);
        assertThat(badEndpoint.exitCode()).isEqualTo(2);
        assertThat(badEndpoint.err()).contains("expected an http or https URL");
        assertThat(CliRun.of("scan", "--endpoint", endpoint, "--table", table, "--bogus").exitCode()).isEqualTo(2);
    }

    @Test
    void helpDocumentsTheCommand() {
        CliRun top = CliRun.of("--help");
        CliRun run = CliRun.of("help", "scan");

        assertThat(top.out()).contains("scan");
        assertThat(run.out()).contains("--endpoint=URL").contains("--table=NAME").contains("--prefix=PATH")
                .contains("--json").contains("--region=R").contains("sk BETWEEN").contains("Exit status:")
                .contains("local/local");
    }

    private static AttributeValue bytes(byte[] b) {
        return AttributeValue.fromB(SdkBytes.fromByteArray(b));
    }
}
