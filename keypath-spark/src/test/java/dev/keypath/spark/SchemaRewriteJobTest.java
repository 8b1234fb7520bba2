package dev.keypath.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import dev.keypath.migrate.RewriteRun;
import dev.keypath.migrate.SchemaRewrite;
import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema rewrite as a Spark job against keypath-migrate's single-machine rewrite of an identical table: the same
 * items after, item for item; a second run rewriting nothing; the verification finding every item current.
 */
class SchemaRewriteJobTest {
    @ItemType(keyPath = "/member-{id}")
    record Member(long id, String name, String nick) {
    }

    static final int ITEMS = LocalSpark.ITEMS;
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.session();
    }

    /** A table of members, one in three stored as an older build stored a null nick ({@code NULL}). */
    static KeyPathTable filled(String hint) {
        EngineProcess.ensure();
        KeyPathTable table = KeyPathTables.builder().client(TestDynamoDb.get().client())
                .tableName(TestDynamoDb.uniqueTableName(hint)).register(Member.class).build();
        table.bootstrap();
        List<Object> members = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            members.add(new Member(i, "m" + i, null));
        }
        for (int from = 0; from < members.size(); from += 500) {
            List<Object> chunk = members.subList(from, Math.min(members.size(), from + 500));
            table.batchWrite(w -> chunk.forEach(w::put));
        }
        for (int i = 0; i < ITEMS; i += 3) {
            KeyPath path = KeyPath.of("member", i);
            table.client().updateItem(r -> r.tableName(table.tableName()).key(Map.of(
                    StoredItemLayout.PARTITION_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.partitionKey())),
                    StoredItemLayout.SORT_KEY, AttributeValue.fromB(SdkBytes.fromByteArray(path.sortKey()))))
                    .updateExpression("SET nick = :null").expressionAttributeValues(Map.of(":null",
                            AttributeValue.fromNul(true))));
        }
        return table;
    }

    static Map<String, Map<String, AttributeValue>> stored(String table) {
        Map<String, Map<String, AttributeValue>> out = new HashMap<>();
        for (var item : Blog.scan(table)) {
            if (!StoredItemLayout.isInternalItem(item)) {
                out.put(StoredItemLayout.keyPathOf(item).toString(), item);
            }
        }
        return out;
    }

    @Test
    void theJobRewritesAsTheSingleMachineRewriteAndARerunRewritesNothing() {
        try (KeyPathTable byTool = filled("spark-rewrite-tool"); KeyPathTable byJob = filled("spark-rewrite-job")) {
            long t0 = System.nanoTime();
            RewriteRun tool = SchemaRewrite.builder().client(byTool.client()).table(byTool.tableName())
                    .type(byTool.schema(Member.class)).segments(4).build().run();
            double toolSeconds = (System.nanoTime() - t0) / 1e9;
            TableSpec spec = LocalSpark.table(byJob.tableName(), Member.class);
            t0 = System.nanoTime();
            SchemaRewriteJobRun run = SchemaRewriteJob.of(spark, spec, Member.class).segments(4).run();
            double jobSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("schema rewrite of %d items: single machine %.1f s, Spark local[2] %.1f s; %s%n",
                    ITEMS, toolSeconds, jobSeconds, run.describe());
            assertThat(run.ofType()).isEqualTo(ITEMS);
            assertThat(run.rewritten()).isEqualTo((ITEMS + 2) / 3);
            assertThat(stored(byJob.tableName())).isEqualTo(stored(byTool.tableName()));
            assertThat(tool).isNotNull();

            SchemaRewriteJobRun again = SchemaRewriteJob.of(spark, spec, Member.class).segments(3).run();
            assertThat(again.rewritten()).isZero();
            assertThat(again.writeUnits()).isZero();
            assertThat(again.current()).isEqualTo(ITEMS);
            SchemaRewriteJobRun check = SchemaRewriteJob.of(spark, spec, Member.class).verify();
            assertThat(check.clean()).isTrue();
            assertThat(check.ofType()).isEqualTo(ITEMS);
        }
    }

    @Test
    void aTaskKilledWhileRewritingIsRunAgainAndNothingIsLostOrDuplicated() {
        try (KeyPathTable table = filled("spark-rewrite-killed")) {
            Map<String, Map<String, AttributeValue>> before = stored(table.tableName());
            TableSpec spec = TableSpec.of(LocalSpark.engine().interceptor(FirstAttemptFault.class),
                    table.tableName()).register(Member.class);
            FirstAttemptFault.arm("UpdateItem");
            SchemaRewriteJobRun run;
            try {
                run = SchemaRewriteJob.of(spark, spec, Member.class).segments(4).run();
            } finally {
                FirstAttemptFault.disarm();
            }
            assertThat(FirstAttemptFault.kills()).isEqualTo(1);
            System.out.println("with a task killed: " + run.describe());

            assertThat(run.ofType()).isEqualTo(ITEMS);
            // the killed attempt's one rewrite is found current by the attempt that replaced it
            assertThat(run.rewritten()).isEqualTo((ITEMS + 2) / 3 - 1);
            SchemaRewriteJobRun check = SchemaRewriteJob.of(spark, spec, Member.class).verify();
            assertThat(check.clean()).isTrue();
            Map<String, Map<String, AttributeValue>> after = stored(table.tableName());
            assertThat(after.keySet()).isEqualTo(before.keySet()).hasSize(ITEMS);
            after.forEach((path, item) -> assertThat(item.get("name")).isEqualTo(before.get(path).get("name")));
        }
    }
}
