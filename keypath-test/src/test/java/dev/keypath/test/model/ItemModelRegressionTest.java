package dev.keypath.test.model;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The command sequences {@link ItemModelTest} found failing, shrunk, each replayed exactly as printed: one test per
 * defect it showed.
 */
@KeyPathDynamoDb(types = {Account.class, Order.class, Note.class}, customizers = ModelItems.Settings.class)
class ItemModelRegressionTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    private static void replay(List<Command> commands) {
        new ModelRun(new Sut(table, async), new RawTable(client, table.tableName()), Exploration.NONE, 1)
                .run(new Script(commands));
    }
}
