package dev.keypath.test.model;

import static org.quicktheories.QuickTheory.qt;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import org.junit.jupiter.api.Test;
import org.quicktheories.QuickTheory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The model-based test of the whole item API: random command sequences (puts in every mode, updates of every kind,
 * deletes, subtree deletes, batches, transactions, read-modify-write units, gets, queries of the table and its
 * indexes, parallel scans, clock moves that expire items) run on both tables of one DynamoDB Local table and on
 * {@link ExpectedTable}, comparing every result, and the raw table at the end. A failure is shrunk by
 * QuickTheories and reported as the Java list of its commands, to keep in {@link ItemModelRegressionTest}.
 *
 * <p>Size: {@code -Dkeypath.model.commands} commands in all (default {@value #CI_COMMANDS}, in sequences of up to
 * {@value #MAX_LENGTH}); {@code -Dkeypath.model.seed} replays one run; {@code -Dkeypath.model.explore} steers around
 * known defects ({@link Exploration}).
 */
@KeyPathDynamoDb(types = {Account.class, Order.class, Note.class}, customizers = ModelItems.Settings.class)
class ItemModelTest {
    static final int CI_COMMANDS = 1_500;
    static final int MAX_LENGTH = 30;

    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    @Test
    void everyCommandSequenceLeavesTheTableAsTheModelSays() {
        int commands = Integer.getInteger("keypath.model.commands", CI_COMMANDS);
        Exploration explore = Exploration.fromSystemProperty();
        ModelRun run = new ModelRun(new Sut(table, async), new RawTable(client, table.tableName()), explore,
                Integer.getInteger("keypath.model.rawEvery", 10));
        int maxLength = Integer.getInteger("keypath.model.maxLength", MAX_LENGTH);
        QuickTheory theory = qt().withExamples(Math.max(1, commands * 2 / (maxLength + 1)))
                .withShrinkCycles(Integer.getInteger("keypath.model.shrinkCycles", 400));
        Long seed = Long.getLong("keypath.model.seed");
        if (seed != null) {
            theory = theory.withFixedSeed(seed);
        }
        theory.forAll(new CommandGenerators(explore).scripts(1, maxLength)).checkAssert(run::run);
    }
}
