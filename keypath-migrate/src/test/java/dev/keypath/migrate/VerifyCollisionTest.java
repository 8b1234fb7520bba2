package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The verification of key paths that two source items map to. Which of the two a run writes depends on how far
 * each segment had got, in this run or in an earlier, stopped one; which the verification reads first depends on
 * its own scan. The target item is compared with the source item that wrote it, whichever that is; the other is the
 * collision. And every kind of finding has its examples, however many of another kind the scan met first.
 */
class VerifyCollisionTest {
    static final String LOWER = "USER#" + SocialTable.user(3);
    static final String UPPER = "USER#" + SocialTable.user(3).toString().toUpperCase();
    static final String POST_2 = "/user-" + SocialTable.user(3) + "/post-2";

    @Test
    void theTargetItemOfACollisionIsComparedWithTheSourceItemThatWroteItWhicheverTheScanReadsFirst() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String source = SocialTable.uniqueTable("verify-collision-source");
        String target = SocialTable.uniqueTable("verify-collision-target");
        SocialTable.createSource(client, source);
        SocialTable.createTarget(client, target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int p = 1; p <= 20; p++) {
            items.add(CollisionAcrossPagesTest.post(LOWER, String.format("POST#%04d", p), "post " + p));
        }
        Map<String, AttributeValue> lower = CollisionAcrossPagesTest.post(LOWER, "POST#0002", "post 2");
        Map<String, AttributeValue> upper = CollisionAcrossPagesTest.post(UPPER, "POST#0002", "post 2 again");
        items.add(upper);
        SocialTable.load(client, source, items);
        // the item of the pair that a scan of one segment reads first, and the other
        boolean lowerFirst = firstOf(client, source, lower, upper) == lower;
        Map<String, AttributeValue> readFirst = lowerFirst ? lower : upper;
        Map<String, AttributeValue> readSecond = lowerFirst ? upper : lower;
        MigrationMapping mapping = MigrationMapping.parseJson(SocialTable.MAPPING_JSON);

        // an earlier run wrote the item the scan reads second (as a run killed with its segments at other places
        // than a fresh scan's would have), then a resumed one found the other and refused it
        client.deleteItem(b -> b.tableName(source).key(Map.of("PK", readFirst.get("PK"), "SK", readFirst.get("SK"))));
        Migration.Builder builder = Migration.builder().client(client).source(source).target(target)
                .mapping(mapping).segments(1).pageSize(5);
        assertThat(builder.checkpoint(CheckpointStore.inMemory()).build().run().written()).isEqualTo(20);
        SocialTable.load(client, source, List.of(readFirst));
        MigrationRun again = builder.checkpoint(CheckpointStore.inMemory()).build().run();
        assertThat(again.collisions()).as(again.describe()).isEqualTo(1);
        assertThat(MigrationItems.target(client, target, POST_2).get("title")).isEqualTo(readSecond.get("title"));

        MigrationVerification check = builder.build().verify();

        System.out.print(check.describe());
        assertThat(check.different()).as(check.describe()).isZero();
        assertThat(check.collisions()).as(check.describe()).isEqualTo(1);
        assertThat(check.missing()).isZero();
        assertThat(check.extra()).isZero();
        assertThat(check.target()).isEqualTo(20);
        assertThat(check.examples()).anyMatch(e -> e.startsWith(sourceKey(readFirst)) && e.contains("a collision"));

