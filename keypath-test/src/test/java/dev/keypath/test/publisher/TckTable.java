package dev.keypath.test.publisher;

import dev.keypath.dynamodb.KeyPathAsyncTable;
import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import dev.keypath.dynamodb.Projection;
import dev.keypath.dynamodb.WriteBatch;
import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.test.TestDynamoDb;
import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The table the Reactive Streams TCK reads: {@value #ROWS} rows {@code /run-1/row-1} … {@code /run-1/row-64} on the
 * test engine, so that a read of rows 1 to n publishes exactly n items. Made and deleted by each TCK class.
 */
final class TckTable implements AutoCloseable {
    static final int ROWS = 64;
    static final long RUN = 1;

    /** One row; {@code seq} counts from 1, and {@code position} (an attribute a filter can read) is the same. */
    @ItemType(keyPath = "/run-{run}/row-{seq}")
    record Row(long run, long seq, long position, String label) {
    }

    /** The view a projected read builds. */
    record RowLabel(long seq, String label) {
    }

    static final Projection<RowLabel> LABELS = Projection.of(Row.class, RowLabel.class);

    private final String name;
    final KeyPathTable sync;
    final KeyPathAsyncTable async;

    private TckTable(String hint) {
        TestDynamoDb engine = TestDynamoDb.get();
        this.name = TestDynamoDb.uniqueTableName(hint);
        byte[] secret = ("tck-" + name).getBytes(StandardCharsets.UTF_8);
        this.sync = KeyPathTables.builder().client(engine.client()).tableName(name).register(Row.class)
                .pageTokenSecret(secret).build();
        this.async = KeyPathTables.asyncBuilder().client(engine.asyncClient()).tableName(name).register(Row.class)
                .pageTokenSecret(secret).build();
    }

    /** Creates the table and writes its rows. */
    static TckTable create(String hint) {
        TckTable t = new TckTable(hint);
        t.sync.bootstrap();
        WriteBatch.Builder rows = WriteBatch.builder();
        for (long seq = 1; seq <= ROWS; seq++) {
            rows.put(new Row(RUN, seq, seq, "row " + seq));
        }
        t.sync.batchWrite(rows.build());
        return t;
    }

    @Override
    public void close() {
        try {
            TestDynamoDb.get().client().deleteTable(r -> r.tableName(name));
        } catch (ResourceNotFoundException gone) {
            // nothing to delete
        }
    }
}
