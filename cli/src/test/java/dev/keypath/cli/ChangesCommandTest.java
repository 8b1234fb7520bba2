package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.TableBuilderSettings;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Version;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TableCustomizer;
import dev.keypath.test.TablePer;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code keypath changes} against a real engine's stream (DynamoDB Local). */
@KeyPathDynamoDb(types = {ChangesCommandTest.User.class, ChangesCommandTest.Post.class},
        customizers = ChangesCommandTest.WithStream.class, tablePer = TablePer.METHOD)
class ChangesCommandTest {
    private static final UUID ALICE = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, @Version Long version) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, long postId, String title) {
    }

    /** The test table with a stream of new and old images. */
    static final class WithStream implements TableCustomizer {
        @Override
        public void customize(TableBuilderSettings<?> table) {
            table.streams(StreamViewType.NEW_AND_OLD_IMAGES);
        }
    }

    @Injected
    KeyPathTable table;
    @Injected
    URI endpoint;
    @Injected
    DynamoDbClient client;

    private CliRun changes(String... extra) {
        return CliRun.of(arguments(extra));
    }

    private String[] arguments(String... extra) {
        String[] args = new String[5 + extra.length];
        args[0] = "changes";
        args[1] = "--endpoint";
        args[2] = endpoint.toString();
        args[3] = "--table";
        args[4] = table.tableName();
        System.arraycopy(extra, 0, args, 5, extra.length);
        return args;
    }

    private static JsonNode details(String line) {
        return JSON.readTree(line.split("\t", 4)[3]);
    }

    @Test
    void printsOneLinePerChangeWithKindKeyPathTypeAndImages() {
        User alice = table.put(new User(ALICE, "alice", null));
        table.put(new User(ALICE, "alice b", alice.version()));
        Post post = table.put(new Post(ALICE, 3, "hello"));
        table.delete(post);

        CliRun run = changes();

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<String> lines = run.outLines();
        assertThat(lines).extracting(l -> l.substring(0, l.lastIndexOf('\t'))).containsExactly(
                "INSERT\t/user-" + ALICE + "\tUser",
                "MODIFY\t/user-" + ALICE + "\tUser",
                "INSERT\t/user-" + ALICE + "/post-3\tPost",
                "REMOVE\t/user-" + ALICE + "/post-3\tPost");
        JsonNode modify = details(lines.get(1));
        assertThat(modify.get("old").get("name").get("S").asString()).isEqualTo("alice");
        assertThat(modify.get("new").get("name").get("S").asString()).isEqualTo("alice b");
        assertThat(modify.get("new").has("pk")).isFalse();
        assertThat(modify.get("sequenceNumber").asString()).isNotBlank();
        assertThat(details(lines.get(3)).has("new")).isFalse();
        assertThat(details(lines.get(3)).get("old").get("title").get("S").asString()).isEqualTo("hello");
    }

    @Test
    void withACheckpointFileASecondRunPrintsOnlyWhatCameAfter(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.checkpoint");
        table.put(new Post(ALICE, 1, "one"));
        table.put(new Post(ALICE, 2, "two"));

        CliRun first = changes("--checkpoint", file.toString());
        table.put(new Post(ALICE, 3, "three"));
        CliRun second = changes("--checkpoint", file.toString());
        CliRun third = changes("--checkpoint", file.toString());

        assertThat(first.outLines()).hasSize(2);
        assertThat(Files.readString(file)).startsWith("keypath-checkpoint/1 arn:");
        assertThat(second.outLines()).singleElement().asString().startsWith("INSERT\t/user-" + ALICE + "/post-3\t");
        assertThat(third.outLines()).isEmpty();
        assertThat(third.exitCode()).isZero();
    }

    @Test
    void fromLatestPrintsNothingOfThePast() {
        table.put(new Post(ALICE, 1, "old"));

        CliRun run = changes("--from", "latest");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).isEmpty();
    }

    @Test
    void followKeepsPrintingUntilInterrupted() throws InterruptedException {
        AtomicReference<CliRun> result = new AtomicReference<>();
        StringWriter printed = new StringWriter(); // a StringBuffer inside: safe to read while the run writes
        Thread tail = new Thread(() -> result.set(CliRun.printingTo(printed, "", arguments("--follow"))));
        tail.start();
        Thread.sleep(500); // most likely past the first read, which finds nothing
        table.put(new Post(ALICE, 7, "live"));
        // however long a busy machine takes, the change is printed while the run keeps following
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!printed.toString().contains("/post-7\t") && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(tail.isAlive()).as("still following once the change is printed").isTrue();

        tail.interrupt();
        tail.join(10_000);

        assertThat(tail.isAlive()).isFalse();
        assertThat(result.get().outLines()).singleElement().asString()
                .startsWith("INSERT\t/user-" + ALICE + "/post-7\tPost\t");
    }

    @Test
    void aRecordWhoseKeysAreNotAKeyPathIsAnErrorLineAndTheRestIsPrinted() {
        client.putItem(p -> p.tableName(table.tableName()).item(java.util.Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) 0xff, 1})),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0})))));
        table.put(new Post(ALICE, 1, "fine"));

        CliRun run = changes();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).singleElement().asString().startsWith("INSERT\t/user-" + ALICE + "/post-1\tPost\t");
        assertThat(run.err().lines()).singleElement().asString().startsWith("error: ")
                .contains("Keys pk/sk are not a key path");
    }

    @Test
    void anEmptyMapIsPrintedAsOneThoughTheEngineStreamsItWithoutAType() {
        java.util.Map<String, AttributeValue> key = java.util.Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(dev.keypath.KeyPath.of("user", ALICE).partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(dev.keypath.KeyPath.of("user", ALICE).sortKey())));
        java.util.Map<String, AttributeValue> item = new java.util.HashMap<>(key);
        item.put("_type", AttributeValue.fromS("User"));
        item.put("name", AttributeValue.fromS("alice"));
        item.put("prefs", AttributeValue.fromM(java.util.Map.of()));
        client.putItem(p -> p.tableName(table.tableName()).item(item));

        CliRun run = changes();

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(details(run.outLines().get(0)).get("new").get("prefs").toString()).isEqualTo("{\"M\":{}}");
    }

    @Test
    void aTableWithoutAStreamIsAnError() {
        CliRun run = CliRun.of("changes", "--endpoint", endpoint.toString(), "--table", "no-such-table");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("error: cannot read the stream of table 'no-such-table'")
                .contains("has no stream");
    }

    @Test
    void anUnknownStartIsAUsageError() {
        CliRun run = changes("--from", "yesterday");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("expected trim-horizon or latest, got 'yesterday'");
    }
}
