package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemHistory;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SchemaHistory;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code keypath migrate rewrite} against DynamoDB Local: items of version 1 rewritten at version 2, resumably, with
 * progress on standard error and a report that counts every item.
 */
class MigrateRewriteCommandTest {
    @ItemType(keyPath = "/tag-{id}", name = "Tag")
    record TagV1(long id, String label) {
    }

    @ItemType(keyPath = "/tag-{id}", name = "Tag", version = 2)
    record TagV2(long id, String name) {
        @SchemaHistory
        static ItemHistory history() {
            return ItemHistory.of(h -> h.version(2, v -> v.renamed("label", "name")));
        }
    }

    @TempDir
    Path dir;

    @Test
    void rewritesEveryItemOfTheTypeAndReportsIt() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        String table = TestDynamoDb.uniqueTableName("cli-rewrite");
        KeyPathTable v1 = KeyPathTables.builder().client(engine.client()).tableName(table).register(TagV1.class)
                .build();
        v1.bootstrap();
        for (long i = 1; i <= 30; i++) {
            v1.put(new TagV1(i, "tag " + i));
        }
        Path checkpoint = dir.resolve("rewrite.json");
        CliRun run = CliRun.of("migrate", "rewrite", "--endpoint", engine.endpoint().toString(), "--table", table,
                "--type", TagV2.class.getName(), "--segments", "2", "--page-size", "7", "--checkpoint",
                checkpoint.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("rewrite of Tag to version 2")
                .contains("scanned          31") // and the layout record
                .contains("rewritten        30 (30 by this run)").contains("already current  0");
        assertThat(run.err()).as("progress on standard error").contains("rewrite: 31 ")
                .contains("30 rewritten");
        assertThat(Files.readString(checkpoint)).contains("rewrite Tag to version 2");
        Map<String, AttributeValue> item = engine.client().getItem(b -> b.tableName(table).key(Map.of(
                "pk", AttributeValue.fromB(SdkBytes.fromByteArray(KeyPath.of("tag", 3).partitionKey())),
                "sk", AttributeValue.fromB(SdkBytes.fromByteArray(KeyPath.of("tag", 3).sortKey()))))).item();
        assertThat(item).containsEntry("name", AttributeValue.fromS("tag 3")).containsEntry("_kp_v",
                AttributeValue.fromN("2")).doesNotContainKey("label");

        CliRun again = CliRun.of("migrate", "rewrite", "--endpoint", engine.endpoint().toString(), "--table", table,
                "--type", TagV2.class.getName(), "--segments", "2", "--checkpoint", checkpoint.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("(resumed)").contains("(0 by this run)");
    }

    @Test
    void aTypeThatCannotBeLoadedIsAUsageError() {
        CliRun run = CliRun.of("migrate", "rewrite", "--endpoint", TestDynamoDb.get().endpoint().toString(),
                "--table", "t", "--type", "com.example.Missing");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("cannot load type com.example.Missing");
    }
}
