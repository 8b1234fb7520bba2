package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.TestDynamoDb;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** {@code keypath export} and {@code keypath import} against a real engine (DynamoDB Local, or LocalStack when asked). */
@KeyPathDynamoDb(types = {ExportImportCommandTest.User.class, ExportImportCommandTest.Post.class})
class ExportImportCommandTest {
    private static final int POSTS = 150;
    /** The table's layout record, which an export carries and an import writes with the items. */
    private static final int LAYOUT_RECORD = 1;

    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, Set<String> roles) {
    }

    @ItemType(keyPath = "/user-{userId}/post-{postId}")
    record Post(UUID userId, long postId, String title, BigDecimal score, byte[] body, Map<String, Object> meta) {
    }

    @Injected
    private static KeyPathTable source;
    @Injected
    private static URI engineEndpoint;
    @Injected
    private static DynamoDbClient client;
    @TempDir
    Path dir;

    @BeforeAll
    static void fill() {
        UUID user = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
        source.put(new User(user, "alice", Set.of("admin", "writer")));
        for (int i = 0; i < POSTS; i++) {
            source.put(new Post(user, i, "post " + i, new BigDecimal("0.000000000000000000001").multiply(
                    BigDecimal.valueOf(i)), new byte[] {(byte) i, 0}, Map.of("n", i, "tags", List.of("a", "b"))));
        }
        KeyPath raw = KeyPath.of("raw", 1);
        client.putItem(r -> r.tableName(source.tableName()).item(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(raw.partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(raw.sortKey())),
                "ss", AttributeValue.fromSs(List.of("x", "y")), "ns", AttributeValue.fromNs(List.of("1", "2.5")),
                "bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {9}))),
                "nul", AttributeValue.fromNul(true), "bool", AttributeValue.fromBool(true))));
    }

    private static Map<String, Map<String, AttributeValue>> scan(String table) {
        Map<String, Map<String, AttributeValue>> byKey = new HashMap<>();
        client.scanPaginator(ScanRequest.builder().tableName(table).consistentRead(true).build()).items()
                .forEach(i -> byKey.put(KeyBytes.hex(i.get("pk").b().asByteArray()) + "/"
                        + KeyBytes.hex(i.get("sk").b().asByteArray()), i));
        return byKey;
    }

    private static String endpoint() {
        return engineEndpoint.toString();
    }

    private CliRun export() {
        return CliRun.of("export", "--endpoint", endpoint(), "--table", source.tableName(), "--out", dir.toString());
    }

    @Test
    void exportThenImportIntoANewTableGivesTheSameItems() {
        CliRun exported = export();
        String copy = TestDynamoDb.uniqueTableName("cli-import");
        Path checkpoint = dir.resolve("import.checkpoint");

        CliRun imported = CliRun.of("import", "--endpoint", endpoint(), "--table", copy, "--in", dir.toString(),
                "--create-table", "--checkpoint", checkpoint.toString());

        assertThat(exported.exitCode()).as(exported.err()).isZero();
        assertThat(exported.outLines()).singleElement().satisfies(l -> assertThat(Path.of(l))
                .isDirectory().hasParent(dir.resolve("AWSDynamoDB")));
        assertThat(exported.err()).contains("exported " + (POSTS + 2 + LAYOUT_RECORD) + " items in ");
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(imported.outLines()).singleElement().asString().startsWith("imported " + (POSTS + 2 + LAYOUT_RECORD)
                + " items from export ");
        assertThat(imported.err()).contains("imported " + (POSTS + 2 + LAYOUT_RECORD) + " items in ");
        assertThat(checkpoint).exists();
        Map<String, Map<String, AttributeValue>> original = scan(source.tableName());
        Map<String, Map<String, AttributeValue>> copied = scan(copy);
        assertThat(copied.keySet()).isEqualTo(original.keySet());
        original.forEach((key, item) -> assertThat(copied.get(key)).isEqualTo(item));

        CliRun again = CliRun.of("import", "--endpoint", endpoint(), "--table", copy, "--in", dir.toString(),
                "--checkpoint", checkpoint.toString());
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).startsWith("imported 0 items from export ").contains("(" + (POSTS + 2 + LAYOUT_RECORD)
                + " already stored by an earlier run)");
    }

    @Test
    void aDamagedExportIsExitOneNamingFileAndLineAndWritesNothing() throws IOException {
        assertThat(export().exitCode()).isZero();
        Path data;
        try (Stream<Path> files = Files.walk(dir)) {
            data = files.filter(p -> p.toString().endsWith(".json.gz")).filter(p -> p.toFile().length() > 100)
                    .findFirst().orElseThrow();
        }
        Files.writeString(data, "{\"Item\": not gzip}\n");
        String copy = TestDynamoDb.uniqueTableName("cli-damaged");

        CliRun run = CliRun.of("import", "--endpoint", endpoint(), "--table", copy, "--in", dir.toString(),
                "--create-table");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("error: data/" + data.getFileName() + ": not gzip");
        assertThat(client.listTables().tableNames()).doesNotContain(copy);
    }

    @Test
    void aStringKeyedTableIsNotExportedAndNothingIsWritten() throws IOException {
        String strings = TestDynamoDb.uniqueTableName("cli-strings");
        client.createTable(b -> b.tableName(strings)
                .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"))
                .keySchema(k -> k.attributeName("PK").keyType("HASH")));

        CliRun run = CliRun.of("export", "--endpoint", endpoint(), "--table", strings, "--out", dir.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("error: cannot export table '" + strings + "': ").contains("pk HASH (B)");
        try (var written = Files.list(dir)) {
            assertThat(written).isEmpty();
        }
    }

    @Test
    void aMissingTableIsExitOneWithAnErrorOnStderr() {
        CliRun run = CliRun.of("export", "--endpoint", endpoint(), "--table", "kp-no-such-table", "--out",
                dir.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("error: cannot export table 'kp-no-such-table'");
    }

    @Test
    void importWithoutAnExportIsExitOne() {
        CliRun run = CliRun.of("import", "--endpoint", endpoint(), "--table", source.tableName(), "--in",
                dir.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("error: manifest-summary.json: not found in ");
    }

    @Test
    void badArgumentsAreUsageErrorsTwo() {
        assertThat(CliRun.of("export", "--endpoint", endpoint(), "--table", "t").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("import", "--endpoint", endpoint(), "--table", "t").exitCode()).isEqualTo(2);
        CliRun badEndpoint = CliRun.of("export", "--endpoint", "localhost:8000", "--table", "t", "--out", "x");
        assertThat(badEndpoint.exitCode()).isEqualTo(2);
        assertThat(badEndpoint.err()).contains("expected an http or https URL");
        CliRun badSegments = CliRun.of("export", "--endpoint", endpoint(), "--table", "t", "--out", "x",
                "--segments", "0");
        assertThat(badSegments.exitCode()).isEqualTo(2);
        assertThat(badSegments.err()).contains("--segments");
    }

    @Test
    void helpDocumentsBothCommands() {
        CliRun top = CliRun.of("--help");

        assertThat(top.out()).contains("export").contains("import");
        assertThat(CliRun.of("help", "export").out()).contains("--out=DIR").contains("--segments=N")
                .contains("manifest-files.json").contains("Exit status:");
        assertThat(CliRun.of("help", "import").out()).contains("--in=DIR").contains("--checkpoint=FILE")
                .contains("--create-table").contains("goes on where it stopped");
    }
}
