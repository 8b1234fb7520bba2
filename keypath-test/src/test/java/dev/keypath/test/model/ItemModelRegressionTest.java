package dev.keypath.test.model;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.PutMode;
import dev.keypath.dynamodb.UpdateItem.Returning;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.test.Injected;
import dev.keypath.test.KeyPathDynamoDb;
import dev.keypath.test.model.Batches.TransactWrite;
import dev.keypath.test.model.ModelItems.Account;
import dev.keypath.test.model.ModelItems.Note;
import dev.keypath.test.model.ModelItems.Order;
import dev.keypath.test.model.Edit.Op;
import dev.keypath.test.model.Puts.Carry;
import dev.keypath.test.model.Puts.PutAccount;
import dev.keypath.test.model.Puts.PutNote;
import dev.keypath.test.model.Puts.PutOrder;
import dev.keypath.test.model.Reads.Tick;
import dev.keypath.test.model.Writes.Delete;
import dev.keypath.test.model.Writes.Expected;
import dev.keypath.test.model.Writes.Update;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The command sequences {@link ItemModelTest} found failing, shrunk, each replayed exactly as printed: one test per
 * fault it showed. Each result is compared as the command runs, and the stored table at the end.
 */
@KeyPathDynamoDb(types = {Account.class, Order.class, Note.class}, customizers = ModelItems.Settings.class)
class ItemModelRegressionTest {
    @Injected
    private static KeyPathTable table;
    @Injected
    private static KeyPathAsyncTable async;
    @Injected
    private static DynamoDbClient client;

    /** A put of a type with a unique key path skips the extensions. */
    @Test
    void aPutOfATypeWithAUniqueKeyPathRunsTheExtensions() {
        replay(List.of(
                new PutAccount(0, -1, "ann", null, null, null, null, null, Carry.FRESH, PutMode.REPLACE, Cond.NONE,
                        false)));
    }

    /** A null field is stored as NULL, and an update's arithmetic then fails on it. */
    @Test
    void aNullFieldIsAbsentSoArithmeticStartsFromZero() {
        replay(List.of(
                new PutOrder(0, -1, "open", null, null, null, null, null, null, Carry.FRESH, PutMode.REPLACE,
                        Cond.NONE, false),
                new PutOrder(0, -1, "open", null, null, null, null, 1L, null, Carry.FRESH, PutMode.REPLACE, Cond.NONE,
                        false),
                new Update(Kind.ORDER, 0, 0, List.of(new Edit(Op.DECREMENT, "qty", 1L, null)), false, Expected.NONE,
                        Cond.NONE, Returning.NEW, false)));
    }

    /** An update that removes the update time is refused before any request, as one of the version. */
    @Test
    void anUpdateThatRemovesTheUpdateTimeIsRefused() {
        replay(List.of(
                new PutOrder(0, -1, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new PutOrder(0, -1, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new Update(Kind.NOTE, 0, 0, List.of(new Edit(Op.REMOVE, "touched", null, null)), false,
                        Expected.NONE, Cond.NONE, Returning.NEW, false)));
    }

    /**
     * Found by the model: an update of the field a local index is built from writes a partition key attribute
     * ({@code byTotal_pk}) that a local index does not have and a put does not write.
     */
    @Test
    void anUpdateOfALocalIndexFieldWritesOnlyItsSortKey() {
        replay(List.of(
                new PutOrder(0, -1, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new Update(Kind.ORDER, 0, 0, List.of(new Edit(Op.SET, "total", 20L, null)), false, Expected.NONE,
                        Cond.NONE, Returning.NEW, false)));
    }

    /** An expired item is absent to writes too, so a create-only put over it succeeds. */
    @Test
    void aCreateOnlyPutOverAnExpiredItemSucceeds() {
        replay(List.of(
                new PutOrder(0, 3, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, -5L, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new Tick(15000L),
                new PutOrder(0, -1, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new PutOrder(0, -1, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.REPLACE, Cond.NONE, false),
                new PutOrder(0, 3, "open", null, Set.of(4L), Map.of(), List.of("l1"), 1L, null, Carry.FRESH,
                        PutMode.CREATE_ONLY, Cond.NONE, false)));
    }

    /** The model's own fault, kept so it stays fixed: a transaction's update names its item before the puts' ids. */
    @Test
    void aTransactionNamesItsItemsBeforeItsPutsAllocateIds() {
        replay(List.of(
                new TransactWrite(List.of(
                        new PutOrder(0, -1, "open", null, null, null, null, 1L, null, Carry.FRESH, PutMode.REPLACE,
                                Cond.NONE, false),
                        new PutNote(-1, "x", "t1", null, null, null, Carry.FRESH, PutMode.REPLACE, Cond.NONE, false),
                        new Update(Kind.ORDER, 0, 0, List.of(new Edit(Op.SET, "status", "paid", null)), false,
                                Expected.NONE, Cond.NONE, Returning.NONE, false)), false)));
    }

    /** A transaction with an update refused as it is declared sends nothing and allocates no sequence id. */
    @Test
    void aTransactionRefusedAsItIsDeclaredAllocatesNoId() {
        replay(List.of(
                new TransactWrite(List.of(
                        new PutOrder(0, -1, "open", null, null, null, null, 1L, null, Carry.FRESH, PutMode.REPLACE,
                                Cond.NONE, false),
                        new Update(Kind.ORDER, 0, 0, List.of(new Edit(Op.SET, "status", "paid", null),
                                new Edit(Op.SET, "created", 5L, null)), false, Expected.NONE, Cond.NONE,
                                Returning.NONE, false)), false)));
    }

    /** The model's own fault: a note put in a failed transaction has no id to stand on another note's path. */
    @Test
    void aFailedTransactionsNewNoteNamesNoOtherNote() {
        replay(List.of(
                new TransactWrite(List.of(
                        new PutNote(-1, "x", "t1", null, null, null, Carry.FRESH, PutMode.REPLACE, Cond.NONE, false),
                        new Delete(Kind.NOTE, 0, 0, Expected.CURRENT, Cond.NONE, false, false)), false)));
    }

    private static void replay(List<Command> commands) {
        new ModelRun(new Sut(table, async), new RawTable(client, table.tableName()), Exploration.NONE, 0)
                .run(new Script(commands));
    }
}
