package dev.keypath.migrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.test.TestDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The progress a migration reports agrees with itself at every moment, and a target that is missing or not a
 * key-path table stops plan, run and verify alike before they read anything.
 */
class ProgressAndTargetTest {
    static final SocialTable SOCIAL = new SocialTable(20, 5, 2, 0, 0);
    static DynamoDbClient client;
    static String source;

    @BeforeAll
    static void loadTheSource() throws Exception {
        client = TestDynamoDb.get().client();
        source = SocialTable.uniqueTable("progress-source");
        SocialTable.createSource(client, source);
        SocialTable.load(client, source, SOCIAL.items());
    }

    static Migration.Builder migration(String target, List<MigrationProgress.Snapshot> seen) {
        return Migration.builder().client(client).source(source).target(target)
                .mapping(MigrationMapping.parseJson(SocialTable.MAPPING_JSON)).segments(2).pageSize(100)
                .progress(seen::add, Duration.ofMillis(50));
    }

    @Test
    void aRunNeverCountsItemsAsDoneBeforeTheyAreWritten() {
        String target = SocialTable.uniqueTable("progress-target");
        SocialTable.createTarget(client, target);
        List<MigrationProgress.Snapshot> seen = new CopyOnWriteArrayList<>();

        MigrationRun run = migration(target, seen).writeCapacity(150).build().run();

        assertThat(run.written()).isEqualTo(SOCIAL.mappedItems());
        assertThat(seen).hasSizeGreaterThan(5);
        // every item of this source moves: what is done and what is written differ only by the items in flight
        assertThat(seen).allSatisfy(s -> assertThat(s.scanned() - s.moved()).as(s.line()).isBetween(0L, 2L));
    }

    @Test
    void verifyTellsTheReadingOfTheTargetFromTheComparisonWithTheSource() {
        String target = SocialTable.uniqueTable("progress-verify");
        SocialTable.createTarget(client, target);
        migration(target, new CopyOnWriteArrayList<>()).build().run();
        List<MigrationProgress.Snapshot> seen = new CopyOnWriteArrayList<>();

        migration(target, seen).readCapacity(3).build().verify();

        List<String> lines = seen.stream().map(MigrationProgress.Snapshot::line).toList();
        System.out.println(String.join("\n", lines));
        assertThat(lines.get(0)).contains("target");
        assertThat(lines).noneMatch(l -> l.contains("(100%)") && l.contains(" 0 checked"));
    }

    @Test
    void aMissingTargetStopsPlanRunAndVerifyBeforeAnyRead() {
        CheckpointStore store = CheckpointStore.inMemory();
        Migration migration = migration("no-such-table", new CopyOnWriteArrayList<>()).checkpoint(store).build();

        for (Runnable phase : List.<Runnable>of(migration::plan, migration::run, migration::verify)) {
            assertThatThrownBy(phase::run).isInstanceOf(dev.keypath.dynamodb.KeyPathDynamoException.class)
                    .hasMessageContaining("no-such-table").hasMessageContaining("does not exist");
        }
        assertThat(store.load()).isEmpty();
    }

    @Test
    void aStringKeyedTargetStopsPlanRunAndVerifyBeforeAnyRead() {
        String target = SocialTable.uniqueTable("progress-strings");
        SocialTable.createSource(client, target);
        CheckpointStore store = CheckpointStore.inMemory();
        Migration migration = migration(target, new CopyOnWriteArrayList<>()).checkpoint(store).build();

        for (Runnable phase : List.<Runnable>of(migration::plan, migration::run, migration::verify)) {
            assertThatThrownBy(phase::run).isInstanceOf(dev.keypath.dynamodb.KeyPathDynamoException.class)
                    .hasMessageContaining(target).hasMessageContaining("pk HASH (B)");
        }
        assertThat(store.load()).isEmpty();
        assertThat(SocialTable.count(client, target)).isZero();
    }
}
