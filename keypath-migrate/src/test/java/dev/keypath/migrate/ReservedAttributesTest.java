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
 * Source attributes named like the attributes keypath keeps in every item ({@code pk}, {@code sk}, {@code _type})
 * or gives a meaning ({@code _ttl}, {@code _kp_aliases}, {@code _kp_src}): such an item cannot move as it is, and
 * plan, run and verify say so; the mapping's rename moves it under another name, and verify reads the source as it
 * was.
 */
class ReservedAttributesTest {
    static final String USER = "USER#" + SocialTable.user(1);
    static final List<String> RESERVED = List.of("_type", "pk", "sk", "_ttl", "_kp_aliases", "_kp_src");

    static MigrationMapping mapping(String renames) {
        return MigrationMapping.parseJson("""
                {%s"entities": [{"name": "post", "pk": "USER#{userId:uuid}", "sk": "POST#{postId:int}",
                                 "keyPath": "/user-{userId}/post-{postId}", "type": "Post"}]}
                """.formatted(renames));
    }

    /** Ten posts, six of which carry one reserved-named attribute each. */
    static String[] tables(DynamoDbClient client, String hint) throws Exception {
        String source = SocialTable.uniqueTable(hint + "-source");
        String target = SocialTable.uniqueTable(hint + "-target");
        SocialTable.createSource(client, source);
        SocialTable.createTarget(client, target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int p = 1; p <= 10; p++) {
            java.util.LinkedHashMap<String, AttributeValue> item = new java.util.LinkedHashMap<>();
            item.put("PK", SocialTable.s(USER));
            item.put("SK", SocialTable.s("POST#" + p));
            item.put("title", SocialTable.s("post " + p));
            if (p <= RESERVED.size()) {
                item.put(RESERVED.get(p - 1), SocialTable.s("legacy " + p));
            }
            items.add(item);
        }
        SocialTable.load(client, source, items);
        return new String[] {source, target};
    }

    @Test
    void anItemWithAReservedAttributeCannotMoveAndEveryPhaseSaysWhy() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String[] t = tables(client, "reserved");
        Migration migration = Migration.builder().client(client).source(t[0]).target(t[1]).mapping(mapping(""))
                .segments(2).build();

        MigrationPlan plan = migration.plan();
        MigrationRun run = migration.run();
        MigrationVerification check = migration.verify();

        System.out.print(plan.describe() + run.describe() + check.describe());
        assertThat(plan.invalid()).as(plan.describe()).isEqualTo(RESERVED.size());
        assertThat(plan.mapped()).isEqualTo(10 - RESERVED.size());
        assertThat(plan.clean()).isFalse();
        for (String name : RESERVED) {
            assertThat(plan.invalidExamples()).anyMatch(e -> e.contains("'" + name + "'") && e.contains("rename"));
        }
        assertThat(run.invalid()).isEqualTo(RESERVED.size());
        assertThat(run.written()).isEqualTo(10 - RESERVED.size());
        assertThat(SocialTable.count(client, t[1])).isEqualTo(10 - RESERVED.size());
        assertThat(check.cannotMove()).isEqualTo(RESERVED.size());
        assertThat(check.clean()).as(check.describe()).isFalse();
    }

    @Test
    void renamedTheyMoveAndVerifyComparesWithTheSourceAsItWas() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String[] t = tables(client, "renamed");
        MigrationMapping renamed = mapping("""
                "rename": {"_type": "legacyType", "pk": "legacyPk", "sk": "legacySk", "_ttl": "legacyTtl",
                           "_kp_aliases": "legacyAliases", "_kp_src": "legacySrc"},
                """);
        Migration migration = Migration.builder().client(client).source(t[0]).target(t[1]).mapping(renamed)
                .segments(2).build();

        MigrationPlan plan = migration.plan();
        MigrationRun run = migration.run();
        MigrationVerification clean = migration.verify();

        assertThat(plan.clean()).as(plan.describe()).isTrue();
        assertThat(run.written()).isEqualTo(10);
        assertThat(clean.clean()).as(clean.describe()).isTrue();
        Map<String, AttributeValue> moved = MigrationItems.target(client, t[1], "/user-" + SocialTable.user(1) + "/post-1");
        assertThat(moved.get("legacyType").s()).isEqualTo("legacy 1");
        assertThat(moved.get("_type").s()).isEqualTo("Post");

        // a target item that lost the attribute, as a mapping that overwrote it would leave it: verify sees it
        MigrationItems.removeAttribute(client, t[1], "/user-" + SocialTable.user(1) + "/post-1", "legacyType");
        MigrationVerification lost = migration.verify();
        assertThat(lost.different()).as(lost.describe()).isEqualTo(1);
        assertThat(lost.examples()).anyMatch(e -> e.contains("POST#1") && e.contains("legacyType"));
    }

    @Test
    void verifyReadsTheSourceAsItWasNotAsTheMappingReadsIt() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String[] t = tables(client, "as-it-was");
        // the target as a mapping that let the item's own pk, sk and _type lose to the new ones, and copied the
        // other reserved names as they were, would have left it
        Migration migration = Migration.builder().client(client).source(t[0]).target(t[1]).mapping(mapping(""))
                .segments(2).build();
        for (int p = 1; p <= 10; p++) {
            Map<String, AttributeValue> attributes = new java.util.HashMap<>();
            attributes.put("title", SocialTable.s("post " + p));
            if (p > 3 && p <= RESERVED.size()) {
                attributes.put(RESERVED.get(p - 1), SocialTable.s("legacy " + p));
            }
            MigrationItems.putMoved(client, t[1], "/user-" + SocialTable.user(1) + "/post-" + p, "Post", attributes);
        }

        MigrationVerification check = migration.verify();

        System.out.print(check.describe());
        assertThat(check.clean()).as(check.describe()).isFalse();
        assertThat(check.cannotMove()).isEqualTo(RESERVED.size());
        assertThat(check.extra()).isEqualTo(RESERVED.size());
    }
}