        // a target item of a collision that neither source item wrote as it is differs, once
        MigrationItems.putMoved(client, target, POST_2, "Post", Map.of("title", SocialTable.s("post 2, edited")));
        MigrationVerification edited = builder.build().verify();
        assertThat(edited.different()).as(edited.describe()).isEqualTo(1);
        assertThat(edited.collisions()).as(edited.describe()).isEqualTo(1);
        assertThat(edited.examples()).anyMatch(e -> e.contains("/post-2: different: ") && e.contains("title differs"));
    }

    @Test
    void everyKindOfFindingHasExamplesHoweverManyOfAnotherKindTheScanMeetsFirst() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String source = SocialTable.uniqueTable("verify-examples-source");
        String target = SocialTable.uniqueTable("verify-examples-target");
        SocialTable.createSource(client, source);
        SocialTable.createTarget(client, target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int pairs = 3 * Examples.LIMIT;
        for (int u = 0; u < pairs; u++) {
            String pk = "USER#" + SocialTable.user(u);
            items.add(CollisionAcrossPagesTest.post(pk, "POST#0001", "post 1 of " + u));
            items.add(CollisionAcrossPagesTest.post("USER#" + SocialTable.user(u).toString().toUpperCase(), "POST#0001",
                    "post 1 of " + u + " again"));
            items.add(Map.of("PK", SocialTable.s("DAY#2024-04-01"), "SK",
                    SocialTable.s(String.format("EVENT#2024-04-01T00:00:%02dZ#x%d", u, u)), "kind",
                    SocialTable.s("login"), "_kp_aliases", SocialTable.s("an old column")));
        }
        items.add(CollisionAcrossPagesTest.post("USER#" + SocialTable.user(pairs), "POST#0001", "changed later"));
        items.add(CollisionAcrossPagesTest.post("USER#" + SocialTable.user(pairs), "POST#0002", "removed later"));
        SocialTable.load(client, source, items);
        Migration migration = Migration.builder().client(client).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(2).build();
        migration.run();
        String user = "/user-" + SocialTable.user(pairs);
        MigrationItems.putMoved(client, target, user + "/post-1", "Post", Map.of("title", SocialTable.s("changed")));
        client.deleteItem(b -> b.tableName(target).key(MigrationItems.key(user + "/post-2")));
        MigrationItems.putMoved(client, target, user + "/post-3", "Post", Map.of("title", SocialTable.s("new")));

        MigrationVerification check = migration.verify();

        System.out.print(check.describe());
        assertThat(check.collisions()).isEqualTo(pairs);
        assertThat(check.cannotMove()).isEqualTo(pairs);
        assertThat(check.different()).isEqualTo(1);
        assertThat(check.missing()).isEqualTo(1);
        assertThat(check.extra()).isEqualTo(1);
        assertThat(check.examples()).as(check.describe())
                .anyMatch(e -> e.contains(user + "/post-1: different: title differs"))
                .anyMatch(e -> e.contains(user + "/post-2: missing"))
                .anyMatch(e -> e.contains("1 target items have no source item"))
                .anyMatch(e -> e.contains("a collision"))
                .anyMatch(e -> e.contains("cannot move"));
        // each collision named is the source item of the pair that the target item was not written from
        Map<String, String> titles = new java.util.HashMap<>();
        items.forEach(i -> titles.put(sourceKey(i), i.containsKey("title") ? i.get("title").s() : ""));
        List<String> named = check.examples().stream().filter(e -> e.endsWith("(a collision)")).toList();
        assertThat(named).hasSize(Examples.LIMIT);
        for (String example : named) {
            String refused = example.substring(0, example.indexOf(" -> "));
            String keyPath = example.substring(example.indexOf(" -> ") + 4, example.indexOf(": another"));
            assertThat(MigrationItems.target(client, target, keyPath).get("title").s()).as(example)
                    .isNotEqualTo(titles.get(refused)).startsWith(titles.get(refused).replace(" again", ""));
        }
    }

    /** Which of two items of {@code table} a scan of one segment reads first. */
    private static Map<String, AttributeValue> firstOf(DynamoDbClient client, String table,
                                                       Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        for (Map<String, AttributeValue> item : client.scanPaginator(r -> r.tableName(table)).items()) {
            if (item.get("PK").equals(a.get("PK")) && item.get("SK").equals(a.get("SK"))) {
                return a;
            }
            if (item.get("PK").equals(b.get("PK")) && item.get("SK").equals(b.get("SK"))) {
                return b;
            }
        }
        throw new AssertionError("neither item is in " + table);
    }

    private static String sourceKey(Map<String, AttributeValue> item) {
        return "PK=" + item.get("PK").s() + " SK=" + item.get("SK").s();
    }
}
