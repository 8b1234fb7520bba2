package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.test.TestDynamoDb;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Two source items that map to one key path, wherever they fall: in two pages of one segment, in two segments, and
 * on both sides of a stopped and resumed run. The run writes the first, refuses the second, and counts it.
 */
class CollisionAcrossPagesTest {
    static final String LOWER = "USER#" + SocialTable.user(3);
    static final String UPPER = "USER#" + SocialTable.user(3).toString().toUpperCase();
    static final int POSTS = 200;

    @Test
    void everySecondWriteOfAKeyPathIsACollisionAcrossPagesSegmentsAndRestarts() throws Exception {
        DynamoDbClient client = TestDynamoDb.get().client();
        String source = SocialTable.uniqueTable("collide-source");
        String target = SocialTable.uniqueTable("collide-target");
        SocialTable.createSource(client, source);
        SocialTable.createTarget(client, target);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int p = 1; p <= POSTS; p++) {
            items.add(post(LOWER, String.format("POST#%04d", p), "post " + p));
        }
        items.add(post(LOWER, "POST#7", "post 7 again, in a later page"));        // sorts after POST#0200
        items.add(post(UPPER, "POST#0003", "post 3 again, in another partition")); // another segment, likely
        items.add(post(LOWER, "POST#12", "post 12 again, after the restart"));     // sorts after POST#0200 too
        items.add(post(UPPER, "POST#0500", "a post of its own"));
        SocialTable.load(client, source, items);
        MigrationMapping mapping = MigrationMapping.parseJson(SocialTable.MAPPING_JSON);
        StoppingStore store = new StoppingStore(6);
        Migration.Builder builder = Migration.builder().client(client).source(source).target(target)
                .mapping(mapping).segments(2).pageSize(10).checkpoint(store);

        assertThatThrownBy(() -> builder.build().run()).hasMessageContaining("stopped");
        MigrationRun run = builder.build().run();
        MigrationPlan plan = builder.build().plan();

        System.out.print(plan.describe() + run.describe());
        long inTarget = SocialTable.count(client, target);
        assertThat(inTarget).as("items in the target").isEqualTo(POSTS + 1);
        assertThat(run.written()).as(run.describe()).isEqualTo(inTarget);
        assertThat(run.collisions()).isEqualTo(3);
        // the examples are the resumed run's: post-3's collision may have come in the stopped one
        assertThat(run.collisionExamples()).hasSizeBetween(2, 3)
                .anyMatch(c -> c.keyPath().endsWith("/post-7") && c.second().endsWith("SK=POST#7"))
                .anyMatch(c -> c.keyPath().endsWith("/post-12") && c.second().endsWith("SK=POST#12"));
        assertThat(run.resumed()).isTrue();
        assertThat(plan.collisions()).isEqualTo(3);
        Map<String, AttributeValue> seven = MigrationItems.target(client, target, "/user-" + SocialTable.user(3)
                + "/post-7");
        assertThat(seven.get("title").s()).isEqualTo("post 7");
    }

    static Map<String, AttributeValue> post(String pk, String sk, String title) {
        return Map.of("PK", SocialTable.s(pk), "SK", SocialTable.s(sk), "title", SocialTable.s(title));
    }

    /** Keeps the checkpoint in memory and fails the save after {@code stopAfter} saves, once: a stopped run. */
    static final class StoppingStore implements CheckpointStore {
        private final CheckpointStore kept = CheckpointStore.inMemory();
        private final AtomicInteger saves = new AtomicInteger();
        private final int stopAfter;

        StoppingStore(int stopAfter) {
            this.stopAfter = stopAfter;
        }

        @Override
        public Optional<Checkpoint> load() {
            return kept.load();
        }

        @Override
        public void save(Checkpoint checkpoint) {
            if (saves.incrementAndGet() == stopAfter + 1) {
                throw new IllegalStateException("stopped after " + stopAfter + " saves");
            }
            kept.save(checkpoint);
        }
    }
}
