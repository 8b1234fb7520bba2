package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.ItemQuery;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.Sharded;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keypath migrate reshard} against DynamoDB Local: events moved from 2 shards to 8, resumably; a type that
 * declares no re-shard is a usage error naming it.
 */
class MigrateReshardCommandTest {
    @ItemType(keyPath = "/log-{log}/line-{lineId}", name = "Line")
    @Sharded(count = 2, by = "lineId")
    record LineAt2(String log, long lineId) {
    }

    @ItemType(keyPath = "/log-{log}/line-{lineId}", name = "Line")
    @Sharded(count = 8, by = "lineId", formerCount = 2)
    record LineFrom2To8(String log, long lineId) {
    }

    @TempDir
    Path dir;

    @Test
    void movesEveryItemOfTheTypeAndReportsIt() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        String table = TestDynamoDb.uniqueTableName("cli-reshard");
        KeyPathTable at2 = KeyPathTables.builder().client(engine.client()).tableName(table).register(LineAt2.class)
                .layoutRefresh(Duration.ofMillis(100)).build(); // the switch comes soon after the run announces it
        at2.bootstrap();
        for (long i = 1; i <= 30; i++) {
            at2.put(new LineAt2("l", i));
        }
        Path checkpoint = dir.resolve("reshard.json");
        CliRun run = CliRun.of("migrate", "reshard", "--endpoint", engine.endpoint().toString(), "--table", table,
                "--type", LineFrom2To8.class.getName(), "--segments", "2", "--page-size", "7", "--checkpoint",
                checkpoint.toString(), "--clock-margin-ms", "50");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("re-shard of Line from 2 to 8 shards").containsPattern("moved +2[0-9] ")
                .contains("recorded in the table");
        assertThat(Files.readString(checkpoint)).contains("reshard Line from 2 to 8 shards");
        KeyPathTable at8 = KeyPathTables.builder().client(engine.client()).tableName(table)
                .register(LineFrom2To8.class).build();
        assertThat(at8.stream(LineFrom2To8.class, ItemQuery.of(q -> q.subtree(KeyPath.of("log", "l"))))
                .map(LineFrom2To8::lineId).toList()).isEqualTo(LongStream.rangeClosed(1, 30).boxed().toList());

        CliRun notResharded = CliRun.of("migrate", "reshard", "--endpoint", engine.endpoint().toString(), "--table",
                table, "--type", LineAt2.class.getName());
        assertThat(notResharded.exitCode()).isEqualTo(2);
        assertThat(notResharded.err()).contains("declares no re-shard");
    }
}
