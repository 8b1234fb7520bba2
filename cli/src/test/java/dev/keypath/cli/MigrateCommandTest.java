package dev.keypath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.test.TestDynamoDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** {@code keypath migrate plan|run|verify} against DynamoDB Local. */
class MigrateCommandTest {
    private static final UUID ALICE = UUID.fromString("4c9d36e5-6b19-4e6a-828c-226ed667458a");
    private static final String MAPPING = """
            {"drop": ["GSI1PK"],
             "entities": [
               {"name": "post", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}",
                "keyPath": "/user-{userId}/post-{postId}", "type": "Post"},
               {"name": "comment", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}#C#{commentId:int}",
                "keyPath": "/user-{userId}/post-{postId}/comment-{commentId}", "type": "Comment"}]}
            """;

    @TempDir
    static Path dir;
    static DynamoDbClient client;
    static String endpoint;
    static Path mapping;

    @BeforeAll
    static void tables() throws Exception {
        TestDynamoDb engine = TestDynamoDb.get();
        client = engine.client();
        endpoint = engine.endpoint().toString();
        mapping = dir.resolve("mapping.json");
        Files.writeString(mapping, MAPPING);
    }

    /** A source of 30 posts with 2 comments each and 3 items of no entity; an empty target. */
    private static String[] tables(String hint) {
        String source = TestDynamoDb.uniqueTableName(hint + "-source");
        String target = TestDynamoDb.uniqueTableName(hint + "-target");
        create(source, "PK", "SK", ScalarAttributeType.S);
        create(target, "pk", "sk", ScalarAttributeType.B);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int p = 1; p <= 30; p++) {
            String post = String.format("POST#%04d", p);
            items.add(Map.of("PK", s("USER#" + ALICE), "SK", s(post), "title", s("post " + p), "GSI1PK", s("x")));
            for (int c = 1; c <= 2; c++) {
                items.add(Map.of("PK", s("USER#" + ALICE), "SK", s(post + "#C#" + c), "text", s("c" + c)));
            }
        }
        for (int l = 0; l < 3; l++) {
            items.add(Map.of("PK", s("ORG#" + l), "SK", s("META"), "name", s("org")));
        }
        items.forEach(item -> client.putItem(b -> b.tableName(source).item(item)));
        return new String[] {source, target};
    }

    private static void create(String table, String pk, String sk, ScalarAttributeType type) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName(pk).attributeType(type).build(),
                        AttributeDefinition.builder().attributeName(sk).attributeType(type).build())
                .keySchema(KeySchemaElement.builder().attributeName(pk).keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName(sk).keyType(KeyType.RANGE).build()));
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static CliRun migrate(String phase, String[] tables, String... more) {
        List<String> args = new ArrayList<>(List.of("migrate", phase, "--endpoint", endpoint, "--source", tables[0],
                "--target", tables[1], "--mapping", mapping.toString(), "--segments", "2"));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void planRunAndVerifyMoveAStringKeyedTable() {
        String[] tables = tables("cli");
        CliRun plan = migrate("plan", tables);
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("scanned 93 source items").containsPattern("post\\s+30\\s+0")
                .containsPattern("comment\\s+60\\s+0").contains("unmatched: 3").contains("PK=ORG#")
                .contains("collisions: 0").contains("90 WCU to write");

        Path checkpoint = dir.resolve("cli-checkpoint.json");
        CliRun run = migrate("run", tables, "--checkpoint", checkpoint.toString(), "--page-size", "10",
                "--write-capacity", "1000");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("90 items written of 93 scanned (3 unmatched, 0 invalid, 0 collisions)");
        assertThat(checkpoint).exists();
        Map<String, AttributeValue> comment = client.getItem(b -> b.tableName(tables[1]).key(Map.of(
                "pk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                        KeyPath.of("user", ALICE).partitionKey())),
                "sk", AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(
                        KeyPath.of("user", ALICE).then("post", 7).then("comment", 2).sortKey()))))).item();
        assertThat(comment.get("_type").s()).isEqualTo("Comment");
        assertThat(comment.get("text").s()).isEqualTo("c2");

        CliRun again = migrate("run", tables, "--checkpoint", checkpoint.toString(), "--page-size", "10");
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).startsWith("resumed from a checkpoint").contains("this run: 0 items");

        CliRun verify = migrate("verify", tables);
        assertThat(verify.exitCode()).as(verify.out()).isZero();
        assertThat(verify.out()).startsWith("clean: 93 source items scanned, 90 move, 0 cannot move; target has 90 items");
    }

    @Test
    void verifyFindsAMissingAndAChangedItemAndPlanFlagsACollision() {
        String[] tables = tables("cli-bad");
        assertThat(migrate("run", tables).exitCode()).isZero();
        client.putItem(b -> b.tableName(tables[0]).item(Map.of("PK", s("USER#" + ALICE), "SK", s("POST#7"),
                "title", s("post 7 again"))));
        client.putItem(b -> b.tableName(tables[0]).item(Map.of("PK", s("USER#" + ALICE), "SK", s("POST#0031"),
                "title", s("new"))));
        client.updateItem(b -> b.tableName(tables[0]).key(Map.of("PK", s("USER#" + ALICE), "SK", s("POST#0003")))
                .updateExpression("SET title = :t").expressionAttributeValues(Map.of(":t", s("edited"))));

        CliRun verify = migrate("verify", tables);
        assertThat(verify.exitCode()).isEqualTo(1);
        assertThat(verify.out()).startsWith("NOT clean").contains("SK=POST#0031 -> /user-" + ALICE + "/post-31: missing")
                .contains("SK=POST#0003 -> /user-" + ALICE + "/post-3: different: title differs");

        CliRun plan = migrate("plan", tables);
        assertThat(plan.exitCode()).isEqualTo(1);
        assertThat(plan.out()).contains("collisions: 1").contains("/user-" + ALICE + "/post-7 <- ");
    }

    @Test
    void aRunThatMeetsACollisionWritesTheFirstAndExitsOneWithTheCount() {
        String[] tables = tables("cli-collide");
        client.putItem(b -> b.tableName(tables[0]).item(Map.of("PK", s("USER#" + ALICE), "SK", s("POST#7"),
                "title", s("post 7 again"))));

        CliRun run = migrate("run", tables, "--page-size", "5");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("90 items written of 94 scanned (3 unmatched, 0 invalid, 1 collisions)")
                .contains("/user-" + ALICE + "/post-7 <- ");
        assertThat(run.err()).contains("error: 1 collisions (not written)");
    }

    @Test
    void aTargetThatIsNotAKeyPathTableStopsEveryPhaseBeforeItReads() {
        String[] tables = tables("cli-target");
        for (String phase : List.of("plan", "run", "verify")) {
            CliRun run = migrate(phase, new String[] {tables[0], tables[0] + "-missing"});
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).startsWith("error: The target table '" + tables[0] + "-missing' does not exist");
        }
    }

    @Test
    void aBadMappingFileIsAUsageErrorNamingTheEntityAndPosition() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, """
                {"entities": [{"name": "post", "pk": "USER#{userId:uuid", "sk": "P", "keyPath": "/u-{userId}",
                               "type": "Post"}]}""");
        CliRun run = CliRun.of("migrate", "plan", "--endpoint", endpoint, "--source", "s", "--target", "t",
                "--mapping", bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("error: ").contains("entity 'post'").contains("pk")
                .contains("position 5 of \"USER#{userId:uuid\"").contains("never closed");
    }

    @Test
    void aCheckpointOfAnotherMigrationIsRefused() throws Exception {
        String[] tables = tables("cli-cp");
        Path checkpoint = dir.resolve("other-checkpoint.json");
        assertThat(migrate("run", tables, "--checkpoint", checkpoint.toString()).exitCode()).isZero();
        CliRun other = CliRun.of("migrate", "run", "--endpoint", endpoint, "--source", tables[0], "--target",
                tables[1], "--mapping", mapping.toString(), "--segments", "3", "--checkpoint", checkpoint.toString());
        assertThat(other.exitCode()).isEqualTo(1);
        assertThat(other.err()).contains("error: the checkpoint has 2 segments; resume with --segments 2");
    }

    @Test
    void migrateWithoutAPhaseIsAUsageError() {
        CliRun run = CliRun.of("migrate");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required subcommand");
    }
}
