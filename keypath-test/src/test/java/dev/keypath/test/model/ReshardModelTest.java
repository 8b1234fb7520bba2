package dev.keypath.test.model;

import static org.quicktheories.QuickTheory.qt;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.model.ModelItems.Order;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The model-based test of a re-shard under way (docs/HOT-PARTITIONS.md, "Changing N"): random command sequences of
 * order writes and reads (puts in every mode with conditions, new sequence ids and expiries, updates and upserts,
 * deletes, gets, batch gets, queries of the table and of both indexes, counts, parallel scans) through instances
 * that declare the model's sharded, version-2 {@link Order} in its former layout (4 shards), the re-shard to 8
 * ({@code formerCount = 4}) and the new layout alone, interleaved with the re-shard's steps (the switch announced,
 * items moved, the re-shard recorded as finished) and clock moves that expire items. After every command each
 * instance that may read sees every acknowledged write, a write the layout record refuses changed nothing, and the
 * raw table holds each order once, where the step says; at the end every order is in the new layout, with its
 * schema version. A failure is shrunk by QuickTheories and printed as the Java list of its commands.
 *
 * <p>Size: {@code -Dkeypath.model.reshardCommands} commands in all (default {@value #CI_COMMANDS}, in sequences of
 * up to {@value #MAX_LENGTH}); {@code -Dkeypath.model.seed} replays one run.
 */
@KeyPathDynamoDb(types = Order.class, customizers = ModelItems.Settings.class)
class ReshardModelTest {
    static final int CI_COMMANDS = 100;
    static final int MAX_LENGTH = 20;

    @Injected
    private static KeyPathTable table;
    @Injected
    private static DynamoDbClient client;

    @Test
    void everyCommandSequenceDuringAReshardLeavesTheTableAsTheModelSays() {
        int commands = Integer.getInteger("keypath.model.reshardCommands", CI_COMMANDS);
        ReshardRun run = new ReshardRun(new RawTable(client, table.tableName()), table.tableName());
        QuickTheory theory = qt().withExamples(Math.max(1, commands * 2 / (MAX_LENGTH + 1)))
                .withShrinkCycles(Integer.getInteger("keypath.model.shrinkCycles", 200));
        Long seed = Long.getLong("keypath.model.seed");
        if (seed != null) {
            theory = theory.withFixedSeed(seed);
        }
        theory.forAll(ReshardScripts.scripts(1, MAX_LENGTH)).checkAssert(run::run);
    }
}
